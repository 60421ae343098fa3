import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { type GazetteAnswer, LOW_PROFILE } from '../../contract/gazette'
import { runWrites } from '../../worker/db/batch'
import { getDb } from '../../worker/db/client'
import { gazetteStep } from '../../worker/services/story/gazette'
import { routeFplToSimulator, SIM_LEAGUES, simulator } from './helpers/fpl'
import { call, json } from './helpers/http'
import { NotifyQueue } from './helpers/notify'
import { storyContext } from './helpers/story'
import { addMember, addTournament, addUser, bearer, getJson, runCronAndQueue, testClock } from './helpers/world'

// The Gameweek Gazette through the real refresh (decision 134): one edition per checked
// gameweek, never twice, never naming a member who switched sharing off, the commissioner's to
// delete or switch off, the wall's members' to read.

const sim = simulator()
let pubId = 0
let owner: Record<string, string> = {}
let member: Record<string, string> = {}
let outsider: Record<string, string> = {}
let hidden: string[] = []

interface TableRow {
  entry: number
  player_name: string
  entry_name: string
  total: number
  event_total: number
  rank: number
}

async function simTable(): Promise<TableRow[]> {
  const res = await sim.fetch(new Request(`http://sim/api/leagues-classic/${SIM_LEAGUES.pub}/standings/?page_standings=1`))
  return ((await res.json()) as { standings: { results: TableRow[] } }).standings.results
}

const gazette = (headers = member) => getJson<GazetteAnswer>(`/api/leagues/${pubId}/gazette`, headers)
const editionCount = async () =>
  (await env.DB.prepare('SELECT count(*) AS n FROM gazette_editions WHERE tournament_id = ?').bind(pubId).first<number>('n')) ?? 0
/**
 * The simulator moves to another gameweek state. The FPL cache writes a key at most once a second
 * (KV's same-key limit), so a test that moves faster than FPL ever does steps its clock on, or the
 * refresh would read the previous bootstrap and not see the month end.
 */
function simAt(gw: number, phase: 'live' | 'checked') {
  sim.setGameweek(gw, phase)
  testClock.skippedMs += 1_500
}

/** Forces the next cron run to refresh the tournament again at the same gameweek (a retry). */
const forgetVersion = () => env.DB.prepare("UPDATE tournament_snapshots SET data_version = 'stale' WHERE tournament_id = ?").bind(pubId).run()

beforeAll(async () => {
  routeFplToSimulator(sim)
  sim.setGameweek(12, 'live')
  const boss = await addUser('boss@example.com', 'Boss', 1000001)
  pubId = await addTournament('The Pub League', SIM_LEAGUES.pub, boss)
  await addMember(pubId, boss)
  owner = await bearer(boss)
  // The GW 12 leader and the week's top scorer are our members, and both switched sharing off.
  sim.setGameweek(12, 'checked')
  const table = await simTable()
  const leader = table.find((r) => r.rank === 1) as TableRow
  const top = table.reduce((a, b) => (b.event_total > a.event_total ? b : a))
  const shy = [...new Map([leader, top].filter((r) => r.entry !== 1000001).map((r) => [r.entry, r])).values()]
  for (const row of shy) {
    const id = await addUser(`shy${row.entry}@example.com`, 'Shy', row.entry)
    await env.DB.prepare('UPDATE users SET banter_sharing_enabled = 0 WHERE id = ?').bind(id).run()
    await addMember(pubId, id)
  }
  hidden = shy.flatMap((r) => [r.player_name, r.entry_name])
  expect(hidden.length).toBeGreaterThan(0)
  const plain = table.find((r) => !shy.includes(r) && r.entry !== 1000001) as TableRow
  const memberId = await addUser('member@example.com', 'Member', plain.entry)
  await addMember(pubId, memberId)
  member = await bearer(memberId)
  outsider = await bearer(await addUser('outsider@example.com', 'Outsider', null))
  sim.setGameweek(12, 'live')
})

/** What a refresh announced to a tournament's members: [type, title, audience]. */
const broadcasts = (queue: NotifyQueue) => queue.of('notify:broadcast').map(({ body }) => [body.notice.type, body.notice.title, body.audience] as const)

