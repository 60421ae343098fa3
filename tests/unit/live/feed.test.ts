import { describe, expect, it } from 'vitest'
import { liveGameweek } from '../../../worker/fpl/live'
import type { FplFixture, FplLive } from '../../../worker/fpl/schemas'
import { feedChanges, feedGameweek, type LiveFeed, slimFixture, slimLive } from '../../../worker/services/live/feed'
import { liveFeed } from '../../worker/helpers/live'
import { realBootstrap, realLiveGw1Trimmed } from '../stats/fixtures'
import { realFixtures } from './fixtures'

// GW1 2025-26, fixture 9: Manchester United 0-1 Arsenal (real captures: event-live.json holds ten
// Arsenal players with FPL's per-fixture `explain`; fixtures.json the match's bps and bonus). Raya
// (1, GK): 90 minutes (2), clean sheet (4), yellow card (−1), 7 saves (2), bonus 3: 10 points.

type LiveElement = FplLive['elements'][number]
type Line = { identifier: string; value: number; points: number }

const bootstrap = realBootstrap()

function fixture9(edit: (f: FplFixture) => FplFixture = (f) => f): FplFixture {
  const f = realFixtures().find((x) => x.id === 9)
  if (!f) throw new Error('fixture 9 missing')
  return edit(structuredClone(f))
}

/** The match at full time before FPL adds its bonus: not finished, no bonus stat. */
const beforeBonus = (f: FplFixture): FplFixture => ({ ...f, finished: false, stats: f.stats.filter((s) => s.identifier !== 'bonus') })

/** One element's explain for fixture 9, edited. */
function withLines(e: LiveElement, edit: (lines: Line[]) => Line[], stats: Partial<LiveElement['stats']> = {}): LiveElement {
  const lines = edit((e.explain?.[0]?.stats ?? []).map((s) => ({ identifier: s.identifier, value: Number(s.value), points: s.points })))
  return { ...e, stats: { ...e.stats, ...stats, total_points: lines.reduce((sum, l) => sum + l.points, 0) }, explain: [{ fixture: 9, stats: lines }] }
}

/** The capture with the bonus not yet in anybody's points (as FPL answers before adding it). */
function liveBeforeBonus(): FplLive {
  return { elements: realLiveGw1Trimmed().elements.map((e) => withLines(e, (lines) => lines.filter((l) => l.identifier !== 'bonus'), { bonus: 0 })) }
}

function feed(gen: number, live: FplLive, fixture: FplFixture): LiveFeed {
  return liveFeed(gen, 1, {
    fetched_at: null,
    elements: bootstrap.elements.map((e): [number, number, number, string] => [e.id, e.element_type, e.team, e.web_name]),
    teams: bootstrap.teams.map((t): [number, string] => [t.id, t.short_name]),
    live: slimLive(live),
    fixtures: [slimFixture(fixture)],
  })
}

const setBps = (f: FplFixture, element: number, value: number): FplFixture => ({
  ...f,
  stats: f.stats.map((s) => (s.identifier === 'bps' ? { ...s, a: s.a.map((v) => (v.element === element ? { ...v, value } : v)) } : s)),
})

describe('the feed keeps what the engine reads', () => {
  it('a gameweek rebuilt from the slim feed reads the same as from FPL’s whole answer (points, played, lines)', () => {
    const live = realLiveGw1Trimmed()
    const fixture = fixture9()
    const whole = liveGameweek({
      gameweek: 1,
      event: { finished: false, data_checked: false },
      elements: bootstrap.elements,
      teams: bootstrap.teams,
      live,
      fixtures: [fixture],
      eventStatus: null,
    })
    const slim = feedGameweek(feed(1, live, fixture))
    for (const { id } of live.elements) {
      expect(slim.element(id)).toEqual(whole.element(id))
      expect(slim.pointLines(id)).toEqual(whole.pointLines(id))
    }
    // Timber (8): 19 minutes, a yellow card; Raya's lines are FPL's, in FPL's order.
    expect(slim.element(8)).toMatchObject({ played: true, points: 0 })
    expect(slim.pointLines(1).map((l) => [l.identifier, l.value, l.points])).toEqual([
      ['minutes', 90, 2],
      ['clean_sheets', 1, 4],
      ['yellow_cards', 1, -1],
      ['saves', 7, 2],
      ['bonus', 3, 3],
    ])
  })

  it('keeps the score and the minute of each fixture, and the clubs’ short names', () => {
    const f = slimFixture(fixture9())
    expect(f).toMatchObject({ id: 9, team_h: 14, team_a: 1, team_h_score: 0, team_a_score: 1, minutes: 90 })
    const gw = feedGameweek(feed(1, realLiveGw1Trimmed(), fixture9()))
    expect([gw.clubName(14), gw.clubName(1)]).toEqual(['MUN', 'ARS'])
  })
})

