import { describe, expect, it } from 'vitest'
import { bonusFromBps, liveGameweek, liveTeam } from '../../../worker/fpl/live'
import { fixtureBps } from '../../../worker/fpl/live/bonus'
import type { FplFixture, FplLive } from '../../../worker/fpl/schemas'
import { realBootstrap, realLiveGw1Trimmed, realPicksAltGw1 } from '../stats/fixtures'
import { fixtureStat, gw37Input, realFixtures, realPicksGw37, unprocessed } from './fixtures'

// Team 3122849, GW37 2025-26 (tests/fixtures/fpl/entry-event-picks.json): FPL scored it 67
// (`entry_history.points`), no hit, captain Haaland (430), two automatic subs: Thiago (136) for
// Reijnders (427) and Botman (475) for João Pedro (249).
const FPL_POINTS = 67

describe('GW37 2025-26, real captures: the bonus FPL awarded is the bonus projected from bps', () => {
  const fixtures = realFixtures().filter((f) => f.event === 37)

  it.each(fixtures.map((f) => [f.id, f] as const))('fixture %i', (_id, f) => {
    expect(bonusFromBps(fixtureBps(f))).toEqual(fixtureStat(f, 'bonus'))
  })

  it('covers the tie shapes that happened: two tied first, two tied second, three tied second', () => {
    const shapes = fixtures.map((f) => [...fixtureStat(f, 'bonus').values()].sort((a, b) => b - a).join(','))
    expect(shapes.filter((s) => s === '3,2,1')).toHaveLength(7)
    expect(shapes).toContain('3,3,1') // fixture 365: 237 and 246 level on 46 bps
    expect(shapes).toContain('3,2,2') // fixture 369: 52 and 714 level on 35
    expect(shapes).toContain('3,2,2,2') // fixture 361: 6, 7 and Saka (16) level on 27
  })
})

describe('GW37 2025-26, real captures: team 3122849', () => {
  it('recomputes FPL’s 67 points from its processed sheet, with FPL’s subs and multipliers', () => {
    const picks = realPicksGw37()
    const team = liveTeam(liveGameweek(gw37Input()), picks)
    expect(team.live_points).toBe(picks.entry_history.points - picks.entry_history.event_transfers_cost)
    expect(team.live_points).toBe(FPL_POINTS)
    expect(team.auto_subs).toEqual([
      { out: 427, in: 136 },
      { out: 249, in: 475 },
    ])
    expect(team.picks.map((p) => [p.element, p.position, p.multiplier])).toEqual(picks.picks.map((p) => [p.element, p.position, p.multiplier]))
    expect(team.projected_bonus).toBe(0) // every GW37 bonus is added
    expect(team.captain).toEqual({ element: 430, name: 'Haaland', points: 9, multiplier: 2, played: true })
    expect(team.vice_captain).toEqual({ element: 119, name: 'Mbeumo', played: true })
    expect([team.players_played, team.players_to_play]).toEqual([11, 0])
  })

  it('with FPL’s subs hidden, projects the same two subs, the same sheet and the same 67', () => {
    const picks = realPicksGw37()
    const asPicked = unprocessed(picks)
    expect(asPicked.picks.slice(8, 10).map((p) => p.element)).toEqual([427, 249]) // 427 and 249 started
    const team = liveTeam(liveGameweek(gw37Input()), asPicked)
    expect(team.auto_subs).toEqual(picks.automatic_subs.map((s) => ({ out: s.element_out, in: s.element_in })))
    expect(team.picks.map((p) => [p.element, p.position, p.multiplier])).toEqual(picks.picks.map((p) => [p.element, p.position, p.multiplier]))
    expect(team.live_points).toBe(FPL_POINTS)
    expect(team.picks.filter((p) => p.subbed_in).map((p) => p.element)).toEqual([475, 136])
    expect(team.picks.filter((p) => p.subbed_out).map((p) => p.element)).toEqual([427, 249])
  })

  it('before the bonus is added, projects it from bps and still reaches 67', () => {
    const gw = liveGameweek(gw37Input({ bonusPending: true }))
    const team = liveTeam(gw, unprocessed(realPicksGw37()))
    // Saka 2 (fixture 361, three tied second), Anderson 3 (368), Haaland 3 × 2 (363).
    expect(team.projected_bonus).toBe(2 + 3 + 3 * 2)
    expect(team.live_points).toBe(FPL_POINTS)
    expect(gw.element(16)).toMatchObject({ projectedBonus: 2, points: 10 })
    expect(gw.status).toBe('live')
  })

  it('event-status bonus_added alone changes nothing: while the live answer lacks the bonus it is projected, and still reaches 67', () => {
    const days = [
      ...new Set(
        realFixtures()
          .filter((f) => f.event === 37)
          .map((f) => f.kickoff_time?.slice(0, 10) ?? ''),
      ),
    ]
    const eventStatus = { status: days.map((date) => ({ bonus_added: true, date, event: 37, points: 'p' })), leagues: 'Updating' }
    const team = liveTeam(liveGameweek(gw37Input({ bonusPending: true, eventStatus })), unprocessed(realPicksGw37()))
    // Before decision 140 the bonus counted zero times here (67 − 11).
    expect(team.projected_bonus).toBe(11)
    expect(team.live_points).toBe(FPL_POINTS)
  })

  it('between two polls (fixtures show the awarded bonus, the live points not yet): the bonus counts once, as bonus, and still 67', () => {
    const gw = liveGameweek(gw37Input({ bonusInFixturesOnly: true }))
    const team = liveTeam(gw, unprocessed(realPicksGw37()))
    // Before decision 140: 67 − 11 (the fixtures' bonus stopped the projection, the points lacked it).
    expect(team.live_points).toBe(FPL_POINTS)
    expect(team.projected_bonus).toBe(0)
    // Haaland (430): 6 points in the live answer, 3 awarded in fixture 363 → 9, the bonus labelled as bonus.
    expect(gw.element(430)).toMatchObject({ points: 9, unaddedBonus: 3, projectedBonus: 0 })
    expect(team.picks.find((p) => p.element === 430)?.breakdown).toContainEqual({ identifier: 'bonus', value: 3, points: 3 })
    // The next poll: the live answer has it (explain bonus line, points 9): nothing added, still 67.
    expect(liveTeam(liveGameweek(gw37Input()), unprocessed(realPicksGw37())).live_points).toBe(FPL_POINTS)
  })
})

