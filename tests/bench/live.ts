// The "live" section (decision 120): the Matchday Live engine on the bench stack at the production poll
// interval, while the simulator plays a match day. Freshness of a goal on an open page (poll wait +
// push), FPL requests per minute as tournaments multiply, picks once per manager, the CPU of a
// live table recomputed against one served from the hub's kept table, one change pushed to 1,000
// distinct viewers' sockets against one, and the poll and its push under 64 connect-disconnect
// loops against the same quiet. Each part is a section of its own: one failing leaves the others.
import { LIVE_REFRESH_MS, type LiveAnswer } from '../../contract/live.ts'
import { refreshData } from '../stack/stack.ts'
import { json } from './http.ts'
import {
  distinctPicks,
  get,
  kind,
  type MatchDay,
  matchDay,
  numbers,
  picksSettled,
  resetSimStats,
  type SimStats,
  scorers,
  simStats,
  sql,
  standingsPages,
} from './live-match.ts'
import { closeScreens, nextMessage, openScreen, type Screen } from './live-socket.ts'
import { benchViewers, churn, openViewers } from './live-viewers.ts'
import { cpuMs, workerdPids, wranglerGroup } from './proc.ts'
import { add, fmt, ratio, section } from './table.ts'

export interface LiveBenchOptions {
  base: string
  sim: string
  port: number
  persistDir: string
  /** The seeded tournaments: a small one watched by the demo manager, the 5,000-manager one (admin's). */
  pubTournament: number
  megaTournament: number
  seeded: number[]
  demo: string
  admin: string
  quick: boolean
}

/** Before the live engine (decision 102), the refresh re-read every tournament's standings this often during a live gameweek. */
const OLD_REFRESH_MINUTES = 30
/** Fake FPL league ids of the tournaments the bench adds (the simulator has none of them). */
const EXTRA_LEAGUES_FROM = 90_000_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const sorted = (values: number[]) => [...values].sort((a, b) => a - b)
/** Nearest-rank percentile. */
const pct = (values: number[], q: number) => sorted(values)[Math.max(0, Math.ceil(q * values.length) - 1)] ?? Number.NaN
const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length
const s = (ms: number) => fmt(ms / 1000, 1)

interface Refreshed {
  /** Standings pages a refresh read per FPL league (the old half-hourly cost during a live gameweek). */
  pages: Map<number, number>
  total: number
  pubLeague: number
}

export async function liveBench(o: LiveBenchOptions): Promise<void> {
  const match = matchDay(o.base, o.sim)
  let refreshed: Refreshed | null = null
  let managers = 0

  await section(
    'Live: match day, picks',
    ['Live picks requests per manager (first pass of the gameweek)'],
    async () => {
      // A poll now puts the poller's own alarm a full interval away: the refresh below runs before it.
      await match.poll()
      const started = await match.start()
      console.log(`  match day of gameweek ${started.gameweek} started`)
      // Baseline: the refresh at a live state reads every tournament's standings once; before
      // the live engine it did so every half hour of a live gameweek.
      await resetSimStats(o.sim)
      const summary = await refreshData(o.base, 180_000)
      const stats = await simStats(o.sim)
      const [pub] = await sql<{ league: number }>(o.persistDir, `SELECT fpl_league_id AS league FROM tournaments WHERE id = ${o.pubTournament}`)
      refreshed = { pages: standingsPages(stats), total: stats.total, pubLeague: pub!.league }
      console.log(
        `  refresh at the live state (${summary.done}/${summary.jobs} jobs): ${stats.total} FPL requests, standings pages ${JSON.stringify([...refreshed.pages])}`,
      )

      await resetSimStats(o.sim)
      await match.kickOff()
      await match.poll() // the gameweek's first poll: fixtures in play, every manager's picks queued
      const [row] = await sql<{ n: number }>(o.persistDir, 'SELECT COUNT(DISTINCT fpl_team_id) AS n FROM standings_rows')
      managers = row!.n
      const settled = await picksSettled(o.sim, managers, o.quick ? 240_000 : 300_000)
      const picks = kind(settled, 'picks')
      const distinct = distinctPicks(settled)
      const [stored] = await sql<{ n: number }>(
        o.persistDir,
        `SELECT COUNT(*) AS n FROM live_sheets WHERE gameweek = ${started.gameweek} AND fetched_at IS NOT NULL`,
      )
      add(
        'Live picks requests per manager (first pass of the gameweek, through the queue)',
        `${fmt(picks / Math.max(managers, 1), 2)} (${picks} requests, ${distinct} distinct, ${stored!.n} stored)`,
        `${managers} managers in stored tables`,
        ratio(picks, managers),
        '1.00 (once per manager per gameweek)',
      )
    },
    o.quick ? 420_000 : 540_000,
  )

  await section(
    'Live: freshness at the production interval',
    ['Live freshness: goal to an open page p50 / p95'],
    () => freshness(o, match, refreshed),
    o.quick ? 300_000 : 480_000,
  )
  await section('Live: CPU of a recomputed table', ['Live CPU: /live of the 5,000-manager tournament, recomputed'], () => recomputeCpu(o, match), 300_000)
  await section('Live: matchday insight', ['Insight CPU', 'Insight latency'], () => insightCpu(o, match), 300_000)
  await section('Live: fan-out', ['Live fan-out: poll to the last of 1,000 socket messages'], () => fanOut(o, match), 300_000)
  await section('Live: socket churn', ['Live poll latency under socket churn', 'Live frame delay under socket churn'], () => socketChurn(o, match), 300_000)
  await section(
    'Live: FPL requests as tournaments multiply',
    ['Live FPL requests per poll (= per minute at 60 s)'],
    () => requestsPerTournaments(o, match, refreshed),
    300_000,
  )
}

