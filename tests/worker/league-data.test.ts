import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { TIES } from '../fpl-simulator/handler.ts'
import { SIM_LEAGUES, simulator } from './helpers/fpl'
import { addTournament, addUser, bearer, getJson, officeLeagueWithBoss, PUBLIC_TOURNAMENT_ID, runCronAndQueue } from './helpers/world'

// The read API of the data engine: exact response fields, paging, validation, look-ups.

const sim = simulator()
let officeId = 0
let emptyId = 0
let boss: Record<string, string> = {}
let otherAuth: Record<string, string> = {}

beforeAll(async () => {
  const office = await officeLeagueWithBoss(sim)
  officeId = office.officeId
  boss = office.boss
  const other = await addUser('other@example.com', 'Other', null)
  emptyId = await addTournament('Not Refreshed Yet', SIM_LEAGUES.fridays, other)
  otherAuth = await bearer(other)
  await env.DB.prepare("UPDATE tournaments SET fpl_season = '2025/26' WHERE id = ?").bind(emptyId).run() // last season: never refreshed
  const { failures } = await runCronAndQueue()
  expect(failures).toEqual([])
})

describe('GET /api/leagues/{id}/standings', () => {
  it('answers the product’s fields, 50 per page by default, across four pages', async () => {
    const { status, body } = await getJson<Record<string, unknown> & { standings: Array<Record<string, unknown>> }>(`/api/leagues/${officeId}/standings`, boss)
    expect(status).toBe(200)
    expect(Object.keys(body)).toEqual(
      expect.arrayContaining([
        'standings',
        'demo_mode',
        'message',
        'pagination_metadata',
        'current_user_position',
        'current_user_in_standings',
        'total_members',
        'fpl_active_members',
        'is_public_tournament',
        'data_source',
      ]),
    )
    expect(Object.keys(body.standings[0]!).sort()).toEqual(
      ['fpl_team_id', 'team_name', 'player_name', 'total_points', 'gameweek_points', 'rank', 'last_rank', 'is_current_user'].sort(),
    )
    expect(body.standings).toHaveLength(50)
    expect(body.pagination_metadata).toEqual({ current_page: 1, per_page: 50, total_members: 180, total_pages: 4, has_previous: false, has_next: true })
    expect(body).toMatchObject({ total_members: 180, fpl_active_members: 1, is_public_tournament: false, data_source: 'fpl_api', demo_mode: false })

    const last = await getJson<{ standings: unknown[]; pagination_metadata: Record<string, unknown> }>(`/api/leagues/${officeId}/standings?page=4`, boss)
    expect(last.body.standings).toHaveLength(30)
    expect(last.body.pagination_metadata).toMatchObject({ current_page: 4, has_previous: true, has_next: false })
    const small = await getJson<{ standings: unknown[]; pagination_metadata: Record<string, unknown> }>(
      `/api/leagues/${officeId}/standings?page=2&limit=20`,
      boss,
    )
    expect(small.body.standings).toHaveLength(20)
    expect(small.body.pagination_metadata).toMatchObject({ per_page: 20, total_pages: 9 })
  })

  it('orders the table like FPL does, ties split on transfers or shared when those are equal too', async () => {
    const rows: Array<{ fpl_team_id: number; rank: number; total_points: number }> = []
    for (let page = 1; page <= 4; page++)
      rows.push(...(await getJson<{ standings: typeof rows }>(`/api/leagues/${officeId}/standings?page=${page}`, boss)).body.standings)
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i]!.total_points).toBeLessThanOrEqual(rows[i - 1]!.total_points)
      // A shared rank only on an equal total; otherwise the place itself.
      if (rows[i]!.rank !== i + 1) expect([rows[i]!.total_points, rows[i]!.rank]).toEqual([rows[i - 1]!.total_points, rows[i - 1]!.rank])
    }
    const rankOf = (entry: number) => rows.find((r) => r.fpl_team_id === entry)?.rank
    expect(TIES.byTransfers.entries.map(rankOf)).toEqual([...TIES.byTransfers.ranks])
    expect(TIES.shared.entries.map(rankOf)).toEqual([TIES.shared.rank, TIES.shared.rank])
  })

  it('carries one league-wide gameweek summary, the same on page 1 and page 3, over all 180 rows', async () => {
    type Row = { player_name: string; team_name: string; gameweek_points: number }
    type Answer = { standings: Row[]; gameweek_summary: Record<string, unknown> | null }
    const pages: Answer[] = []
    for (let page = 1; page <= 4; page++) pages.push((await getJson<Answer>(`/api/leagues/${officeId}/standings?page=${page}`, boss)).body)
    const all = pages.flatMap((p) => p.standings)
    expect(all).toHaveLength(180)
    // Computed here from every row, independently of the worker's function.
    const best = Math.max(...all.map((r) => r.gameweek_points))
    const first = all.find((r) => r.gameweek_points === best)!
    const expected = {
      gameweek: 12,
      top_scorer: {
        player_name: first.player_name,
        team_name: first.team_name,
        points: best,
        tied_with: all.filter((r) => r.gameweek_points === best).length - 1,
      },
      average_points: Math.round((all.reduce((sum, r) => sum + r.gameweek_points, 0) / all.length) * 10) / 10,
      provisional: false, // the gameweek is checked
      managers_counted: 180,
    }
    expect(pages[0]!.gameweek_summary).toEqual(expected)
    expect(pages[2]!.gameweek_summary).toEqual(expected)
    // What the page-derived card used to show differs from page to page.
    const pageTop = (p: Answer) => Math.max(...p.standings.map((r) => r.gameweek_points))
    const pageAverage = (p: Answer) => p.standings.reduce((sum, r) => sum + r.gameweek_points, 0) / p.standings.length
    expect([pageTop(pages[0]!), pageAverage(pages[0]!)]).not.toEqual([pageTop(pages[2]!), pageAverage(pages[2]!)])
    // A smaller page size changes nothing either.
    const small = await getJson<Answer>(`/api/leagues/${officeId}/standings?page=5&limit=20`, boss)
    expect(small.body.gameweek_summary).toEqual(expected)
  })

  it('answers a null gameweek summary from a snapshot written before it existed, never page-based figures', async () => {
    const saved = await env.DB.prepare('SELECT standings_meta AS meta FROM tournament_snapshots WHERE tournament_id = ?').bind(officeId).first<string>('meta')
    await env.DB.prepare("UPDATE tournament_snapshots SET standings_meta = json_remove(standings_meta, '$.gameweek_summary') WHERE tournament_id = ?")
      .bind(officeId)
      .run()
    try {
      const { body } = await getJson<{ standings: unknown[]; gameweek_summary: unknown }>(`/api/leagues/${officeId}/standings`, boss)
      expect(body.standings).toHaveLength(50)
      expect(body.gameweek_summary).toBeNull()
    } finally {
      await env.DB.prepare('UPDATE tournament_snapshots SET standings_meta = ? WHERE tournament_id = ?').bind(saved, officeId).run()
    }
  })

  it('says when the first refresh has not happened yet', async () => {
    const { body } = await getJson<Record<string, unknown>>(`/api/leagues/${emptyId}/standings`, otherAuth)
    expect(body).toMatchObject({ standings: [], data_source: 'pending', message: 'Standings will appear after the next data refresh.' })
  })

  it.each([
    ['/api/leagues/abc/standings', 400, 'ID must be a number'],
    ['/api/leagues/0/standings', 400, 'ID must be greater than 0'],
    ['/api/leagues/1/standings?page=0', 400, 'Page must be at least 1'],
    ['/api/leagues/1/standings?limit=1000', 400, 'Limit must be at most 100'],
    ['/api/leagues/99999/standings', 404, 'League not found'],
  ])('rejects %s with %i and a readable detail', async (path, status, detail) => {
    const res = await getJson<{ detail: string }>(path)
    expect(res.status).toBe(status)
    expect(res.body.detail).toBe(detail)
  })
})