describe('GW1 2025-26, real live capture (event-live.json: 10 Arsenal players of fixture 9)', () => {
  const input = () => {
    const fixture = realFixtures().find((f) => f.id === 9)
    if (!fixture) throw new Error('fixture 9 missing')
    return { fixture, live: realLiveGw1Trimmed() }
  }
  const gameweek = (fixture: FplFixture, live: FplLive) =>
    liveGameweek({
      gameweek: 1,
      event: { finished: false, data_checked: false },
      elements: realBootstrap().elements,
      live,
      fixtures: [fixture],
      eventStatus: null,
    })

  it('its explain carries the bonus FPL added, so nothing is projected even while the fixture’s bonus stat lags', () => {
    const { fixture, live } = input()
    const lagging = { ...fixture, stats: fixture.stats.filter((s) => s.identifier !== 'bonus') }
    const gw = gameweek(lagging, live)
    expect(gw.element(1)).toMatchObject({ points: 10, projectedBonus: 0, minutes: 90, state: 'finished' }) // Raya: 3 bonus inside his 10
    expect(gw.element(7)).toMatchObject({ points: 13, projectedBonus: 0 })
  })

  it('with the bonus taken out of explain and points too, projects FPL’s 3, 2, 1 from the fixture’s bps', () => {
    const { fixture, live } = input()
    const lagging = { ...fixture, stats: fixture.stats.filter((s) => s.identifier !== 'bonus') }
    const before: FplLive = {
      elements: live.elements.map((e) => ({
        ...e,
        stats: { ...e.stats, total_points: e.stats.total_points - (e.stats.bonus ?? 0), bonus: 0 },
        explain: e.explain?.map((x) => ({ ...x, stats: x.stats.filter((s) => s.identifier !== 'bonus') })),
      })),
    }
    const gw = gameweek(lagging, before)
    expect([1, 7, 6].map((e) => gw.element(e).projectedBonus)).toEqual([3, 2, 1])
    expect([1, 7, 6].map((e) => gw.element(e).points)).toEqual([10, 13, 9])
  })
})

describe('GW1 2025-26, real sheet of team 1 (three automatic subs, the vice among them)', () => {
  // FPL subbed Pickford (287) for the goalkeeper Ederson (399, the vice), Robertson (372) for
  // Gvardiol (403) and Mateta (283) for Maddison (581), passing over Kluivert (81), who did not play.
  // No full GW1 live capture exists: every player here played 90 minutes for 2 points except those four.
  const gw = () => {
    const zero = new Set([399, 403, 581, 81])
    const elements = realBootstrap().elements
    const live: FplLive = { elements: elements.map((e) => ({ id: e.id, stats: { minutes: zero.has(e.id) ? 0 : 90, total_points: zero.has(e.id) ? 0 : 2 } })) }
    // The live points are hand-set (flat 2s, no explain), so the fixtures' bps and awarded bonus,
    // which FPL's live points would hold, are left out: this sheet is about the subs.
    const fixtures = realFixtures()
      .filter((f) => f.event === 1)
      .map((f) => ({ ...f, stats: [] }))
    return liveGameweek({ gameweek: 1, event: { finished: true, data_checked: true }, elements, live, fixtures, eventStatus: null })
  }

  it('with FPL’s subs hidden, projects FPL’s three subs in its order and its processed layout', () => {
    const picks = realPicksAltGw1()
    const team = liveTeam(gw(), unprocessed(picks))
    expect(team.auto_subs).toEqual(picks.automatic_subs.map((s) => ({ out: s.element_out, in: s.element_in })))
    expect(team.picks.map((p) => [p.element, p.position, p.multiplier])).toEqual(picks.picks.map((p) => [p.element, p.position, p.multiplier]))
    expect(team.live_points).toBe(10 * 2 + 2 * 2) // ten on 2, Bowen (624) captain ×2
    expect(team.vice_captain).toEqual({ element: 399, name: 'Ederson M.', played: false })
  })
})