/** The old refresh's standings pages per minute for the seeded world plus `extra` tournaments the size of the pub league. */
function oldRefreshPerMinute(refreshed: Refreshed | null, extra: number): number {
  if (!refreshed) return Number.NaN
  const seeded = [...refreshed.pages.values()].reduce((a, b) => a + b, 0)
  return (seeded + extra * (refreshed.pages.get(refreshed.pubLeague) ?? 1)) / OLD_REFRESH_MINUTES
}

const byKind = (stats: SimStats, per: number) =>
  Object.entries(stats.byKind)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${fmt(n / per, 2)}`)
    .join(', ')

/**
 * 1. A goal published by the simulator until a screen with a socket has re-read `/live` with the new
 * numbers, the poller on its own alarm (LIVE_POLL_SECONDS 60). Each goal lands at a different phase
 * of the poll interval (stratified over it, in random order), so the poll waits sample the whole
 * interval. The FPL requests of the window (the alarm's own polls) are counted too.
 */
async function freshness(o: LiveBenchOptions, match: MatchDay, refreshed: Refreshed | null) {
  const windowMs = o.quick ? 150_000 : 330_000
  const interval = LIVE_REFRESH_MS
  const candidates = await scorers(o.base, o.pubTournament, o.demo)
  if (candidates.length === 0) throw new Error('no player in play counts for the pub league')
  const screen = await openScreen(o.base, o.pubTournament, o.demo)
  const readLive = async () => {
    const t = Date.now()
    const live = await get<LiveAnswer>(o.base, `/api/leagues/${o.pubTournament}/live`, o.demo)
    return { live, ms: Date.now() - t }
  }
  const goals: Array<{ wait: number; push: number; total: number }> = []
  const reads: number[] = []
  const goalCount = Math.max(3, Math.floor(windowMs / interval))
  const phases = Array.from({ length: goalCount }, (_, i) => ((i + Math.random()) / goalCount) * interval).sort(() => Math.random() - 0.5)
  try {
    // The last poll was ours: the alarm's next one is an interval away, the phases count from here.
    await match.poll()
    await resetSimStats(o.sim)
    const windowStart = Date.now()
    let reference = Date.now()
    for (let i = 0; i < goalCount; i += 1) {
      await sleep(Math.max(0, reference + phases[i]! - Date.now()))
      const before = numbers((await readLive()).live)
      const from = screen.received.length
      const goal = await match.goal(candidates, i)
      for (let seen = from; ; seen += 1) {
        const arrival = await nextMessage(screen, seen, 3 * interval)
        const reread = await readLive()
        reads.push(reread.ms)
        if (numbers(reread.live) === before) continue
        const polled = Date.parse(reread.live.updated_at ?? '')
        const shown = Date.now()
        goals.push({ wait: polled - goal.at, push: shown - polled, total: shown - goal.at })
        console.log(
          `  goal ${i + 1}/${goalCount} (element ${goal.element}): poll wait ${s(polled - goal.at)} s, push ${shown - polled} ms (message ${arrival.at - polled} ms after the read)`,
        )
        reference = arrival.at
        break
      }
    }
    const windowMin = (Date.now() - windowStart) / 60_000
    const stats = await simStats(o.sim)
    const totals = goals.map((g) => g.total)
    const waits = goals.map((g) => g.wait)
    const pushes = goals.map((g) => g.push)
    // Without a socket the app re-reads every 60 s: the change shows at the first re-read after the
    // feed was written, a uniformly random phase of the refresh; computed from the measured waits.
    const readMs = pct(reads, 0.5)
    const fallback = Array.from({ length: 20_000 }, () => waits[Math.floor(Math.random() * waits.length)]! + Math.random() * interval + readMs)
    add(
      `Live freshness: goal to an open page with a socket, p50 / p95 (s, ${goals.length} goals, poll every 60 s)`,
      `${s(pct(totals, 0.5))} / ${s(pct(totals, 0.95))}`,
      `${s(pct(fallback, 0.5))} / ${s(pct(fallback, 0.95))} s without a socket (60 s auto-refresh; computed: measured poll waits + uniform refresh phase + ${readMs} ms read)`,
      ratio(pct(totals, 0.95), pct(fallback, 0.95)),
      '≤ 70 s p95 (one interval + 10 s)',
    )
    add(
      'Live freshness: poll wait (goal to the feed read by the poller, its updated_at), p50 / p95 / max (s)',
      `${s(pct(waits, 0.5))} / ${s(pct(waits, 0.95))} / ${s(Math.max(...waits))}`,
      '60 s poll interval',
      ratio(pct(waits, 0.95), interval),
      '≤ 60 s',
    )
    add(
      'Live freshness: push cost (feed updated_at to socket message + /live re-read with the new numbers), p50 / p95 (ms)',
      `${fmt(pct(pushes, 0.5), 0)} / ${fmt(pct(pushes, 0.95), 0)}`,
      `${readMs} ms a /live re-read alone (p50)`,
      ratio(pct(pushes, 0.95), readMs),
      '≤ 2,000 ms p95',
    )
    add(
      `Live FPL requests per minute in a match window, the poller on its alarm (${fmt(windowMin, 1)} min, all kinds)`,
      `${fmt(stats.total / windowMin, 2)} (${byKind(stats, windowMin)})`,
      `${fmt(oldRefreshPerMinute(refreshed, 0), 1)}/min seeded world's standings pages, refresh every 30 min before the live engine`,
      ratio(stats.total / windowMin, oldRefreshPerMinute(refreshed, 0)),
      '≤ 3 per minute',
    )
    add(
      `Live picks requests after the first pass (${fmt(windowMin, 1)} min of polls${windowMin >= 5.5 ? ', a second sheets pass included' : ''})`,
      String(kind(stats, 'picks')),
      'the first pass above',
      '',
      '0',
    )
  } finally {
    closeScreens([screen])
  }
}

