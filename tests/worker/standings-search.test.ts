import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { simulator } from './helpers/fpl'
import { addMember, addUser, bearer, getJson, officeLeagueWithBoss, PUBLIC_TOURNAMENT_ID, runCronAndQueue } from './helpers/world'

// Finding yourself in a big league (decisions 045 and 046): the standings answer says on
// which page the viewer's own row is, and `search` finds managers and teams by name across the
// whole stored table, LIKE-safe, with their real ranks and its own paging.

interface Row {
  position: number
  fpl_team_id: number
  team_name: string
  player_name: string
  rank: number
}
interface Answer {
  standings: Array<{ fpl_team_id: number; team_name: string; player_name: string; rank: number; is_current_user: boolean }>
  message: string | null
  pagination_metadata: { current_page: number; per_page: number; total_members: number; total_pages: number; has_previous: boolean; has_next: boolean }
  current_user_position: number | null
  current_user_in_standings: boolean
  current_user_page: number | null
  search: { query: string; total_matches: number } | null
  total_members: number
}

const sim = simulator()
let officeId = 0
let table: Row[] = []
let pageThree: Row
let boss: Record<string, string> = {}
let deepMember: Record<string, string> = {}
let teamless: Record<string, string> = {}
let outsider: Record<string, string> = {}

const standings = (query: string, headers = boss) => getJson<Answer>(`/api/leagues/${officeId}/standings${query}`, headers)
const search = (text: string, more = '') => standings(`?search=${encodeURIComponent(text)}${more}`)
// SQLite's LIKE folds ASCII letters only; the simulator's names are ASCII.
const contains = (name: string, text: string) => name.toLowerCase().includes(text.toLowerCase())
const matchesOf = (text: string) => table.filter((r) => contains(r.team_name, text) || contains(r.player_name, text))

beforeAll(async () => {
  const office = await officeLeagueWithBoss(sim)
  officeId = office.officeId
  boss = office.boss
  const { failures } = await runCronAndQueue()
  expect(failures).toEqual([])
  table = (await env.DB.prepare('SELECT * FROM standings_rows WHERE tournament_id = ? ORDER BY position').bind(officeId).all<Row>()).results
  expect(table).toHaveLength(180)

  // A member whose row is on page 3 (positions 101-150), one without an FPL team, one outside.
  pageThree = table[119]!
  const deepId = await addUser('deep@example.com', 'Deep Member', pageThree.fpl_team_id)
  await addMember(officeId, deepId)
  deepMember = await bearer(deepId)
  const teamlessId = await addUser('teamless@example.com', 'No Team', null)
  await addMember(officeId, teamlessId)
  teamless = await bearer(teamlessId)
  outsider = await bearer(await addUser('outsider@example.com', 'Outsider', null))
})

describe('current_user_page', () => {
  it('names the page of a member on page 3, whatever page or page size was asked', async () => {
    const { status, body } = await standings('', deepMember)
    expect(status).toBe(200)
    expect(body).toMatchObject({ current_user_page: 3, current_user_position: pageThree.rank, current_user_in_standings: true })
    expect(body.pagination_metadata.current_page).toBe(1)
    expect((await standings('?page=3', deepMember)).body.standings.find((r) => r.is_current_user)?.fpl_team_id).toBe(pageThree.fpl_team_id)
    expect((await standings('?page=2&limit=20', deepMember)).body.current_user_page).toBe(6) // position 120 at 20 a page
    expect((await standings('?search=zzz-nothing', deepMember)).body.current_user_page).toBe(3)
  })

  it('is null for a member outside the table and for a visitor', async () => {
    expect((await standings('', teamless)).body).toMatchObject({ current_user_page: null, current_user_in_standings: false })
    const visitor = await getJson<Answer>(`/api/leagues/${PUBLIC_TOURNAMENT_ID}/standings`)
    expect(visitor.status).toBe(200)
    expect(visitor.body.current_user_page).toBeNull()
  })
})

