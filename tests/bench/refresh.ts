// B3: the cron refresh against the FPL simulator on loopback. Wall time, upstream requests per
// standings page, mean subrequests per invocation, and standings rows written per row changed
// (counted by SQLite triggers added to the bench's own database).
import { refreshData, type Stack } from '../stack/stack.ts'
import { d1 } from './d1.ts'
import { json } from './http.ts'
import { add, fmt, ratio } from './table.ts'

type Stats = { total: number; byUrl: Record<string, number>; maxInFlight: number }

export async function installWriteCounter(persistDir: string) {
  await d1(
    persistDir,
    `CREATE TABLE IF NOT EXISTS bench_writes (id INTEGER PRIMARY KEY, n INTEGER NOT NULL);
     INSERT OR IGNORE INTO bench_writes (id, n) VALUES (1, 0);
     CREATE TRIGGER IF NOT EXISTS bench_sr_ins AFTER INSERT ON standings_rows BEGIN UPDATE bench_writes SET n = n + 1 WHERE id = 1; END;
     CREATE TRIGGER IF NOT EXISTS bench_sr_upd AFTER UPDATE ON standings_rows BEGIN UPDATE bench_writes SET n = n + 1 WHERE id = 1; END;
     CREATE TRIGGER IF NOT EXISTS bench_sr_del AFTER DELETE ON standings_rows BEGIN UPDATE bench_writes SET n = n + 1 WHERE id = 1; END;`,
  )
}

const writes = async (persistDir: string) => Number((await d1<{ n: number }>(persistDir, 'SELECT n FROM bench_writes WHERE id = 1'))[0]!.results[0]!.n)

type SRow = { k: string; v: string }
async function snapshot(persistDir: string, tournaments: number[]): Promise<Map<string, string>> {
  const res = await d1<SRow>(
    persistDir,
    `SELECT tournament_id || ':' || position AS k, fpl_team_id || '|' || team_name || '|' || player_name || '|' || total_points || '|' || gameweek_points || '|' || rank || '|' || ifnull(last_rank, '') AS v FROM standings_rows WHERE tournament_id IN (${tournaments.join(',')})`,
  )
  return new Map(res[0]!.results.map((r) => [r.k, r.v]))
}

function changed(before: Map<string, string>, after: Map<string, string>): number {
  let n = 0
  for (const [k, v] of after) if (before.get(k) !== v) n += 1
  for (const k of before.keys()) if (!after.has(k)) n += 1
  return n
}

/** One refresh after advancing the simulator a gameweek; figures labelled with `label`. */
export async function timedRefresh(
  stack: Stack,
  persistDir: string,
  label: string,
  opts: { fplLeague: number; tournaments: number[]; timeoutMs: number; target: string; latencyMs: number },
) {
  const sim = stack.simulator.url
  await json(`${sim}/__sim/advance`, { method: 'POST' })
  // Upstream latency like the real FPL API's (the research's 80 ms), only for the refresh.
  await json(`${sim}/__sim/latency`, { method: 'POST', body: JSON.stringify({ ms: opts.latencyMs }) })
  try {
    return await measure(stack, persistDir, `${label}, upstream ${opts.latencyMs} ms`, opts)
  } finally {
    await json(`${sim}/__sim/latency`, { method: 'POST', body: JSON.stringify({ ms: 0 }) })
  }
}

