import { env } from 'cloudflare:workers'
import { beforeEach, describe, expect, it } from 'vitest'
import { feedGameweek, type LiveFeed } from '../../worker/services/live/feed'
import { pollLive } from '../../worker/services/live/poll'
import bootstrapCapture from '../fixtures/fpl/bootstrap-static.json'
import fixturesCapture from '../fixtures/fpl/fixtures.json'
import { jsonResponse, scriptedFetch } from './helpers/fpl'

// The live engine's poll on FPL's real 2025-26 answers (bootstrap-static and fixtures.json, GW37
// current): what it reads, when it polls next, and what it keeps when FPL is being updated.

type Fixture = (typeof fixturesCapture)[number]
const GW = 37
const MINUTE = 60_000
const gw37 = () => structuredClone(fixturesCapture.filter((f) => f.event === GW))
const statOf = (f: Fixture, identifier: string) => {
  const stat = f.stats.find((s) => s.identifier === identifier)
  return [...(stat?.h ?? []), ...(stat?.a ?? [])]
}

/** GW37's live points as FPL answered them after the gameweek: event_points, bonus in explain. */
function liveAnswer(fixtures: Fixture[], extra: Record<number, { points: number; goals?: number }> = {}) {
  const fixtureOfTeam = new Map(fixtures.flatMap((f) => [[f.team_h, f] as const, [f.team_a, f] as const]))
  return {
    elements: bootstrapCapture.elements.map((e) => {
      const fixture = fixtureOfTeam.get(e.team)
      const bonus = fixture ? (statOf(fixture, 'bonus').find((v) => v.element === e.id)?.value ?? 0) : 0
      return {
        id: e.id,
        stats: {
          minutes: e.event_points !== 0 ? 90 : 0,
          total_points: e.event_points + (extra[e.id]?.points ?? 0),
          bonus,
          goals_scored: extra[e.id]?.goals ?? 0,
        },
        explain: fixture
          ? [
              {
                fixture: fixture.id,
                stats: [
                  ...(extra[e.id]?.goals ? [{ identifier: 'goals_scored', points: extra[e.id]?.points ?? 0, value: extra[e.id]?.goals ?? 0 }] : []),
                  ...(bonus ? [{ identifier: 'bonus', points: bonus, value: bonus }] : []),
                ],
              },
            ]
          : [],
      }
    }),
  }
}

/**
 * FPL's answers for one poll. `inPlay` fixtures have kicked off and not finished, their bonus not
 * added yet (the points of their players are given without it): the gameweek is live.
 */
function fpl(options: { inPlay?: number; notStarted?: number; extra?: Record<number, { points: number; goals?: number }>; updating?: boolean } = {}) {
  const fixtures = gw37()
  const inPlay = fixtures.slice(0, options.inPlay ?? 0)
  for (const f of inPlay) {
    f.finished = false
    f.finished_provisional = false
    f.stats = f.stats.filter((s) => s.identifier !== 'bonus')
  }
  const notStarted = fixtures.slice(fixtures.length - (options.notStarted ?? 0))
  for (const f of notStarted) Object.assign(f, { started: false, finished: false, finished_provisional: false, stats: [] })
  const live = options.inPlay || options.notStarted
  const bootstrap = structuredClone(bootstrapCapture)
  const event = bootstrap.events.find((e) => e.id === GW)
  if (event && live) Object.assign(event, { finished: false, data_checked: false })
  const updating = () => new Response('<html><body>The game is being updated.</body></html>', { status: 503, headers: { 'content-type': 'text/html' } })
  return scriptedFetch({
    'bootstrap-static/': () => jsonResponse(bootstrap),
    'event-status/': () =>
      jsonResponse({ status: [{ bonus_added: !live, date: '2026-05-17', event: GW, points: live ? 'l' : 'r' }], leagues: live ? '' : 'Updated' }),
    'fixtures/': () => (options.updating ? updating() : jsonResponse(fixtures)),
    [`event/${GW}/live/`]: () => (options.updating ? updating() : jsonResponse(liveAnswer(fixtures, options.extra))),
  })
}

const NOW = Date.parse('2026-05-17T15:30:00Z')
const poll = (script: ReturnType<typeof fpl>, previous: LiveFeed | null, at = NOW) =>
  pollLive({ env, pollMs: MINUTE, fetch: script.fetch, now: () => at, sleep: async () => {} }, previous)
const kinds = (calls: string[]) => calls.map((url) => /api\/([a-z-]+)/.exec(url)?.[1]).sort()

beforeEach(async () => {
  // The KV cache of bootstrap-static and event-status starts empty in every test.
  for (const key of (await env.CACHE.list()).keys) await env.CACHE.delete(key.name)
})

