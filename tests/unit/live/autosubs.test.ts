import { describe, expect, it } from 'vitest'
import { liveTeam } from '../../../worker/fpl/live'
import { ALL_DONE, type FixtureSpec, sheet, world } from './fixtures'

// The squad (fixtures.ts): 3-4-3 with GK 1, DEF 2 3 4, MID 5 6 7 8, FWD 9 10 11; bench 12 (GK),
// 13 (MID), 14 (DEF), 15 (FWD). Every fixture finished unless a test says otherwise; players not
// listed played 90 minutes for 2 points.

const subs = (live: Record<number, readonly [number, number]>, spec = {}) => liveTeam(world({ live }), sheet(spec)).auto_subs

describe('projected automatic substitutions', () => {
  it('replaces a starter with 0 minutes by the first bench player who played', () => {
    expect(subs({ 7: [0, 0] })).toEqual([{ out: 7, in: 13 }])
  })

  it('keeps the formation: a DEF is not replaced by a MID when only 2 DEF would remain', () => {
    // 2 out leaves 2 DEF: 13 (MID) would make 2-5-3, so 14 (DEF) comes in.
    expect(subs({ 2: [0, 0] })).toEqual([{ out: 2, in: 14 }])
  })

  it('makes no sub when no bench player keeps a valid formation', () => {
    // 2 out, and 14 (the only bench DEF) did not play: nobody can come in.
    expect(subs({ 2: [0, 0], 14: [0, 0] })).toEqual([])
  })

  it('keeps at least one forward', () => {
    // A 4-5-1 whose forward 9 did not play; bench 12 (GK), 90 (MID), 95 (DEF), 15 (FWD): only 15 keeps a forward.
    const fourFiveOne = { order: [1, 2, 3, 4, 14, 5, 6, 7, 8, 13, 9, 12, 90, 95, 15], captain: 5, vice: 6 }
    expect(subs({ 9: [0, 0] }, fourFiveOne)).toEqual([{ out: 9, in: 15 }])
  })

  it('keeps at least two midfielders', () => {
    // A 5-2-3 whose midfielder 5 did not play; bench 12 (GK), 15 (FWD), 94 (MID): only 94 keeps two.
    const fiveTwoThree = { order: [1, 2, 3, 4, 14, 93, 5, 6, 9, 10, 11, 12, 15, 94, 95] }
    expect(subs({ 5: [0, 0] }, fiveTwoThree)).toEqual([{ out: 5, in: 94 }])
  })

  it('subs several starters in position order, each against the formation the earlier subs left', () => {
    // All three forwards out: 13 (MID) for 9, 14 (DEF) for 10, then 11 is the last forward: only 15.
    expect(subs({ 9: [0, 0], 10: [0, 0], 11: [0, 0] })).toEqual([
      { out: 9, in: 13 },
      { out: 10, in: 14 },
      { out: 11, in: 15 },
    ])
  })

  it('uses the bench goalkeeper only for the goalkeeper', () => {
    expect(subs({ 1: [0, 0] })).toEqual([{ out: 1, in: 12 }])
    // An outfield player out: 12 played but is a GK, so 13 comes in.
    expect(subs({ 5: [0, 0] })).toEqual([{ out: 5, in: 13 }])
    // The goalkeeper out and the bench GK did not play: no outfield player goes in goal.
    expect(subs({ 1: [0, 0], 12: [0, 0] })).toEqual([])
  })

  it('skips bench players who have not played, in bench order', () => {
    expect(subs({ 7: [0, 0], 13: [0, 0] })).toEqual([{ out: 7, in: 14 }])
  })

  it('waits while the starter’s match is still to come, and subs once it is finished_provisional', () => {
    const fixtures = ALL_DONE.map((f) => (f.id === 103 ? { ...f, state: 'play' as const } : f))
    expect(liveTeam(world({ live: { 7: [0, 0] }, fixtures }), sheet()).auto_subs).toEqual([])
    const provisional = ALL_DONE.map((f) => (f.id === 103 ? { ...f, state: 'provisional' as const } : f))
    expect(liveTeam(world({ live: { 7: [0, 0] }, fixtures: provisional }), sheet()).auto_subs).toEqual([{ out: 7, in: 13 }])
  })

  it('makes none under Bench Boost', () => {
    expect(subs({ 7: [0, 0] }, { chip: 'bboost' })).toEqual([])
  })

  it('takes FPL’s automatic_subs once published, and the sheet as FPL laid it out', () => {
    // FPL processed: 13 at 7's slot. The engine would have projected nothing else (7 has points here).
    const processed = sheet({ order: [1, 2, 3, 4, 5, 6, 13, 8, 9, 10, 11, 12, 7, 14, 15], subs: [[7, 13]] })
    const team = liveTeam(world({ live: { 7: [0, 0] } }), processed)
    expect(team.auto_subs).toEqual([{ out: 7, in: 13 }])
    expect(team.picks.find((p) => p.element === 13)).toMatchObject({ position: 7, multiplier: 1, subbed_in: true })
    expect(team.picks.find((p) => p.element === 7)).toMatchObject({ position: 13, multiplier: 0, subbed_out: true })
  })

  it('lays the eleven out by type after the subs, as FPL does', () => {
    const team = liveTeam(world({ live: { 2: [0, 0] } }), sheet())
    // 14 takes 2's slot (2), 2 takes 14's (14); FPL orders the eleven by type and, within a type, by slot.
    expect(team.picks.map((p) => p.element)).toEqual([1, 14, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 2, 15])
    expect(team.picks.map((p) => p.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15])
  })
})

