import { describe, expect, it, vi } from 'vitest'
import { createFplClient, FPL_USER_AGENT, parseRetryAfter, RequestBudget } from '../../worker/fpl/client'
import {
  FplBudgetExceededError,
  FplHttpError,
  FplNotFoundError,
  FplRateLimitedError,
  FplShapeError,
  FplTimeoutError,
  FplUpdatingError,
} from '../../worker/fpl/errors'
import { MAX_HOLD_MS } from '../../worker/fpl/guard'
import bootstrap from '../fixtures/fpl/bootstrap-static.json'
import entry from '../fixtures/fpl/entry.json'
import entryAlt from '../fixtures/fpl/entry-alt-entry1-2025-26-end.json'
import picks from '../fixtures/fpl/entry-event-picks.json'
import picksAlt from '../fixtures/fpl/entry-event-picks-alt-entry1-gw1-2025-26.json'
import history from '../fixtures/fpl/entry-history.json'
import live from '../fixtures/fpl/event-live.json'
import liveFull from '../fixtures/fpl/event-live-2022-23-gw1-full.json'
import liveFuture from '../fixtures/fpl/event-live-future-gw-empty.json'
import eventStatus from '../fixtures/fpl/event-status.json'
import standings from '../fixtures/fpl/leagues-classic-standings-page1.json'
import standings2024 from '../fixtures/fpl/leagues-classic-standings-results-2024-25.json'
import { jsonResponse, scriptedFetch } from './helpers/fpl'

const BASE = 'https://fpl.test/api'
const noSleep = vi.fn(async () => {})
const client = (fetch: typeof globalThis.fetch, options: Partial<Parameters<typeof createFplClient>[0]> = {}) =>
  createFplClient({ baseUrl: BASE, fetch, sleep: noSleep, random: () => 0.5, ...options })
const updatingPage = () =>
  new Response('<html><body><p>The game is being updated.</p></body></html>', { status: 503, headers: { 'content-type': 'text/html' } })

describe('parsing the real captured responses', () => {
  it('parses every endpoint shape', async () => {
    const { fetch } = scriptedFetch({
      'bootstrap-static/': () => jsonResponse(bootstrap),
      'leagues-classic/204960/standings/': () => jsonResponse(standings),
      'entry/3122849/': () => jsonResponse(entry),
      'entry/1/': () => jsonResponse(entryAlt),
      'entry/1/history/': () => jsonResponse(history),
      'entry/3122849/event/37/picks/': () => jsonResponse(picks),
      'entry/1/event/1/picks/': () => jsonResponse(picksAlt),
      'event/1/live/': () => jsonResponse(live),
      'event/2/live/': () => jsonResponse(liveFull),
      'event/10/live/': () => jsonResponse(liveFuture),
      'event-status/': () => jsonResponse(eventStatus),
    })
    const fpl = client(fetch)
    const b = await fpl.bootstrap()
    expect(b.events).toHaveLength(38)
    expect(b.phases.map((p) => p.name)).toContain('August')
    expect(b.elements.length).toBeGreaterThan(800)
    expect(b.events.find((e) => e.is_current)?.id).toBe(37)

    const s = await fpl.standingsPage(204960, 1)
    expect(s.league.name).toBe("Slaven Bilic's Robot Legs")
    expect(s.standings.has_next).toBe(false)
    expect(s.standings.results[0]).toMatchObject({ entry: 1114406, entry_name: 'RavishingGrimsbyness', total: 2552, rank: 1 })

    expect((await fpl.entry(3122849)).leagues.classic.length).toBeGreaterThan(0)
    expect((await fpl.entry(1)).id).toBe(1)
    const h = await fpl.history(1)
    expect(h.current).toHaveLength(38)
    // total_points is cumulative net of hits
    expect(h.current[1]!.total_points).toBe(h.current[0]!.total_points + h.current[1]!.points - h.current[1]!.event_transfers_cost)
    const p = await fpl.picks(3122849, 37)
    expect(p.automatic_subs).toHaveLength(2)
    expect(p.picks.find((x) => x.is_captain)?.multiplier).toBe(2)
    expect((await fpl.picks(1, 1)).automatic_subs).toHaveLength(3)
    expect((await fpl.live(1)).elements[0]!.stats.total_points).toBe(10)
    expect((await fpl.live(2)).elements.length).toBe(573)
    expect((await fpl.live(10)).elements).toEqual([])
    expect((await fpl.eventStatus()).leagues).toBe('Updated')
  })

  it('accepts the 2024-25 standings rows and the 2026-27 drift (no id, no has_played)', async () => {
    const drifted = (standings2024 as Array<Record<string, unknown>>)
      .slice(0, 50)
      .map(({ id: _id, has_played: _played, ...row }) => ({ ...row, club_badge_src: null }))
    const { fetch } = scriptedFetch({
      'standings/': () =>
        jsonResponse({
          league: { id: 314, name: 'Overall' },
          standings: { has_next: true, page: 1, results: drifted },
          new_entries: { has_next: false, page: 1, results: [] },
        }),
    })
    const page = await client(fetch).standingsPage(314, 1)
    expect(page.standings.results).toHaveLength(50)
    expect(page.standings.has_next).toBe(true)
  })
})

