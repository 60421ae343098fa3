// The live bench's hands on the match day: the FPL simulator's clock and counters (/__sim), the
// dev stack's "poll now", and the D1 rows the figures are divided by. A poll changes the feed only
// when the simulated match moves (a minute played, a goal): the clock is stopped otherwise, so each
// generation is one the bench caused.
import type { LiveAnswer, LiveTeamAnswer } from '../../contract/live.ts'
import { d1 } from './d1.ts'
import { json } from './http.ts'

export interface SimStats {
  total: number
  byKind: Record<string, number>
  byUrl: Record<string, number>
}

interface SimState {
  gameweek: number
  matchday: { at: number; fixtures: Array<{ kickoff_time: string }> } | null
}

/** What a poll answers: the feed's generation and status (null before the season). */
type Polled = { gen: number; status: string } | null

async function control<T>(sim: string, action: string, body: unknown = {}): Promise<T> {
  const res = await json<T>(`${sim}/__sim/${action}`, { method: 'POST', body: JSON.stringify(body) })
  if (res.status !== 200) throw new Error(`/__sim/${action}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`)
  return res.body
}

export const simStats = async (sim: string) => (await json<SimStats>(`${sim}/__sim/stats`)).body
export const resetSimStats = (sim: string) => control(sim, 'stats/reset')

/** Requests of one kind (bootstrap-static, event-status, fixtures, live, picks, standings...). */
export const kind = (stats: SimStats, name: string) => stats.byKind[name] ?? 0

/** FPL standings pages read, per FPL league. */
export function standingsPages(stats: SimStats): Map<number, number> {
  const pages = new Map<number, number>()
  for (const [url, n] of Object.entries(stats.byUrl)) {
    const league = /leagues-classic\/(\d+)\/standings/.exec(url)?.[1]
    if (league) pages.set(Number(league), (pages.get(Number(league)) ?? 0) + n)
  }
  return pages
}

/** Managers whose picks were read, each counted once. */
export const distinctPicks = (stats: SimStats) => Object.keys(stats.byUrl).filter((u) => /\/entry\/\d+\/event\/\d+\/picks/.test(u)).length

export async function get<T>(base: string, path: string, token: string): Promise<T> {
  const res = await json<T>(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } })
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`)
  return res.body
}

export async function sql<T>(persistDir: string, statement: string): Promise<T[]> {
  return (await d1<T>(persistDir, statement))[0]!.results
}

/** The simulator's match day and the poller, driven one step at a time. */
export function matchDay(base: string, sim: string) {
  let gen = 0
  const poll = async (): Promise<Polled> => {
    const res = await json<Polled>(`${base}/api/dev/live/poll`, { method: 'POST' })
    if (res.status !== 200) throw new Error(`POST /api/dev/live/poll: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`)
    gen = Math.max(gen, res.body?.gen ?? 0)
    return res.body
  }
  const step = (minutes: number) => control(sim, 'step', { minutes })

  return {
    poll,
    step,
    /** The next gameweek's match day, a minute after its deadline (picks published, nothing kicked off). */
    start: () => control<SimState>(sim, 'matchday'),
    /** On to twenty minutes into the busiest kick-off slot: several fixtures in play, the clock stopped. */
    async kickOff(): Promise<void> {
      const state = (await json<SimState>(`${sim}/__sim/state`)).body
      if (!state.matchday) throw new Error('no match day running')
      const slots = new Map<string, number>()
      for (const f of state.matchday.fixtures) slots.set(f.kickoff_time, (slots.get(f.kickoff_time) ?? 0) + 1)
      const busiest = [...slots].sort((a, b) => b[1] - a[1])[0]![0]
      await step(Math.max(0, (Date.parse(busiest) / 1000 - state.matchday.at) / 60) + 20)
    },
    /**
     * A new feed generation caused by the bench: a poll first (so that the poller's own alarm, a full
     * interval away after it, cannot take the change), then a minute of play and the timed poll
     * (again past half-time, when a minute changes nothing). `t0`: when the timed poll was asked.
     */
    async change(): Promise<{ t0: number; pollMs: number; gen: number }> {
      await poll()
      for (let i = 0; i < 30; i += 1) {
        const known = gen
        await step(1)
        const t0 = Date.now()
        const polled = await poll()
        if (polled && polled.gen > known) return { t0, pollMs: Date.now() - t0, gen: polled.gen }
      }
      throw new Error('30 minutes of play changed nothing in the feed')
    },
    /** A goal now for the first of `candidates` on the pitch (rotating); when it was asked. */
    async goal(candidates: number[], turn: number): Promise<{ at: number; element: number }> {
      for (let i = 0; i < candidates.length; i += 1) {
        const element = candidates[(turn + i) % candidates.length]!
        const at = Date.now()
        const res = await json(`${sim}/__sim/goal`, { method: 'POST', body: JSON.stringify({ element }) })
        if (res.status === 200) return { at, element }
      }
      throw new Error(`none of ${candidates.length} candidates could score`)
    },
  }
}

export type MatchDay = ReturnType<typeof matchDay>

/** Players in play who count for some manager of the tournament: a goal of theirs moves its table. */
export async function scorers(base: string, tournament: number, token: string): Promise<number[]> {
  const live = await get<LiveAnswer>(base, `/api/leagues/${tournament}/live`, token)
  const found = new Set<number>()
  for (const row of live.standings) {
    const team = await get<LiveTeamAnswer>(base, `/api/leagues/${tournament}/live/${row.fpl_team_id}`, token)
    for (const p of team.picks) if (p.fixture_state === 'in_play' && p.multiplier > 0 && p.minutes > 0) found.add(p.element)
  }
  return [...found]
}

/** What a viewer reads as "the numbers" of a live table. */
export const numbers = (live: LiveAnswer) => live.standings.map((r) => `${r.fpl_team_id}:${r.live_points}:${r.live_total}`).join(',')

/**
 * Waits until the picks requests stop rising (every manager's picks of the gameweek fetched once
 * through the queue) and answers the simulator's counters then.
 */
export async function picksSettled(sim: string, managers: number, timeoutMs: number): Promise<SimStats> {
  const deadline = Date.now() + timeoutMs
  let last = -1
  let still = 0
  for (;;) {
    const stats = await simStats(sim)
    const picks = kind(stats, 'picks')
    still = picks === last ? still + 1 : 0
    last = picks
    // Quiet for 6 s with everyone asked, or for 30 s whatever the count (404s and failures included).
    if ((picks >= managers && still >= 3) || still >= 15 || Date.now() > deadline) return stats
    await new Promise((resolve) => setTimeout(resolve, 2000))
  }
}
