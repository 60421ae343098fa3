import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { runScheduled } from '../../worker/cron/scheduled'
import { NOT_JOINED_SHOWN } from '../../worker/services/commissioner'
import { handleRefreshMessage } from '../../worker/services/refresh'
import { FPL_REQUESTS_PER_INVOCATION } from '../../worker/services/refresh/types'
import { countingD1 } from './helpers/d1'
import { routeFplToSimulator, SIM_LEAGUES, simulator } from './helpers/fpl'
import { call } from './helpers/http'
import { addMember, addTournament, addUser, bearer, drainQueue, FakeQueue, getJson } from './helpers/world'

// Leagues too big for one invocation: the work fans out over queue messages, each within the
// free plan's 50 subrequests, and every standings page is fetched exactly once.

const sim = simulator()
let megaId = 0
let giantId = 0
let megaMember: Record<string, string> = {}
let giantMember: Record<string, string> = {}
// Deep in the 100,000-manager league, far below the stored top 100 pages.
const GIANT_MEMBER = 1_190_000

const megaPageRequests = () =>
  Object.entries(sim.stats().byUrl).filter(([path]) => path.includes(`leagues-classic/${SIM_LEAGUES.mega}/standings/`) && /phase=1(&|$)/.test(path))
const megaPagesFetched = () => new Set(megaPageRequests().map(([path]) => /page_standings=(\d+)/.exec(path)?.[1]))

beforeAll(async () => {
  routeFplToSimulator(sim)
  sim.setGameweek(12, 'checked')
  const owner = await addUser('owner@example.com', 'Owner', 1001001)
  megaId = await addTournament('Sim Mega League', SIM_LEAGUES.mega, owner)
  await addMember(megaId, owner)
  megaMember = await bearer(owner)
  const deep = await addUser('deep@example.com', 'Deep', GIANT_MEMBER)
  giantId = await addTournament('Sim Giant League', SIM_LEAGUES.giant, deep)
  await addMember(giantId, deep)
  giantMember = await bearer(deep)
})