/**
 * 3. workerd CPU of a `/live` read that recomputes the table (a new feed generation before each)
 * against one served from the hub's kept table (same generation). Two kinds of generation: a minute
 * of play and a poll (the common one: the owners of the players whose points or projected bonus
 * moved are re-scored), and a goal by the tournament's most widely owned player on the pitch and a
 * poll (the worst: all his owners too). Before the samples each table is
 * read once: that first read of the gameweek reads every manager's picks (kept by the hub for the
 * gameweek) and scores everyone, and is reported apart. /proc counts CPU in 10 ms ticks: each figure
 * is a mean over several samples.
 */
/** Measures the stack's workerd CPU of a piece of work, less what its processes burn idle (measured first, 3 s). */
async function cpuMeter(port: number) {
  const workerd = workerdPids(wranglerGroup(port))
  const idleStart = cpuMs(workerd)
  const idleT = performance.now()
  await sleep(3000)
  const idlePerMs = (cpuMs(workerd) - idleStart) / (performance.now() - idleT)
  return async (fn: () => Promise<unknown>) => {
    const c0 = cpuMs(workerd)
    const t0 = performance.now()
    await fn()
    return cpuMs(workerd) - c0 - idlePerMs * (performance.now() - t0)
  }
}

async function recomputeCpu(o: LiveBenchOptions, match: MatchDay) {
  const cpuOf = await cpuMeter(o.port)
  const tokenOf = (id: number) => (id === o.megaTournament ? o.admin : o.demo)
  const read = (id: number) => get<LiveAnswer>(o.base, `/api/leagues/${id}/live`, tokenOf(id))
  const readAll = async () => {
    for (const id of o.seeded) await read(id)
  }
  const samples = o.quick ? 4 : 8
  const keptReads = 10
  await match.change()
  await sleep(300)
  const first = await cpuOf(() => read(o.megaTournament))
  await readAll()
  const mega: number[] = []
  const megaKept: number[] = []
  const all: number[] = []
  const allKept: number[] = []
  const kept = async () =>
    (await cpuOf(async () => {
      for (let k = 0; k < keptReads; k += 1) await read(o.megaTournament)
    })) / keptReads
  for (let i = 0; i < samples; i += 1) {
    await match.change()
    await sleep(300)
    mega.push(await cpuOf(() => read(o.megaTournament)))
    megaKept.push(await kept())
    await match.change()
    await sleep(300)
    all.push(await cpuOf(readAll))
    allKept.push(await cpuOf(readAll))
  }
  // The managers' stored picks the hub reads once per gameweek and keeps (JSON in D1).
  const [stored] = await sql<{ n: number; picks: number; bytes: number }>(
    o.persistDir,
    `SELECT COUNT(*) AS n, COUNT(l.sheet) AS picks, IFNULL(SUM(LENGTH(l.sheet)), 0) AS bytes FROM standings_rows s
       LEFT JOIN live_sheets l ON l.fpl_team_id = s.fpl_team_id AND l.gameweek = (SELECT MAX(gameweek) FROM live_sheets)
       WHERE s.tournament_id = ${o.megaTournament}`,
  )
  const managers = stored!.n.toLocaleString('en')
  add(
    `Live CPU: /live of the ${managers}-manager tournament, recomputed for a new feed generation, a minute of play (workerd ms, mean of ${samples})`,
    `${fmt(mean(mega), 1)} (${fmt(mean(mega) - mean(megaKept), 1)} over kept)`,
    `${fmt(mean(megaKept), 1)} ms served from the hub's kept table (mean of ${samples} × ${keptReads})`,
    ratio(mean(mega), mean(megaKept), 1),
    '≤ 50 ms',
  )
  add(
    `Live CPU: first /live of the gameweek of the ${managers}-manager tournament (workerd ms, one read)`,
    `${fmt(first, 1)} (${stored!.picks} stored picks, ${fmt(stored!.bytes / 1e6, 2)} MB of JSON, read and scored once per gameweek)`,
    `${fmt(mean(megaKept), 1)} ms served from the hub's kept table`,
    ratio(first, mean(megaKept), 1),
    'once per gameweek',
  )
  add(
    `Live CPU: /live of all ${o.seeded.length} seeded tournaments, each recomputed (workerd ms, sum, mean of ${samples})`,
    `${fmt(mean(all), 1)} (${fmt(mean(all) - mean(allKept), 1)} over kept)`,
    `${fmt(mean(allKept), 1)} ms the same reads from the kept tables`,
    ratio(mean(all), mean(allKept), 1),
    'for scale',
  )
  const owned = await widelyOwned(o.persistDir, o.megaTournament)
  const goal: number[] = []
  let scorer = { element: 0, owners: 0 }
  for (let i = 0; i < samples; i += 1) {
    await match.poll()
    const scored = await match.goal(
      owned.map((p) => p.element),
      0,
    )
    scorer = owned.find((p) => p.element === scored.element) ?? scorer
    await match.poll()
    await sleep(300)
    goal.push(await cpuOf(() => read(o.megaTournament)))
  }
  add(
    `Live CPU: /live of the ${managers}-manager tournament, recomputed after a goal by its most widely owned player on the pitch (workerd ms, mean of ${samples})`,
    `${fmt(mean(goal), 1)} (${fmt(mean(goal) - mean(megaKept), 1)} over kept; element ${scorer.element}, in ${scorer.owners} starting elevens)`,
    `${fmt(mean(megaKept), 1)} ms served from the hub's kept table`,
    ratio(mean(goal), mean(megaKept), 1),
    '≤ 50 ms',
  )
}