describe('a bench player whose match is still to come (decision 140)', () => {
  // 7 (MID, club 5: fixture 103 over) did not play. The first bench outfielder, 13 (MID, club 4),
  // plays in 102 (clubs 3 v 4), still on; 14 (DEF, club 6) and 15 (FWD, club 7) have played.
  const inPlay = ALL_DONE.map((f) => (f.id === 102 ? { ...f, state: 'play' as const } : f))
  const team = (live: Record<number, readonly [number, number]>, fixtures: readonly FixtureSpec[] = inPlay) => liveTeam(world({ live, fixtures }), sheet())

  it('makes the sub pending on him: nobody lower on the bench comes on ahead of him', () => {
    const t = team({ 7: [0, 0], 13: [0, 0] })
    // Before decision 140: 14 came on for 7 (+2), a sub FPL makes only if 13 ends on 0 minutes.
    expect(t.auto_subs).toEqual([])
    expect(t.pending_subs).toEqual([{ out: 7, waiting_for: 13 }])
    // The points that stand now: ten starters on 2, 7 on 0, captain 9's second 2.
    expect(t.live_points).toBe(10 * 2 + 2)
    expect(t.picks.filter((p) => p.sub_pending).map((p) => p.element)).toEqual([7, 13])
    expect(t.picks.find((p) => p.element === 7)).toMatchObject({ multiplier: 1, points: 0, subbed_out: false, position: 7 })
  })

  it('keeps him for that starter: a later starter gets the next bench player', () => {
    // 7 and 8 (both MID, club 5) did not play: 13 is kept for 7, so 14 (DEF) comes on for 8.
    const t = team({ 7: [0, 0], 8: [0, 0], 13: [0, 0] })
    expect(t.pending_subs).toEqual([{ out: 7, waiting_for: 13 }])
    expect(t.auto_subs).toEqual([{ out: 8, in: 14 }])
    expect(t.live_points).toBe(10 * 2 + 2)
  })

  it('settles once his match is over: he comes on if he played, the next one if he did not', () => {
    const over = ALL_DONE
    expect(team({ 7: [0, 0], 8: [0, 0], 13: [30, 1] }, over).auto_subs).toEqual([
      { out: 7, in: 13 },
      { out: 8, in: 14 },
    ])
    const blank = team({ 7: [0, 0], 8: [0, 0], 13: [0, 0] }, over)
    expect(blank.auto_subs).toEqual([
      { out: 7, in: 14 },
      { out: 8, in: 15 },
    ])
    expect(blank.pending_subs).toEqual([])
  })

  it('does not wait on a bench player who could not keep a valid formation', () => {
    // 2 (DEF) out leaves 2 DEF: 13 (MID, still to play) could never come on for him, 14 (DEF) does.
    const t = team({ 2: [0, 0], 13: [0, 0] })
    expect(t.pending_subs).toEqual([])
    expect(t.auto_subs).toEqual([{ out: 2, in: 14 }])
  })

  it('once FPL has made its subs, nothing is pending', () => {
    const processed = sheet({ order: [1, 2, 3, 4, 5, 6, 14, 8, 9, 10, 11, 12, 13, 7, 15], subs: [[7, 14]] })
    expect(liveTeam(world({ live: { 7: [0, 0], 13: [0, 0] }, fixtures: inPlay }), processed).pending_subs).toEqual([])
  })
})

describe('a card counts as playing (decision 140)', () => {
  // FPL: "Playing in a Gameweek means playing at least 1 minute or receiving a yellow / red card".
  // A player booked on the bench has 0 minutes, yellow_cards 1 and −1 point (explain yellow_cards).

  it('a starter booked without playing is not subbed out', () => {
    const t = liveTeam(world({ live: { 7: [0, -1, 1] } }), sheet())
    // Before decision 140: 13 came on for him (+3).
    expect(t.auto_subs).toEqual([])
    expect(t.live_points).toBe(10 * 2 - 1 + 2)
    expect([t.players_played, t.players_to_play]).toEqual([11, 0])
    expect(t.picks.find((p) => p.element === 7)).toMatchObject({ played: true, minutes: 0, multiplier: 1 })
  })

  it('a bench player booked without playing comes on', () => {
    const t = liveTeam(world({ live: { 7: [0, 0], 13: [0, -1, 1] } }), sheet())
    // Before decision 140: 13 was passed over and 14 came on (+3).
    expect(t.auto_subs).toEqual([{ out: 7, in: 13 }])
    expect(t.live_points).toBe(10 * 2 - 1 + 2)
  })
})
