import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { CHAMPION_STAT, type GazetteDocument, type GazetteFinale } from '../../contract/gazette'
import type { CardInput } from '../../worker/og/protocol'
import { UNNAMED_MANAGER } from '../../worker/services/shares'
import { routeFplToSimulator, SIM_LEAGUES } from './helpers/fpl'
import { call } from './helpers/http'
import { ogRenderer } from './helpers/renderer'
import { addMember, addTournament, addUser, bearer } from './helpers/world'

// The season champion's share card (decision 184): every word from the tournament's newest finale
// edition, none from the client; nothing to share before a season has finished.

let pubId = 0
let member: Record<string, string> = {}
let outsider: Record<string, string> = {}

const share = (headers: Record<string, string>, statData: Record<string, unknown> = {}) =>
  call('/api/banter/share', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ league_id: pubId, stat_type: CHAMPION_STAT, stat_data: statData }),
  })

const championRows = async () =>
  (await env.DB.prepare('SELECT count(*) AS n FROM shared_achievements WHERE tournament_id = ? AND stat_type = ?')
    .bind(pubId, CHAMPION_STAT)
    .first<number>('n')) ?? 0

/** A finale edition as the refresh writes it (only the fields the card reads matter). */
async function publishFinale(season: string, finale: Omit<GazetteFinale, 'season' | 'podium' | 'records'>, deleted = false) {
  const document: GazetteDocument = {
    headline: 'The champion',
    standfirst: '',
    league_name: 'The Pub League',
    awards: [],
    month: null,
    manager_of_the_month: null,
    race: null,
    finale: { season, podium: [], records: [], ...finale },
  }
  await env.DB.prepare('INSERT INTO gazette_editions (tournament_id, season, gameweek, kind, document, published_at, deleted_at) VALUES (?, ?, 38, ?, ?, ?, ?)')
    .bind(pubId, season, 'finale', JSON.stringify(document), Date.now(), deleted ? Date.now() : null)
    .run()
}

beforeAll(async () => {
  routeFplToSimulator()
  const sharerId = await addUser('champ@example.com', 'Sharer', 1000001)
  pubId = await addTournament('The Pub League', SIM_LEAGUES.pub, sharerId)
  await addMember(pubId, sharerId)
  member = await bearer(sharerId)
  outsider = await bearer(await addUser('nosy@example.com', 'Nosy', 1000002))
})

describe('sharing the season champion', () => {
  it("answers 409 and writes nothing while the league's season has not finished (or its finale was removed)", async () => {
    let res = await share(member, { manager: 'Sharer', title: 'Season champion 2026/27' })
    expect(res.status).toBe(409)
    expect(await res.json()).toMatchObject({ code: 'no_finale', detail: "This league's season has not finished yet." })
    await publishFinale('2025/26', { champions: ['Sharer'], points: 2100 }, true)
    res = await share(member)
    expect(res.status).toBe(409)
    expect(await championRows()).toBe(0)
  })

  it('names the champion of the newest finale, whatever the client sends', async () => {
    await env.DB.prepare('DELETE FROM gazette_editions WHERE tournament_id = ?').bind(pubId).run()
    await publishFinale('2025/26', { champions: ['Someone Else'], points: 2100 })
    await publishFinale('2026/27', { champions: ['Sharer'], points: 2345 })
    const res = await share(member, {
      manager: 'Impostor',
      player_name: 'Impostor',
      achievement_title: 'Season champion 1999/00',
      achievement_description: 'Champion of everything with 9,999 points',
      emoji: '🤡',
    })
    expect(res.status).toBe(201)
    const expected = {
      emoji: '🏆',
      achievement_title: 'Season champion 2026/27',
      achievement_description: 'Champion of The Pub League with 2,345 points',
      player_name: 'Sharer',
      league_name: 'The Pub League',
    }
    expect(((await res.json()) as { stat_data: unknown }).stat_data).toMatchObject(expected)
    const row = await env.DB.prepare('SELECT stat_data FROM shared_achievements WHERE tournament_id = ? AND stat_type = ?')
      .bind(pubId, CHAMPION_STAT)
      .first<string>('stat_data')
    expect(JSON.parse(row!)).toMatchObject({ ...expected, additional_data: { manager: 'Sharer' } })
    expect(row).not.toContain('Impostor')

    // Its image is the champion's card: the renderer is asked for that look, with these words.
    const drawn: CardInput[] = []
    const { share_id } = (await (await share(member)).json()) as { share_id: string }
    const image = await call(`/api/banter/share/${share_id}/image`, {}, { OG_RENDERER: ogRenderer((card) => drawn.push(card)) })
    expect(image.status).toBe(200)
    expect(drawn).toEqual([expect.objectContaining({ kind: 'champion', title: 'Season champion 2026/27', manager: 'Sharer' })])
  })

  it('keeps the consent rules: joint champions who are not the sharer are not named', async () => {
    await publishFinale('2027/28', { champions: ['Alex Stone', 'Bo Reed'], points: 2290 })
    const res = await share(member, { manager: 'Alex Stone & Bo Reed' })
    expect(res.status).toBe(201)
    const { stat_data } = (await res.json()) as { stat_data: Record<string, unknown> }
    expect(stat_data).toMatchObject({
      achievement_title: 'Season champion 2027/28',
      achievement_description: 'Joint champions of The Pub League with 2,290 points',
      player_name: UNNAMED_MANAGER,
    })
    expect(JSON.stringify(stat_data)).not.toMatch(/Alex|Bo Reed/)
    expect(await championRows()).toBe(1)
  })

  it('is for members only', async () => {
    const res = await share(outsider)
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ code: 'not_a_member' })
  })
})
