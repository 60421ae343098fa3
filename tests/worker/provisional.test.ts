import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { routeFplToSimulator, SIM_LEAGUES, simulator } from './helpers/fpl'
import { call } from './helpers/http'
import { addMember, addTournament, addUser, bearer, getJson, runCronAndQueue, testClock } from './helpers/world'

// Numbers of a gameweek FPL has not checked never read as final (decision 113): the
// Pub League refreshed while GW13 is in play, then once it is checked.

const sim = simulator()
let pubId = 0
let alice: Record<string, string> = {}
/** Words that settle a result; a card of an unchecked gameweek never uses them. */
const FINAL_WORDS = /\b(best|won|wins|winner|winners|champion|champions|fewest|most|grand total|all in|theirs)\b/i

interface BanterAnswer {
  comprehensive_banter_stats: Record<string, { description?: string } | null> & {
    league_context: { gameweek: number; gameweek_status: string; provisional: boolean }
  }
  message: string | null
  provisional: boolean
  gameweek_status: string | null
  gameweek: number | null
}
interface WinnersAnswer {
  monthly_winners: Array<{ month: string; status: string; winner: string | null; joint_winners: string[]; joint_leaders: string[]; runners_up: unknown[] }>
}

const share = (statType: string) =>
  call('/api/banter/share', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...alice },
    body: JSON.stringify({ league_id: pubId, stat_type: statType, stat_data: { manager: 'Alice', title: 'Gameweek Rocket', description: 'So many points' } }),
  })
const shareCount = () => env.DB.prepare('SELECT count(*) AS n FROM shared_achievements WHERE tournament_id = ?').bind(pubId).first<number>('n')
const descriptions = (stats: BanterAnswer['comprehensive_banter_stats']) =>
  Object.entries(stats as Record<string, { description?: unknown } | null>).flatMap(([key, card]) =>
    typeof card?.description === 'string' ? [[key, card.description] as const] : [],
  )

let sharedAtCheckedGw12 = ''

/** Moves FPL on and refreshes, a few seconds later on the refresh's clock (KV takes one write per key per second). */
async function refreshAt(gameweek: number, phase: 'live' | 'checked') {
  sim.setGameweek(gameweek, phase)
  testClock.skippedMs += 5_000
  expect((await runCronAndQueue()).failures).toEqual([])
}

beforeAll(async () => {
  routeFplToSimulator(sim)
  sim.setGameweek(12, 'checked')
  const aliceId = await addUser('alice@example.com', 'Alice', 1000001)
  pubId = await addTournament('The Pub League', SIM_LEAGUES.pub, aliceId)
  for (const [i, team] of [1000001, 1000002, 1000003, 1000004].entries()) {
    await addMember(pubId, i === 0 ? aliceId : await addUser(`m${team}@example.com`, `Member ${team}`, team))
  }
  alice = await bearer(aliceId)
  expect((await runCronAndQueue()).failures).toEqual([])
  // A card shared while GW12 was checked: it stays as it is whatever happens next.
  const created = await share('gameweek_rocket')
  expect(created.status).toBe(201)
  sharedAtCheckedGw12 = ((await created.json()) as { share_id: string }).share_id

  await refreshAt(13, 'live')
})