describe('the Gameweek Gazette', () => {
  it('publishes nothing while the gameweek is in play', async () => {
    await runCronAndQueue()
    expect(await editionCount()).toBe(0)
    expect((await gazette()).body.editions).toEqual([])
  })

  it('publishes one edition when FPL checks the gameweek, from the facts, never naming a member who switched sharing off', async () => {
    simAt(12, 'checked')
    const notify = new NotifyQueue()
    await runCronAndQueue({ notify })
    // The members are told, once the snapshot is written (decision 139).
    expect(broadcasts(notify)).toEqual([['gazette', 'The GW 12 Gazette is out', { tournamentId: pubId }]])
    const { status, body } = await gazette()
    expect(status).toBe(200)
    expect(body).toMatchObject({ enabled: true, can_moderate: false })
    expect(body.editions).toHaveLength(1)
    const edition = body.editions[0] as GazetteAnswer['editions'][number]
    expect(edition).toMatchObject({ season: '2026/27', gameweek: 12, kind: 'gameweek', pinned: true })
    const text = JSON.stringify(edition.document)
    for (const name of hidden) expect(text).not.toContain(name)
    expect(text).toContain(LOW_PROFILE)
    // The facts: the table's average and the awards the Banter tab shows, the month's top three, the race.
    const table = await simTable()
    const average = Math.round(table.reduce((a, r) => a + r.event_total, 0) / table.length)
    expect(edition.document.standfirst).toContain(`an average of ${average} points across ${table.length} managers`)
    expect(edition.document.awards.map((a) => a.key)).toContain('gameweek_rocket')
    expect(edition.document.month).toMatchObject({ name: 'November', finished: false })
    expect(edition.document.month?.top).toHaveLength(3)
    expect(edition.document.race?.name).toBe('November')
  })

  it('publishes it once: a retry of the same gameweek changes nothing', async () => {
    const before = (await gazette()).body.editions[0]
    await forgetVersion()
    const notify = new NotifyQueue()
    await runCronAndQueue({ notify })
    expect(await editionCount()).toBe(1)
    expect(broadcasts(notify)).toEqual([])
    expect((await gazette()).body.editions[0]).toEqual(before)
  })

  it('publishes it once when two refreshes finalize at the same moment', async () => {
    const ctx = storyContext(
      { id: pubId, name: 'The Pub League' },
      {
        gameweek: 11,
        rows: [{ position: 1, fpl_team_id: 1000001, team_name: 'T', player_name: 'P', total_points: 700, gameweek_points: 60, rank: 1, last_rank: 1 }],
      },
    )
    const db = getDb(env.DB)
    const [first, second] = await Promise.all([gazetteStep(db, ctx, { race: null }, 1_000), gazetteStep(db, ctx, { race: null }, 2_000)])
    await Promise.all([runWrites(db, first.statements), runWrites(db, second.statements)])
    const rows = await env.DB.prepare('SELECT published_at FROM gazette_editions WHERE tournament_id = ? AND gameweek = 11')
      .bind(pubId)
      .all<{ published_at: number }>()
    expect(rows.results).toHaveLength(1)
    await env.DB.prepare('DELETE FROM gazette_editions WHERE tournament_id = ? AND gameweek = 11').bind(pubId).run()
  })

  it("is the wall's: members read it, others do not", async () => {
    expect((await gazette(outsider)).status).toBe(403)
    expect((await gazette({})).status).toBe(401)
    expect((await gazette(owner)).body.can_moderate).toBe(true)
  })

  it('lets the commissioner delete an edition for good, and only him', async () => {
    const path = `/api/leagues/${pubId}/gazette/2026-27/12`
    expect((await call(path, { method: 'DELETE', headers: member })).status).toBe(403)
    const res = await call(path, { method: 'DELETE', headers: owner })
    expect(res.status).toBe(200)
    expect((await gazette()).body.editions).toEqual([])
    await forgetVersion()
    await runCronAndQueue()
    expect((await gazette()).body.editions).toEqual([])
    expect((await call(path, { method: 'DELETE', headers: owner })).status).toBe(404)
    expect((await call(`/api/leagues/${pubId}/gazette/2026-27/99`, { method: 'DELETE', headers: owner })).status).toBe(400)
  })

  it("writes a Manager of the Month edition on a month's last gameweek", async () => {
    simAt(13, 'checked')
    const notify = new NotifyQueue()
    await runCronAndQueue({ notify })
    const edition = (await gazette()).body.editions[0]
    expect(broadcasts(notify).map(([type]) => type)).toEqual(['gazette', 'manager_of_the_month'])
    expect(broadcasts(notify)[1]?.[1]).toMatch(/^November Manager of the Month: /)
    expect(edition).toMatchObject({ gameweek: 13, kind: 'month', pinned: true })
    expect(edition?.document.manager_of_the_month?.month).toBe('November')
    expect(edition?.document.headline).toMatch(/November's Manager of the Month/)
    expect(edition?.document.month?.finished).toBe(true)
  })

  it("crowns the season's champion in a finale edition when FPL checks the last gameweek (decision 184)", async () => {
    simAt(38, 'checked')
    const notify = new NotifyQueue()
    await runCronAndQueue({ notify })
    expect(broadcasts(notify).map(([type]) => type)).toContain('gazette')
    const edition = (await gazette()).body.editions[0]
    expect(edition).toMatchObject({ gameweek: 38, kind: 'finale', pinned: true })
    const finale = edition?.document.finale
    // FPL's final table decides: its rank 1 are the champions, its top three the podium, names scrubbed as everywhere.
    const table = await simTable()
    const named = (name: string) => (hidden.includes(name) ? `A${LOW_PROFILE.slice(1)}` : name)
    expect(finale?.champions).toEqual(table.filter((r) => r.rank === 1).map((r) => named(r.player_name)))
    expect(finale?.points).toBe(table[0]?.total)
    expect(finale?.podium).toEqual(table.slice(0, 3).map((r) => ({ position: r.rank, player_name: named(r.player_name), points: r.total })))
    expect(finale?.records.map((r) => r.title)).toContain('Best gameweek')
    expect(edition?.document.headline).toContain('champion of 2026/27')
    for (const name of hidden) expect(JSON.stringify(edition?.document)).not.toContain(name)
  })

  it('publishes nothing once the commissioner has switched it off', async () => {
    const settings = (headers: Record<string, string>, enabled: unknown) =>
      call(`/api/leagues/${pubId}/gazette/settings`, json({ enabled }, { method: 'PUT', headers }))
    expect((await settings(member, false)).status).toBe(403)
    expect((await settings(owner, 'no')).status).toBe(400)
    expect((await settings(owner, false)).status).toBe(200)
    await forgetVersion()
    await env.DB.prepare('DELETE FROM gazette_editions WHERE tournament_id = ? AND gameweek = 38').bind(pubId).run()
    const notify = new NotifyQueue()
    await runCronAndQueue({ notify })
    expect(broadcasts(notify)).toEqual([])
    const body = (await gazette()).body
    expect(body.enabled).toBe(false)
    expect(body.editions.map((e) => e.gameweek)).toEqual([13])
    expect(body.editions[0]?.pinned).toBe(false)
  })
})