describe('refreshing large leagues', () => {
  it('stores a 5,000-manager league in full within the subrequest limit, one request per page', async () => {
    sim.resetStats()
    const started = Date.now()
    const queue = new FakeQueue()
    await runScheduled(env, Date.now(), { queue, forceState: true })
    // The first invocation learns the table's size and fetches pages side by side, instead of
    // handing one page at a time down a chain of invocations.
    const megaJob = await env.DB.prepare('SELECT id FROM refresh_jobs WHERE tournament_id = ?').bind(megaId).first<string>('id')
    const first = queue.messages.findIndex((m) => m.job === megaJob)
    const firstOutcome = await handleRefreshMessage({ env, queue }, queue.messages.splice(first, 1)[0]!)
    expect(megaPagesFetched().size).toBeGreaterThanOrEqual(20)

    const { outcomes: rest, failures } = await drainQueue(queue)
    const outcomes = [firstOutcome, ...rest]
    const wallMs = Date.now() - started
    expect(failures).toEqual([])

    const maxRequests = Math.max(...outcomes.map((o) => o.requests))
    expect(maxRequests).toBeLessThanOrEqual(FPL_REQUESTS_PER_INVOCATION)
    expect(outcomes.length).toBeGreaterThan(3) // it really fanned out

    const pageRequests = megaPageRequests()
    const distinctPages = megaPagesFetched()
    expect(distinctPages.size).toBe(100)
    expect(pageRequests.reduce((n, [, count]) => n + count, 0) / distinctPages.size).toBe(1)

    const rows = await env.DB.prepare('SELECT count(*) AS n FROM standings_rows WHERE tournament_id = ?').bind(megaId).first('n')
    expect(rows).toBe(5000)
    const deep = await getJson<{ standings: unknown[]; pagination_metadata: { total_pages: number } }>(`/api/leagues/${megaId}/standings?page=100`, megaMember)
    expect(deep.body.standings).toHaveLength(50)
    expect(deep.body.pagination_metadata.total_pages).toBe(100)
    const { gameweek_summary } = (await getJson<{ gameweek_summary: { managers_counted: number } }>(`/api/leagues/${megaId}/standings?page=7`, megaMember)).body
    expect(gameweek_summary.managers_counted).toBe(5000)
    console.info(`refresh of the 5,000 and 100,000 leagues: ${wallMs} ms wall, ${outcomes.length} invocations, max ${maxRequests} FPL requests per invocation`)
  }, 120_000)

  it('keeps only the top of a 100,000-manager league plus the pages where our members stand', async () => {
    const meta = await getJson<{ total_members: number; standings: Array<{ fpl_team_id: number }> }>(`/api/leagues/${giantId}/standings?page=1`, giantMember)
    expect(meta.body.total_members).toBe(100_000)
    const stored = await env.DB.prepare('SELECT count(*) AS n, max(position) AS deepest FROM standings_rows WHERE tournament_id = ?')
      .bind(giantId)
      .first<{ n: number; deepest: number }>()
    expect(stored!.n).toBeLessThanOrEqual(5050)
    expect(stored!.deepest).toBeGreaterThan(5000)
    const own = await env.DB.prepare('SELECT position FROM standings_rows WHERE tournament_id = ? AND fpl_team_id = ?')
      .bind(giantId, GIANT_MEMBER)
      .first<{ position: number }>()
    expect(own).not.toBeNull()
    const page = Math.ceil(own!.position / 50)
    const memberPage = await getJson<{ standings: Array<{ fpl_team_id: number }> }>(`/api/leagues/${giantId}/standings?page=${page}`, giantMember)
    expect(memberPage.body.standings.map((r) => r.fpl_team_id)).toContain(GIANT_MEMBER)
    const gap = await getJson<{ standings: unknown[]; message: string }>(`/api/leagues/${giantId}/standings?page=500`, giantMember)
    expect(gap.body.standings).toEqual([])
    expect(gap.body.message).toMatch(/not stored/)
    // The gameweek summary covers what the refresh read (the top and our members' pages), and says so.
    expect(gap.body).toMatchObject({ gameweek_summary: { gameweek: 12, managers_counted: stored!.n, provisional: false } })
    // The deep member's page, named on any page they ask for (the Live tab opens there; decision 045).
    expect((await getJson<{ current_user_page: number }>(`/api/leagues/${giantId}/standings`, giantMember)).body.current_user_page).toBe(page)
  })

  it('searches the 5,000-manager league and the stored part of the 100,000 one by name, and says what a search covers', async () => {
    type Found = { standings: Array<{ player_name: string; team_name: string }>; search: { total_matches: number }; message: string | null }
    const timed = async (path: string, headers: Record<string, string>) => {
      const started = performance.now()
      const answer = await getJson<Found>(path, headers)
      return { ...answer, ms: performance.now() - started }
    }
    // Warm: the first request of a file pays for module and isolate set-up.
    await getJson(`/api/leagues/${megaId}/standings?search=a`, megaMember)
    const mega = await timed(`/api/leagues/${megaId}/standings?search=son`, megaMember)
    const expected = await env.DB.prepare(
      "SELECT count(*) AS n FROM standings_rows WHERE tournament_id = ? AND (lower(team_name) LIKE '%son%' OR lower(player_name) LIKE '%son%')",
    )
      .bind(megaId)
      .first<number>('n')
    expect(mega.body.search.total_matches).toBe(expected)
    expect(mega.body.standings.length).toBe(Math.min(50, expected!))
    expect(mega.body.message).toBeNull()
    const giant = await timed(`/api/leagues/${giantId}/standings?search=son`, giantMember)
    expect(giant.body.search.total_matches).toBeGreaterThan(0)
    expect(giant.body.message).toBe('Search covers the top of this very large league and the pages where our members stand.')
    // What D1 reads for it: the count scans the tournament's rows (a %text% pattern has no index); the page stops at its last match.
    const like = "(team_name LIKE '%son%' ESCAPE '\\' OR player_name LIKE '%son%' ESCAPE '\\')"
    const read = async (query: string) => (await env.DB.prepare(query).bind(megaId).all()).meta.rows_read
    const countRows = await read(`SELECT count(*) FROM standings_rows WHERE tournament_id = ? AND ${like}`)
    const pageRows = await read(`SELECT * FROM standings_rows WHERE tournament_id = ? AND ${like} ORDER BY position LIMIT 50`)
    expect(countRows).toBeLessThanOrEqual(5001)
    console.info(`search "son" in the 5,000-row table: D1 rows read ${countRows} (count) + ${pageRows} (first page of 50)`)
    console.info(`search "son": 5,000 rows -> ${expected} matches in ${mega.ms.toFixed(1)} ms; 100,000 (stored part) in ${giant.ms.toFixed(1)} ms`)
  })

  it("lists the 100,000-manager league's managers who have not joined from the stored top: 50 named, the rest counted, in one trip", async () => {
    const { db, counter } = countingD1()
    const started = performance.now()
    const res = await call(`/api/leagues/${giantId}/members`, { headers: giantMember }, { DB: db })
    const ms = performance.now() - started
    expect(res.status).toBe(200)
    const body = (await res.json()) as { fpl_league_size: number; not_joined: { total: number; managers: Array<{ rank: number }> } }
    expect(body.fpl_league_size).toBe(100_000)
    expect(body.not_joined.total).toBe(99_999)
    expect(body.not_joined.managers).toHaveLength(NOT_JOINED_SHOWN)
    expect(body.not_joined.managers[0]!.rank).toBe(1)
    expect(counter.trips).toBe(1)
    // The scan stops after the rows it returns: the members, the session and about one page of the table.
    expect(counter.rowsRead).toBeLessThan(200)
    console.info(`members answer of the 100,000-manager league: ${counter.rowsRead} rows read, ${ms.toFixed(1)} ms in workerd`)
  })
})