describe('GET /api/leagues/{id}/standings?search=', () => {
  it('finds a manager by name, case-insensitively, with the real rank', async () => {
    const target = table[137]!
    const text = target.player_name.split(' ').at(-1)!.toUpperCase()
    const { body } = await search(text, '&limit=100')
    const expected = matchesOf(text)
    expect(body.search).toEqual({ query: text, total_matches: expected.length })
    expect(body.standings.map((r) => r.fpl_team_id)).toEqual(expected.map((r) => r.fpl_team_id))
    expect(body.standings.find((r) => r.fpl_team_id === target.fpl_team_id)).toMatchObject({ rank: target.rank, player_name: target.player_name })
    expect(body.total_members).toBe(180) // the league's size stays the league's
  })

  it('finds a team by name, in lower case and trimmed', async () => {
    const target = table[64]!
    const text = target.team_name.slice(1, 8).trim().toLowerCase()
    const { body } = await search(`  ${text} `)
    expect(body.search?.query).toBe(text)
    expect(body.standings.map((r) => r.fpl_team_id)).toContain(target.fpl_team_id)
    expect(body.standings.every((r) => contains(r.team_name, text) || contains(r.player_name, text))).toBe(true)
  })

  it('takes %, _ and \\ literally', async () => {
    const [a, b, c] = [table[10]!, table[90]!, table[170]!]
    const rename = (row: Row, name: string) =>
      env.DB.prepare('UPDATE standings_rows SET team_name = ? WHERE tournament_id = ? AND position = ?').bind(name, officeId, row.position).run()
    await rename(a, '100% Pure Luck')
    await rename(b, 'Snake_Case FC')
    await rename(c, 'Back\\slash United')
    try {
      const ids = async (text: string) => (await search(text, '&limit=100')).body.standings.map((r) => r.fpl_team_id)
      expect(await ids('%')).toEqual([a.fpl_team_id])
      expect(await ids('0% p')).toEqual([a.fpl_team_id])
      expect(await ids('_')).toEqual([b.fpl_team_id])
      expect(await ids('e_c')).toEqual([b.fpl_team_id])
      expect(await ids('\\')).toEqual([c.fpl_team_id])
      expect(await ids('k\\s')).toEqual([c.fpl_team_id])
    } finally {
      for (const row of [a, b, c]) await rename(row, row.team_name)
    }
  })

  it('pages through its matches in table order', async () => {
    const expected = matchesOf('a')
    expect(expected.length).toBeGreaterThan(40)
    const first = (await search('a', '&limit=20')).body
    expect(first.pagination_metadata).toEqual({
      current_page: 1,
      per_page: 20,
      total_members: expected.length,
      total_pages: Math.ceil(expected.length / 20),
      has_previous: false,
      has_next: true,
    })
    const seen = [...first.standings]
    for (let page = 2; page <= first.pagination_metadata.total_pages; page++) seen.push(...(await search('a', `&limit=20&page=${page}`)).body.standings)
    expect(seen.map((r) => r.fpl_team_id)).toEqual(expected.map((r) => r.fpl_team_id))
    expect(seen.map((r) => r.rank)).toEqual(expected.map((r) => r.rank))
    const past = (await search('a', `&limit=20&page=${first.pagination_metadata.total_pages + 1}`)).body
    expect(past.standings).toEqual([])
    expect(past.pagination_metadata.has_next).toBe(false)
  })

  it('says so when nothing matches', async () => {
    const { status, body } = await search('Nobody Called This')
    expect(status).toBe(200)
    expect(body).toMatchObject({
      standings: [],
      search: { query: 'Nobody Called This', total_matches: 0 },
      message: 'No manager or team name matches "Nobody Called This".',
    })
    expect(body.pagination_metadata).toMatchObject({ total_members: 0, total_pages: 1, has_next: false })
  })

  it('reads a blank search as the whole table', async () => {
    const { body } = await search('   ')
    expect(body.search).toBeNull()
    expect(body.standings).toHaveLength(50)
    expect(body.pagination_metadata.total_members).toBe(180)
  })

  it('keeps a private league private: a non-member cannot search it', async () => {
    expect((await standings(`?search=a`, outsider)).status).toBe(403)
    expect((await getJson(`/api/leagues/${officeId}/standings?search=a`)).status).toBe(401)
  })

  it.each([
    [`?search=${'x'.repeat(51)}`, 'Search must be at most 50 characters'],
    ['?search=a&page=0', 'Page must be at least 1'],
    ['?search=a&page=two', 'Page must be a number'],
    ['?search=a&limit=101', 'Limit must be at most 100'],
  ])('rejects %s with the one error body', async (query, detail) => {
    const res = await standings(query)
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ detail, code: 'validation_error' })
  })
})