/**
 * 4. The league's matchday insight (decision 187) of the 5,000-manager tournament, at a new feed
 * generation each sample: the table is read first (as an open Live tab does), then the ownership
 * view's first read computes the insight once for the generation, and the next reads (ownership,
 * glance, the battle) slice the kept one. workerd CPU of each, and the wall time of a kept
 * ownership read against a kept /live read in the same run.
 */
async function insightCpu(o: LiveBenchOptions, match: MatchDay) {
  const cpuOf = await cpuMeter(o.port)
  const at = (view: string) => `/api/leagues/${o.megaTournament}/live${view}`
  const read = (view: string) => get<unknown>(o.base, at(view), o.admin)
  const wall = async (view: string) => {
    const t0 = performance.now()
    await read(view)
    return performance.now() - t0
  }
  const samples = o.quick ? 4 : 8
  const table: number[] = []
  const first: number[] = []
  const kept: number[] = []
  const glance: number[] = []
  const battle: number[] = []
  const liveMs: number[] = []
  const ownershipMs: number[] = []
  for (let i = 0; i < samples; i += 1) {
    await match.change()
    await sleep(300)
    table.push(await cpuOf(() => read('')))
    first.push(await cpuOf(() => read('/ownership')))
    kept.push(await cpuOf(() => read('/ownership')))
    glance.push(await cpuOf(() => read('/glance')))
    // The admin's own team may not be in the league: a 404 is still the same slicing of the kept insight.
    battle.push(await cpuOf(() => json(`${o.base}${at('/battle')}`, { headers: { authorization: `Bearer ${o.admin}` } })))
    liveMs.push(await wall(''))
    ownershipMs.push(await wall('/ownership'))
  }
  add(
    `Insight CPU: the 5,000-manager tournament's insight, computed once per feed generation (workerd ms of the first ownership read, mean of ${samples})`,
    `${fmt(mean(first), 1)} (${fmt(mean(first) - mean(kept), 1)} over a kept read)`,
    `${fmt(mean(table), 1)} ms: the same generation's /live, recomputed`,
    ratio(mean(first), mean(table), 1),
    '≤ the table',
  )
  add(
    `Insight CPU: reads of the kept insight: ownership / glance / battle (workerd ms, mean of ${samples})`,
    `${fmt(mean(kept), 1)} / ${fmt(mean(glance), 1)} / ${fmt(mean(battle), 1)}`,
    '',
    '',
    'for scale',
  )
  add(
    `Insight latency: /live/ownership of the 5,000-manager tournament, kept (ms, p50 of ${samples})`,
    fmt(pct(ownershipMs, 0.5), 1),
    `${fmt(pct(liveMs, 0.5), 1)} ms: /live, kept, same run`,
    ratio(pct(ownershipMs, 0.5), pct(liveMs, 0.5), 1),
    'for scale',
  )
}