describe('faults', () => {
  it('recognises "The game is being updated." as its own state and retries it', async () => {
    const { fetch, calls } = scriptedFetch({ 'bootstrap-static/': updatingPage })
    await expect(client(fetch, { retries: 2 }).bootstrap()).rejects.toBeInstanceOf(FplUpdatingError)
    expect(calls).toHaveLength(3)
  })

  it('treats any non-JSON 200 as the updating state, never as data', async () => {
    const { fetch } = scriptedFetch({
      'event-status/': () => new Response('<!doctype html><div id="root"></div>', { headers: { 'content-type': 'text/html' } }),
    })
    await expect(client(fetch, { retries: 0 }).eventStatus()).rejects.toBeInstanceOf(FplUpdatingError)
  })

  it('honours Retry-After on 429 and then succeeds', async () => {
    let n = 0
    const { fetch } = scriptedFetch({
      'event-status/': () => (++n === 1 ? new Response('Too many', { status: 429, headers: { 'Retry-After': '2' } }) : jsonResponse(eventStatus)),
    })
    const sleep = vi.fn(async () => {})
    await expect(client(fetch, { sleep }).eventStatus()).resolves.toMatchObject({ leagues: 'Updated' })
    expect(sleep).toHaveBeenCalledWith(2000)
  })

  it('gives up on a Retry-After longer than it is willing to wait', async () => {
    const { fetch, calls } = scriptedFetch({ 'event-status/': () => new Response('', { status: 429, headers: { 'Retry-After': '3600' } }) })
    const error = await client(fetch)
      .eventStatus()
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FplRateLimitedError)
    // An hour asked, five minutes honoured (decision 153): the hold it sets is capped too.
    expect((error as FplRateLimitedError).retryAfterMs).toBe(MAX_HOLD_MS)
    expect(calls).toHaveLength(1)
  })

  it('backs off exponentially with jitter, capped', async () => {
    const { fetch } = scriptedFetch({ 'event-status/': () => new Response('boom', { status: 502 }) })
    const sleep = vi.fn(async () => {})
    await expect(client(fetch, { sleep, retries: 4, baseDelayMs: 400, maxDelayMs: 1000, random: () => 1 }).eventStatus()).rejects.toBeInstanceOf(FplHttpError)
    expect(sleep.mock.calls.map((c) => (c as unknown[])[0])).toEqual([400, 800, 1000, 1000])
  })

  it('times out a request that hangs', async () => {
    const hang = (() =>
      new Promise<Response>((_, reject) => setTimeout(() => reject(new DOMException('timeout', 'TimeoutError')), 30))) as unknown as typeof fetch
    await expect(client(hang, { retries: 0, timeoutMs: 20 }).eventStatus()).rejects.toBeInstanceOf(FplTimeoutError)
  })

  it('aborts a hanging request with its timeout signal', async () => {
    const hang = ((_: RequestInfo, init?: RequestInit) =>
      new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)))) as unknown as typeof fetch
    await expect(client(hang, { retries: 0, timeoutMs: 20 }).eventStatus()).rejects.toBeInstanceOf(FplTimeoutError)
  })

  it('rejects malformed JSON and changed shapes', async () => {
    const truncated = scriptedFetch({ 'event-status/': () => new Response('{"status":[{"bonus', { headers: { 'content-type': 'application/json' } }) })
    await expect(client(truncated.fetch, { retries: 0 }).eventStatus()).rejects.toBeInstanceOf(FplShapeError)
    const drift = scriptedFetch({ 'event-status/': () => jsonResponse({ status: [] }) })
    await expect(client(drift.fetch, { retries: 0 }).eventStatus()).rejects.toBeInstanceOf(FplShapeError)
  })

  it('does not retry 404 or 403', async () => {
    const missing = scriptedFetch({})
    await expect(client(missing.fetch).entry(99)).rejects.toBeInstanceOf(FplNotFoundError)
    expect(missing.calls).toHaveLength(1)
    const blocked = scriptedFetch({ 'entry/1/': () => new Response('<h1>403 Forbidden</h1>', { status: 403, headers: { 'content-type': 'text/html' } }) })
    const error = await client(blocked.fetch)
      .entry(1)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FplHttpError)
    expect(blocked.calls).toHaveLength(1)
  })

  it('spends at most its deadline on FPL, retries and their waits included', async () => {
    // Injected time: each answer takes 2 s to come, each backoff waits what it says.
    let clock = 0
    const waits: number[] = []
    const slowFailure = (async () => {
      clock += 2_000
      return new Response('boom', { status: 502 })
    }) as unknown as typeof fetch
    const sleep = async (ms: number) => {
      waits.push(ms)
      clock += ms
    }
    const { calls, fetch } = scriptedFetch({ 'event-status/': () => slowFailure('') })
    const fpl = client(fetch, { sleep, retries: 5, now: () => clock, deadlineMs: 3_000 })
    await expect(fpl.eventStatus()).rejects.toBeInstanceOf(FplHttpError)
    // 0 s: first try, 2.2 s: the retry, 4.2 s: past the deadline, no third try and no wait for it.
    expect(calls).toHaveLength(2)
    expect(waits).toEqual([200])
    expect(clock).toBe(4_200)
    // Every later call of the same client (the same user request) finds no time left.
    await expect(fpl.entry(1)).rejects.toBeInstanceOf(FplTimeoutError)
    expect(calls).toHaveLength(2)
  })

  it('stops at the request budget', async () => {
    const { fetch, calls } = scriptedFetch({ 'event-status/': () => jsonResponse(eventStatus) })
    const fpl = client(fetch, { budget: new RequestBudget(2) })
    await fpl.eventStatus()
    await fpl.eventStatus()
    await expect(fpl.eventStatus()).rejects.toBeInstanceOf(FplBudgetExceededError)
    expect(calls).toHaveLength(2)
  })

  it('sends a browser-like User-Agent and keeps the trailing slash', async () => {
    const seen: Request[] = []
    const fetch = (async (input: RequestInfo, init?: RequestInit) => {
      seen.push(new Request(input, init))
      return jsonResponse(eventStatus)
    }) as typeof globalThis.fetch
    await client(fetch).eventStatus()
    expect(seen[0]!.url).toBe(`${BASE}/event-status/`)
    expect(seen[0]!.headers.get('user-agent')).toBe(FPL_USER_AGENT)
    expect(FPL_USER_AGENT).toMatch(/Mozilla\/5\.0/)
  })
})

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('5')).toBe(5000)
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:10 GMT', Date.parse('Wed, 21 Oct 2026 07:28:00 GMT'))).toBe(10_000)
    expect(parseRetryAfter('soon')).toBeNull()
    expect(parseRetryAfter(null)).toBeNull()
    expect(parseRetryAfter(' ')).toBeNull()
  })

  it('never asks for more than the cap, nor for less than nothing', () => {
    const now = Date.parse('2026-11-28T15:00:00Z')
    expect(parseRetryAfter('300', now)).toBe(MAX_HOLD_MS)
    expect(parseRetryAfter('86400', now)).toBe(MAX_HOLD_MS)
    expect(parseRetryAfter('1e9', now)).toBe(MAX_HOLD_MS)
    expect(parseRetryAfter('Fri, 01 Jan 2100 00:00:00 GMT', now)).toBe(MAX_HOLD_MS)
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', now)).toBe(0)
    expect(parseRetryAfter('-5', now)).toBe(0)
    expect(parseRetryAfter('Infinity', now)).toBeNull()
  })
})