describe('the swing feed names the real event (decision 140)', () => {
  it('Raya at the hour: an appearance point, a clean sheet and two more projected bonus, in MUN 0-1 ARS', () => {
    // Before: 59 minutes (1), no clean sheet yet, yellow (−1), 7 saves (2) = 2; bps 24, third: 1 projected.
    const early = liveBeforeBonus()
    early.elements = early.elements.map((e) =>
      e.id === 1
        ? withLines(
            e,
            (lines) => lines.filter((l) => l.identifier !== 'clean_sheets').map((l) => (l.identifier === 'minutes' ? { ...l, value: 59, points: 1 } : l)),
            {
              minutes: 59,
              clean_sheets: 0,
            },
          )
        : e,
    )
    const before = feed(1, early, setBps(beforeBonus(fixture9()), 1, 24))
    // After: the capture (bonus not added yet), the match at 60 minutes, Raya top on bps 38: 3 projected.
    const after = feed(2, liveBeforeBonus(), { ...beforeBonus(fixture9()), minutes: 60 })
    const changes = feedChanges(before, after)
    const raya = changes.find((c) => c.element === 1)
    expect(raya).toEqual({
      element: 1,
      points: 1 + 4 + 2,
      events: ['appearance', 'clean sheet', 'projected bonus'],
      reasons: [
        { identifier: 'minutes', words: 'appearance', points: 1 },
        { identifier: 'clean_sheets', words: 'clean sheet', points: 4 },
        { identifier: 'projected_bonus', words: 'projected bonus', points: 2 },
      ],
      match: { fixture: 9, label: 'MUN 0-1 ARS', minute: 60 },
    })
    // Raya overtook them on bps: Calafiori (7) 3 → 2, Saliba (6) 2 → 1 projected.
    expect(changes.find((c) => c.element === 7)).toMatchObject({
      points: -1,
      events: ['projected bonus'],
      reasons: [{ identifier: 'projected_bonus', points: -1 }],
    })
    expect(changes.find((c) => c.element === 6)).toMatchObject({ points: -1, events: ['projected bonus'] })
    // The reasons always add up to the change.
    for (const c of changes) expect(c.reasons.reduce((sum, r) => sum + r.points, 0)).toBe(c.points)
  })

  it('a forward reaching 60 minutes gets an appearance point, not a clean sheet', () => {
    // Gyökeres-shaped forward of Arsenal: FPL's clean_sheets stat turns 1 at 60 minutes, but a
    // forward scores nothing for it and his explain has no clean_sheets line.
    const forward = bootstrap.elements.find((e) => e.team === 1 && e.element_type === 4)
    if (!forward) throw new Error('no Arsenal forward')
    const at = (minutes: number, clean_sheets: number): FplLive => ({
      elements: [
        ...liveBeforeBonus().elements,
        {
          id: forward.id,
          stats: { minutes, total_points: minutes >= 60 ? 2 : 1, clean_sheets },
          explain: [{ fixture: 9, stats: [{ identifier: 'minutes', value: minutes, points: minutes >= 60 ? 2 : 1 }] }],
        },
      ],
    })
    const changes = feedChanges(feed(1, at(59, 0), beforeBonus(fixture9())), feed(2, at(60, 1), beforeBonus(fixture9())))
    // Before decision 140: "clean sheet", +1.
    expect(changes.find((c) => c.element === forward.id)).toMatchObject({
      points: 1,
      events: ['appearance'],
      reasons: [{ identifier: 'minutes', words: 'appearance', points: 1 }],
    })
  })

  it('bonus moving from projected to awarded to FPL’s points: named as it moves, never a swing when the points stay', () => {
    const projected = feed(1, liveBeforeBonus(), beforeBonus(fixture9()))
    // The fixtures answer has the awarded bonus; the live answer not yet (between two polls).
    const awarded = feed(2, liveBeforeBonus(), fixture9())
    const confirm = feedChanges(projected, awarded)
    expect(confirm.find((c) => c.element === 1)).toMatchObject({
      points: 0,
      reasons: [
        { identifier: 'bonus', words: 'bonus', points: 3 },
        { identifier: 'projected_bonus', words: 'projected bonus', points: -3 },
      ],
    })
    // The next poll: FPL's live points hold the bonus (explain bonus line): no change at all.
    expect(feedChanges(awarded, feed(3, realLiveGw1Trimmed(), fixture9()))).toEqual([])
  })
})