/** The tournament's players in the most starting elevens, most first (the goal candidates: only those on the pitch can score). */
async function widelyOwned(persistDir: string, tournament: number): Promise<Array<{ element: number; owners: number }>> {
  return sql<{ element: number; owners: number }>(
    persistDir,
    `SELECT json_extract(p.value, '$.element') AS element, COUNT(*) AS owners
       FROM standings_rows s JOIN live_sheets l ON l.fpl_team_id = s.fpl_team_id AND l.gameweek = (SELECT MAX(gameweek) FROM live_sheets)
       JOIN json_each(l.sheet, '$.picks') p
       WHERE s.tournament_id = ${tournament} AND json_extract(p.value, '$.position') <= 11
       GROUP BY element ORDER BY owners DESC, element LIMIT 40`,
  )
}

/**
 * 4. One change pushed to 1,000 distinct signed-in viewers of one private tournament (each socket
 * its own user, session and address: the push re-checks every session and membership in one
 * query) against one viewer: from the poll that made the change being asked to the last message
 * received (the poll queues the news; the queue's consumer tells the hub), over a few changes.
 * Every viewer must receive every change.
 */
async function fanOut(o: LiveBenchOptions, match: MatchDay) {
  const changes = o.quick ? 3 : 5
  const tokens = await benchViewers(o.persistDir, o.pubTournament, 1000, 'fanout')
  const round = async (screens: Screen[]) => {
    const times: Array<{ all: number; first: number; poll: number }> = []
    for (let i = 0; i < changes; i += 1) {
      await match.poll()
      await sleep(500)
      const from = screens.map((sc) => sc.received.length)
      const change = await match.change()
      const arrivals = await Promise.all(screens.map((sc, k) => nextMessage(sc, from[k]!, 30_000)))
      const at = arrivals.map((a) => a.at - change.t0)
      times.push({ all: Math.max(...at), first: Math.min(...at), poll: change.pollMs })
    }
    return times
  }
  const p50 = (values: number[]) => pct(values, 0.5)
  const summary = (t: Array<{ all: number }>) => {
    const all = t.map((x) => x.all)
    return `${fmt(p50(all), 0)} / ${fmt(pct(all, 0.95), 0)} / ${fmt(Math.max(...all), 0)}`
  }
  const one = await openViewers(o.base, o.pubTournament, tokens.slice(0, 1))
  let many: Screen[] = []
  try {
    const alone = await round(one)
    const t = performance.now()
    many = await openViewers(o.base, o.pubTournament, tokens.slice(1))
    console.log(`  1,000 distinct viewers' sockets open in ${s(performance.now() - t)} s`)
    const crowd = await round([...one, ...many])
    add(
      `Live fan-out: poll asked to the last of 1,000 socket messages, 1,000 distinct signed-in viewers of one private tournament, p50 / p95 / max (ms, ${changes} changes, all received)`,
      `${summary(crowd)} (first message p50 ${fmt(p50(crowd.map((x) => x.first)), 0)}, poll answered p50 ${fmt(p50(crowd.map((x) => x.poll)), 0)})`,
      `${summary(alone)} ms with 1 viewer`,
      ratio(p50(crowd.map((x) => x.all)), p50(alone.map((x) => x.all))),
      '≤ 2,000 ms (the push cost)',
    )
  } finally {
    closeScreens([...one, ...many])
  }
}