describe('GET /api/leagues/{id}/monthly-winners and /banter-stats', () => {
  it('answers monthly winners with the product’s fields', async () => {
    const { body } = await getJson<{ monthly_winners: Array<Record<string, unknown>> }>(`/api/leagues/${officeId}/monthly-winners`, boss)
    const finished = body.monthly_winners.find((w) => w.status === 'finished')!
    expect(Object.keys(finished)).toEqual(
      expect.arrayContaining([
        'month',
        'year',
        'status',
        'prize',
        'gameweeks_played',
        'leading_player',
        'leading_points',
        'winner',
        'monthly_points',
        'average_per_gw',
        'runners_up',
      ]),
    )
    expect(finished.prize).toBe(0) // prizes are switched off
    expect((finished.runners_up as Array<{ position: number }>).map((r) => r.position)[0]).toBe(2)
    // Ours (decision 044): the title holders, the product's `winner` first; one name unless tied.
    expect(finished.joint_winners).toEqual([finished.winner])
  })

  it('answers banter stats for a league bigger than one page over its top and our members', async () => {
    const { body } = await getJson<{ comprehensive_banter_stats: Record<string, Record<string, unknown>> }>(`/api/leagues/${officeId}/banter-stats`, boss)
    expect(body.comprehensive_banter_stats.tournament_stats).toEqual({ tournament_type: 'private', league_name: 'Office Banter League', total_members: 180 })
    expect(body.comprehensive_banter_stats.league_context).toMatchObject({ name: 'Office Banter League', tournament_type: 'private' })
  })

  it('answers the public tournament too', async () => {
    const { body } = await getJson<{ is_public_tournament: boolean }>(`/api/leagues/${PUBLIC_TOURNAMENT_ID}/standings`)
    expect(body.is_public_tournament).toBe(true)
  })
})