describe('while GW13 is in play', () => {
  it('the banter answer says provisional, with the gameweek status, and every card says "so far"', async () => {
    const { status, body } = await getJson<BanterAnswer>(`/api/leagues/${pubId}/banter-stats`, alice)
    expect(status).toBe(200)
    expect(body).toMatchObject({ provisional: true, gameweek_status: 'live', gameweek: 13, message: null })
    expect(body.comprehensive_banter_stats.league_context).toMatchObject({ gameweek: 13, gameweek_status: 'live', provisional: true })
    const texts = descriptions(body.comprehensive_banter_stats)
    expect(texts.length).toBeGreaterThan(4)
    for (const [key, text] of texts) {
      expect(text, key).toContain('so far')
      expect(text, key).not.toMatch(FINAL_WORDS)
    }
  })

  it('Manager of the Month of November (GW10–13) has leaders so far and no winner', async () => {
    const { body } = await getJson<WinnersAnswer>(`/api/leagues/${pubId}/monthly-winners`, alice)
    const november = body.monthly_winners.find((m) => m.month === 'November')
    expect(november).toMatchObject({ status: 'ongoing', winner: null, joint_winners: [], runners_up: [] })
    expect(november?.joint_leaders.length).toBeGreaterThan(0)
  })

  it('refuses to share an award with 409 and a reason, and writes nothing', async () => {
    const before = await shareCount()
    for (const statType of ['gameweek_rocket', 'benched_beast', 'made_up_stat']) {
      const res = await share(statType)
      expect(res.status, statType).toBe(409)
      expect(await res.json()).toMatchObject({ detail: 'You can share this once FPL has checked GW 13.', code: 'provisional_stat' })
    }
    expect(await shareCount()).toBe(before)
  })

  it('the landing page keeps the last checked gameweek’s site-wide stats, never a partial score as the best on the site', async () => {
    const { body } = await getJson<{ stats: Record<string, { description: string } | null>; data_source: string }>('/api/public-banter-stats')
    expect(body.data_source).toBe('live')
    expect(body.stats.top_scorer?.description).toContain('in Gameweek 12, the best of every manager on the site')
    expect(JSON.stringify(body.stats)).not.toContain('Gameweek 13')
  })

  it('a card shared before stays readable, unchanged', async () => {
    const { status, body } = await getJson<{ stat_data: { achievement_description: string } }>(`/api/banter/share/${sharedAtCheckedGw12}`)
    expect(status).toBe(200)
    expect(body.stat_data.achievement_description).toContain('Gameweek 12')
  })

  it('stats stored before the "so far" texts are held back while their gameweek is unchecked', async () => {
    const saved = await env.DB.prepare('SELECT banter_stats AS s FROM tournament_snapshots WHERE tournament_id = ? AND gameweek = 13')
      .bind(pubId)
      .first<string>('s')
    await env.DB.prepare(
      "UPDATE tournament_snapshots SET banter_stats = json_remove(banter_stats, '$.league_context.provisional', '$.league_context.gameweek_status') WHERE tournament_id = ? AND gameweek = 13",
    )
      .bind(pubId)
      .run()
    try {
      const { body } = await getJson<BanterAnswer>(`/api/leagues/${pubId}/banter-stats`, alice)
      expect(body).toMatchObject({
        comprehensive_banter_stats: null,
        provisional: true,
        gameweek_status: 'live',
        message: 'Gameweek 13 banter so far appears after the next data refresh.',
      })
    } finally {
      await env.DB.prepare('UPDATE tournament_snapshots SET banter_stats = ? WHERE tournament_id = ? AND gameweek = 13').bind(saved, pubId).run()
    }
  })
})

describe('once FPL has checked GW13', () => {
  beforeAll(async () => {
    await refreshAt(13, 'checked')
  })

  it('the awards read as final and can be shared', async () => {
    const { body } = await getJson<BanterAnswer>(`/api/leagues/${pubId}/banter-stats`, alice)
    expect(body).toMatchObject({ provisional: false, gameweek_status: 'checked', gameweek: 13 })
    expect(body.comprehensive_banter_stats.league_context).toMatchObject({ gameweek_status: 'checked', provisional: false })
    expect(body.comprehensive_banter_stats.gameweek_rocket?.description).toContain(', the best in The Pub League.')
    expect(descriptions(body.comprehensive_banter_stats).some(([, text]) => text.includes('so far'))).toBe(false)
    expect((await share('gameweek_rocket')).status).toBe(201)
  })

  it('the landing page moves on to GW13', async () => {
    const { body } = await getJson<{ stats: Record<string, { description: string } | null> }>('/api/public-banter-stats')
    expect(body.stats.top_scorer?.description).toContain('in Gameweek 13, the best of every manager on the site')
  })

  it('November has its Manager of the Month', async () => {
    const { body } = await getJson<WinnersAnswer>(`/api/leagues/${pubId}/monthly-winners`, alice)
    const november = body.monthly_winners.find((m) => m.month === 'November')
    expect(november?.status, JSON.stringify(body)).toBe('finished')
    expect(november?.joint_winners.length).toBeGreaterThan(0)
  })
})