/**
 * 5. The poll that drives every live update, and one screen's push, quiet and then under 64
 * parallel connect-disconnect loops on the same tournament (each upgrade a signed-in request from
 * its own address): the poll's latency (POST /api/dev/live/poll, which answers once the news is
 * queued) and the frame delay (that poll asked to the screen's message), over the same number of
 * changes each way, in one run.
 */
async function socketChurn(o: LiveBenchOptions, match: MatchDay) {
  const changes = o.quick ? 4 : 8
  const loops = 64
  const tokens = await benchViewers(o.persistDir, o.pubTournament, loops * 20 + 1, 'churn')
  const [screen] = await openViewers(o.base, o.pubTournament, tokens.slice(0, 1))
  const workerd = workerdPids(wranglerGroup(o.port))
  const measure = async () => {
    const polls: number[] = []
    const frames: number[] = []
    const c0 = cpuMs(workerd)
    const t0 = performance.now()
    for (let i = 0; i < changes; i += 1) {
      const from = screen!.received.length
      const change = await match.change()
      const arrival = await nextMessage(screen!, from, 30_000)
      polls.push(change.pollMs)
      frames.push(arrival.at - change.t0)
    }
    // workerd's CPU per second of wall time: how busy the one local runtime (2 cores) was.
    return { polls, frames, cpuPerS: ((cpuMs(workerd) - c0) / (performance.now() - t0)) * 1000 }
  }
  try {
    await match.poll()
    const quiet = await measure()
    const churning = churn({ base: o.base, tournament: o.pubTournament, tokens: tokens.slice(1), loops })
    await sleep(2000)
    const t = performance.now()
    const busy = await measure()
    const seconds = (performance.now() - t) / 1000
    const counts = await churning.stop()
    const both = (values: number[]) => `${fmt(pct(values, 0.5), 0)} / ${fmt(pct(values, 0.95), 0)}`
    const during = `${fmt(counts.opened / seconds, 0)} upgrades/s, ${counts.refused} refused, workerd CPU ${fmt(busy.cpuPerS, 0)} ms/s`
    add(
      `Live poll latency under socket churn: ${loops} connect-disconnect loops, p50 / p95 (ms, ${changes} polls each way)`,
      `${both(busy.polls)} (${during})`,
      `${both(quiet.polls)} ms quiet, same run (workerd CPU ${fmt(quiet.cpuPerS, 0)} ms/s)`,
      ratio(pct(busy.polls, 0.5), pct(quiet.polls, 0.5)),
      'no upgrade writes to the poller',
    )
    add(
      `Live frame delay under socket churn: poll asked to the screen's message, ${loops} loops, p50 / p95 (ms)`,
      both(busy.frames),
      `${both(quiet.frames)} ms quiet, same run`,
      ratio(pct(busy.frames, 0.5), pct(quiet.frames, 0.5)),
      '≤ 2,000 ms',
    )
  } finally {
    closeScreens(screen ? [screen] : [])
  }
}