describe('site-wide stats', () => {
  it('counts verified users', async () => {
    await addUser('unverified@example.com', 'Unverified', null, false)
    expect((await getJson('/api/user-stats')).body).toEqual({ total_users: 2 })
  })

  it('answers public banter stats with the product’s fields', async () => {
    const { body } = await getJson<{ stats: Record<string, Record<string, unknown>>; total_players: number; total_leagues: number; data_source: string }>(
      '/api/public-banter-stats',
    )
    expect(body.data_source).toBe('live')
    expect(body.total_leagues).toBe(4)
    expect(body.stats.top_scorer).toMatchObject({ source_tournament_name: 'Office Banter League' })
  })
})

describe('FPL look-ups', () => {
  it('validates a league id: unknown, new, and already tracked with its commissioner', async () => {
    expect((await getJson('/api/validate-league/999999')).body).toEqual({
      fpl_valid: false,
      fpl_league_name: null,
      system_exists: false,
      commissioner_name: null,
      team_in_league: null, // anonymous: no team to check
    })
    expect((await getJson(`/api/validate-league/${SIM_LEAGUES.sunday}`)).body).toEqual({
      fpl_valid: true,
      fpl_league_name: 'Sunday League Legends',
      system_exists: false,
      commissioner_name: null,
      team_in_league: null,
    })
    expect((await getJson(`/api/validate-league/${SIM_LEAGUES.office}`)).body).toEqual({
      fpl_valid: true,
      fpl_league_name: 'Office Banter League',
      system_exists: true,
      commissioner_name: 'Office Boss',
      team_in_league: null,
    })
  })

  it('validates a team against a league', async () => {
    expect((await getJson(`/api/validate-team/${SIM_LEAGUES.pub}/1000001`)).body).toEqual({ valid: true, team_name: expect.any(String) })
    expect((await getJson(`/api/validate-team/${SIM_LEAGUES.pub}/1000101`)).body).toMatchObject({ valid: false })
    expect((await getJson(`/api/validate-team/${SIM_LEAGUES.pub}/9999999`)).body).toEqual({ valid: false, team_name: '' })
    expect((await getJson('/api/validate-team/abc/1')).status).toBe(400)
  })

  it('answers 503 with Retry-After when FPL cannot be reached and nothing is cached', async () => {
    sim.injectFault({ kind: 'updating', match: 'entry/1000002' })
    const { call } = await import('./helpers/http')
    const res = await call(`/api/validate-team/${SIM_LEAGUES.pub}/1000002`)
    sim.clearFaults()
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('60')
    expect(((await res.json()) as { detail: string }).detail).toMatch(/FPL API is not answering/)
  })
})