describe('the live poll on real FPL answers', () => {
  it('reads a checked gameweek once and sleeps until the next deadline', async () => {
    const script = fpl()
    const { feed, changed, nextPollAt } = await poll(script, null)
    expect(changed).toBe(true)
    expect(feed).toMatchObject({ gen: 1, gameweek: GW, status: 'checked', updating: false, fetched_at: new Date(NOW).toISOString() })
    expect(kinds(script.calls)).toEqual(['bootstrap-static', 'event', 'event-status', 'fixtures'])
    // GW38's deadline is 2026-05-24T13:30Z: the poller wakes a minute after it, not before.
    expect(nextPollAt).toBe(Date.parse('2026-05-24T13:31:00Z'))
    // The feed keeps only players with data and the bonus lines FPL counted.
    expect(feed?.live.length).toBeLessThan(bootstrapCapture.elements.length)
    expect(feed?.fixtures).toHaveLength(10)
  })

  it('polls every minute while a match is in play, reading only fixtures and live points between state reads', async () => {
    const first = await poll(fpl({ inPlay: 3 }), null)
    expect(first.feed?.status).toBe('live')
    expect(first.nextPollAt).toBe(NOW + MINUTE)
    // The three fixtures in play have no bonus yet: it is projected from their bps.
    const gw = feedGameweek(first.feed as LiveFeed)
    const inPlay = gw37().slice(0, 3)
    const projected = inPlay.flatMap((f) => statOf(f, 'bonus').map((v) => [v.element, gw.element(v.element).projectedBonus]))
    expect(projected.length).toBeGreaterThan(0)
    expect(projected.every(([, bonus]) => (bonus ?? 0) > 0)).toBe(true)

    const script = fpl({ inPlay: 3 })
    const same = await poll(script, first.feed, NOW + MINUTE)
    expect(kinds(script.calls)).toEqual(['event', 'fixtures'])
    expect(same).toMatchObject({ changed: false, nextPollAt: NOW + 2 * MINUTE })
    expect(same.feed?.gen).toBe(1)
    expect(same.feed?.fetched_at).toBe(new Date(NOW + MINUTE).toISOString())

    // A goal for a player of a fixture in play: a new generation that names the change.
    const scorer = statOf(inPlay[0] as Fixture, 'bps')[0]?.element as number
    const goal = await poll(fpl({ inPlay: 3, extra: { [scorer]: { points: 6, goals: 1 } } }), same.feed, NOW + 2 * MINUTE)
    expect(goal.changed).toBe(true)
    expect(goal.feed?.gen).toBe(2)
    expect(goal.feed?.changes[0]).toMatchObject({ element: scorer, points: 6, events: ['goal'] })

    // Five minutes on, bootstrap-static and event-status are read again (from the KV cache when fresh).
    const later = fpl({ inPlay: 3 })
    await poll(later, goal.feed, NOW + 7 * MINUTE)
    expect(kinds(later.calls)).toEqual(['bootstrap-static', 'event', 'event-status', 'fixtures'])
  })

  it('reads the gameweek afresh as soon as the window closes, not from the state kept inside it', async () => {
    const inPlay = await poll(fpl({ inPlay: 3 }), null)
    // A minute later every match is over, the bonus added and the gameweek checked.
    const script = fpl()
    const after = await poll(script, inPlay.feed, NOW + MINUTE)
    expect(kinds(script.calls)).toEqual(['bootstrap-static', 'event', 'event-status', 'fixtures'])
    expect(after.feed).toMatchObject({ status: 'checked', event: { finished: true, data_checked: true } })
  })

  it('sleeps until a minute before the next kick-off when no match is in play', async () => {
    const script = fpl({ notStarted: 2 })
    const { feed, nextPollAt } = await poll(script, null)
    const kickoff = Math.min(
      ...gw37()
        .slice(8)
        .map((f) => Date.parse(f.kickoff_time as string)),
    )
    expect(feed?.status).toBe('live')
    expect(nextPollAt).toBe(Math.max(NOW + MINUTE, kickoff - MINUTE))
  })

  it('keeps the last good numbers, marked updating with their time, while FPL is being updated', async () => {
    const good = await poll(fpl({ inPlay: 3 }), null)
    const failing = await poll(fpl({ inPlay: 3, updating: true }), good.feed, NOW + MINUTE)
    expect(failing.changed).toBe(true)
    expect(failing.feed).toMatchObject({ gen: 2, updating: true, fetched_at: good.feed?.fetched_at, live: good.feed?.live })
    expect(failing.nextPollAt).toBe(NOW + 2 * MINUTE)
    // Still updating: nothing new to store or push.
    const still = await poll(fpl({ inPlay: 3, updating: true }), failing.feed, NOW + 2 * MINUTE)
    expect(still).toMatchObject({ changed: false })
    expect(still.feed?.gen).toBe(2)
    // Back: fresh numbers, no longer updating.
    const back = await poll(fpl({ inPlay: 3 }), still.feed, NOW + 3 * MINUTE)
    expect(back.feed).toMatchObject({ gen: 3, updating: false, fetched_at: new Date(NOW + 3 * MINUTE).toISOString() })
  })

  it('rests for hours, not a minute, when FPL is being updated after the last gameweek of the season', async () => {
    const good = await poll(fpl(), null)
    const last = { ...good.feed!, next_deadline: null }
    const failing = await poll(fpl({ updating: true }), last, NOW + MINUTE)
    expect(failing).toMatchObject({ changed: true, nextPollAt: null })
    expect(failing.feed).toMatchObject({ updating: true })
  })

  it('before the first deadline, wakes a minute after it when it is hours away and rests otherwise', async () => {
    const preSeason = structuredClone(bootstrapCapture)
    for (const e of preSeason.events) Object.assign(e, { is_previous: false, is_current: false, is_next: e.id === 1, finished: false, data_checked: false })
    const script = scriptedFetch({ 'bootstrap-static/': () => jsonResponse(preSeason), 'event-status/': () => jsonResponse({ status: [], leagues: '' }) })
    const firstDeadline = Date.parse(preSeason.events[0]!.deadline_time)
    expect(await poll(script, null, firstDeadline - 2 * 60 * MINUTE)).toEqual({ feed: null, changed: false, nextPollAt: firstDeadline + MINUTE })
    expect((await poll(script, null, firstDeadline - 7 * 60 * MINUTE)).nextPollAt).toBeNull()
    expect(kinds(script.calls)).toEqual(['bootstrap-static', 'bootstrap-static', 'event-status', 'event-status'])
  })
})