async function measure(stack: Stack, persistDir: string, label: string, opts: { fplLeague: number; tournaments: number[]; timeoutMs: number; target: string }) {
  const sim = stack.simulator.url
  await json(`${sim}/__sim/stats/reset`, { method: 'POST' })
  const before = await snapshot(persistDir, opts.tournaments)
  const w0 = await writes(persistDir)
  const logStart = stack.log().length
  const started = performance.now()
  const summary = await refreshData(stack.url, opts.timeoutMs)
  const wall = performance.now() - started
  const stats = (await json<Stats>(`${sim}/__sim/stats`)).body
  const log = stack.log().slice(logStart)
  if (summary.failed > 0 || summary.done < summary.jobs)
    throw new Error(`refresh ${summary.gameweek}: ${summary.done}/${summary.jobs} done, ${summary.failed} failed`)
  add(`Refresh ${label}: wall time (s)`, fmt(wall / 1000, 1), '900 s (15-min cron window)', ratio(wall, 900_000, 4), opts.target)
  // Upstream requests per standings page of the league: 1.0 means no page fetched twice.
  const pages = Object.entries(stats.byUrl).filter(([u]) => u.includes(`leagues-classic/${opts.fplLeague}/standings`))
  const requests = pages.reduce((s, [, n]) => s + n, 0)
  add(
    `Refresh ${label}: upstream requests per standings page (FPL ${opts.fplLeague})`,
    fmt(requests / Math.max(pages.length, 1), 2),
    `${pages.length} distinct pages`,
    '',
    '1.00',
  )
  // Queue consumer invocations as wrangler dev logs them ("QUEUE name 1/1 (Ok)"), plus the cron.
  const invocations = (log.match(/QUEUE\s+\S+\s+\d+\/\d+/g) ?? []).reduce((s, m) => s + Number(/(\d+)\/\d+/.exec(m)![1]), 0) + 1
  add(
    `Refresh ${label}: mean upstream subrequests per invocation`,
    fmt(stats.total / invocations, 1),
    `${stats.total} requests / ${invocations} invocations`,
    ratio(stats.total / invocations, 50),
    '≤ 50 (Free limit)',
  )
  add(`Refresh ${label}: peak upstream requests in flight`, String(stats.maxInFlight), '6 (connection limit)', ratio(stats.maxInFlight, 6), '≤ 6')
  const after = await snapshot(persistDir, opts.tournaments)
  const w1 = await writes(persistDir)
  const n = changed(before, after)
  add(
    `Refresh ${label}: standings rows written per row changed`,
    n > 0 ? fmt((w1 - w0) / n, 2) : 'n/a (no row changed)',
    `${w1 - w0} written / ${n} changed`,
    '',
    '≤ 1.0',
  )
  return { wall, summary }
}

/**
 * A user whose FPL team is in the 100,000-entry league proves the team (the simulator renames it
 * to carry the code, at `simOrigin`'s control API) and creates a tournament for it.
 */
export async function createGiantTournament(base: string, simOrigin: string, fplLeague: number, teamId: number): Promise<number> {
  const email = `bench-${Date.now()}@example.com`
  const password = 'Bench-Pass1!'
  const reg = await json(`${base}/api/auth/register`, { method: 'POST', body: JSON.stringify({ name: 'Bench Giant', email, password, fpl_team_id: teamId }) })
  if (reg.status >= 300) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body).slice(0, 200)}`)
  let token: string | undefined
  for (let i = 0; i < 40 && !token; i += 1) {
    const outbox = (await json<Array<{ text: string }>>(`${base}/api/dev/outbox?to=${encodeURIComponent(email)}`)).body
    token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(outbox[0]?.text ?? '')?.[1]
    if (!token) await new Promise((resolve) => setTimeout(resolve, 250))
  }
  if (!token) throw new Error('no verification email')
  const verified = await json(`${base}/api/auth/verify-email`, { method: 'POST', body: JSON.stringify({ token }) })
  if (verified.status >= 300) throw new Error(`verify: ${verified.status} ${JSON.stringify(verified.body).slice(0, 200)}`)
  const login = await json(`${base}/api/auth/login`, { method: 'POST', body: JSON.stringify({ email, password }) })
  const bearer = login.body?.access_token
  if (!bearer) throw new Error(`login: ${login.status}`)
  const auth = { authorization: `Bearer ${bearer}` }
  const challenge = await json<{ code: string }>(`${base}/api/auth/fpl-team/challenge`, { method: 'POST', headers: auth, body: '{}' })
  if (challenge.status !== 200) throw new Error(`challenge: ${challenge.status} ${JSON.stringify(challenge.body).slice(0, 200)}`)
  await fetch(`${simOrigin}/__sim/entries/${teamId}`, { method: 'POST', body: JSON.stringify({ name: `Giant ${challenge.body.code}` }) })
  const proven = await json(`${base}/api/auth/fpl-team/verify`, { method: 'POST', headers: auth, body: '{}' })
  if (proven.status !== 200) throw new Error(`verify: ${proven.status} ${JSON.stringify(proven.body).slice(0, 200)}`)
  const created = await json(`${base}/api/leagues?name=${encodeURIComponent('Sim Giant League')}&fpl_league_id=${fplLeague}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}` },
  })
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body).slice(0, 200)}`)
  return Number(created.body.league_id)
}