/**
 * 2. FPL requests per poll (one poll a minute at the production interval) with the seeded world, 100
 * and 10,000 tournaments (small ones, the pub league's table copied, written straight into D1), each
 * poll after a minute of play. Baseline: the refresh's standings pages every half hour before
 * the live engine, from the refresh measured at the live state.
 */
async function requestsPerTournaments(o: LiveBenchOptions, match: MatchDay, refreshed: Refreshed | null) {
  const polls = o.quick ? 3 : 5
  const [seeded] = await sql<{ n: number }>(o.persistDir, 'SELECT COUNT(*) AS n FROM tournaments')
  let count = seeded!.n
  for (const target of [count, 100, 10_000]) {
    if (target > count) {
      await addTournaments(o.persistDir, o.pubTournament, count - seeded!.n + 1, target - seeded!.n)
      count = target
    }
    await match.poll()
    await resetSimStats(o.sim)
    const wall: number[] = []
    for (let i = 0; i < polls; i += 1) {
      await match.step(1)
      const t = performance.now()
      await match.poll()
      wall.push(performance.now() - t)
    }
    const stats = await simStats(o.sim)
    const old = oldRefreshPerMinute(refreshed, count - seeded!.n)
    add(
      `Live FPL requests per poll (= per minute at 60 s), ${count.toLocaleString('en')} tournaments (${polls} polls)`,
      `${fmt(stats.total / polls, 2)} (${byKind(stats, polls)}); poll p50 ${fmt(pct(wall, 0.5), 0)} ms`,
      `${fmt(old, 1)}/min standings pages, refresh every 30 min before the live engine`,
      ratio(stats.total / polls, old, 3),
      '≤ 3, the same for every count',
    )
  }
}

/** Tournaments `from`..`to` of the bench's own, each with the pub league's stored table. */
async function addTournaments(persistDir: string, pubTournament: number, from: number, to: number) {
  const t = performance.now()
  await sql(
    persistDir,
    `INSERT INTO tournaments (name, type, fpl_league_id, fpl_season)
       WITH RECURSIVE n(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM n WHERE i < ${to})
       SELECT 'Bench live ' || i, 'private', ${EXTRA_LEAGUES_FROM} + i, (SELECT fpl_season FROM tournaments WHERE id = ${pubTournament}) FROM n;
     INSERT INTO standings_rows (tournament_id, position, fpl_team_id, team_name, player_name, total_points, gameweek_points, rank, last_rank)
       SELECT t.id, r.position, r.fpl_team_id, r.team_name, r.player_name, r.total_points, r.gameweek_points, r.rank, r.last_rank
       FROM tournaments t JOIN standings_rows r ON r.tournament_id = ${pubTournament}
       WHERE t.fpl_league_id BETWEEN ${EXTRA_LEAGUES_FROM + from} AND ${EXTRA_LEAGUES_FROM + to};`,
  )
  console.log(`  tournaments ${from}-${to} added in ${s(performance.now() - t)} s`)
}
