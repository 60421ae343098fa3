import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '../../worker/db/client'
import type { GameweekResultRow } from '../../worker/db/schema'
import { type HallOfFameDocument, hallOfFameDocument } from '../../worker/services/story/hall-of-fame'
import { storyContext } from './helpers/story'
import { addTournament, addUser } from './helpers/world'

// The Hall of Fame of a 5,000-manager league at GW38 with a linked 5,000-manager season before it
// (decision 136): 2 × 38 kept gameweeks of 5,000 rows. The first document reads both seasons; the
// next one carries the closed season's summary and reads only the season in progress.

const MANAGERS = 5000
let currentId = 0
let previousId = 0
let bytesPerSeason = 0

function season(seed: number): Array<{ gameweek: number; rows: GameweekResultRow[] }> {
  const totals = new Array<number>(MANAGERS).fill(0)
  return Array.from({ length: 38 }, (_, g) => {
    const points = totals.map((_, i) => 20 + ((i * 7919 + (g + 1) * seed) % 80))
    for (let i = 0; i < MANAGERS; i += 1) totals[i] = (totals[i] as number) + (points[i] as number)
    const order = totals.map((_, i) => i).sort((a, b) => (totals[b] as number) - (totals[a] as number) || a - b)
    const rows = order.map(
      (i, k): GameweekResultRow => [seed * 100_000 + i, points[i] as number, totals[i] as number, k + 1, i % 30, 0, g === 37 ? (i % 40) + 2 : null],
    )
    return { gameweek: g + 1, rows }
  })
}

async function keepSeason(tournamentId: number, name: string, gameweeks: ReturnType<typeof season>) {
  const insert = env.DB.prepare("INSERT INTO gameweek_results (tournament_id, season, gameweek, source, rows) VALUES (?, ?, ?, 'fpl_api', ?)")
  let bytes = 0
  for (const g of gameweeks) {
    const text = JSON.stringify(g.rows)
    bytes += text.length
    await insert.bind(tournamentId, name, g.gameweek, text).run()
  }
  return bytes
}

const context = () => storyContext({ id: currentId, name: 'Big League', previousTournamentId: previousId })

beforeAll(async () => {
  const owner = await addUser('big@example.com', 'Big', null)
  currentId = await addTournament('Big League', 880_001, owner)
  previousId = (await env.DB.prepare(
    "INSERT INTO tournaments (name, type, fpl_league_id, fpl_season, commissioner_id) VALUES ('Big League 25/26', 'private', 880_000, '2025/26', ?) RETURNING id",
  )
    .bind(owner)
    .first<number>('id')) as number
  await env.DB.prepare('UPDATE tournaments SET previous_tournament_id = ? WHERE id = ?').bind(previousId, currentId).run()
  bytesPerSeason = await keepSeason(previousId, '2025/26', season(2))
  const current = season(3)
  await keepSeason(currentId, '2026/27', current.slice(0, 37))
}, 120_000)

describe('a 5,000-manager Hall of Fame', () => {
  it('reads both seasons once, then only the season in progress', async () => {
    const db = getDb(env.DB)
    const gw38 = season(3)
      .slice(37)
      .map((g) => ({ ...g, source: 'fpl_api' as const }))
    let started = performance.now()
    const first = await hallOfFameDocument(db, env.ARCHIVE, context(), gw38)
    const firstMs = performance.now() - started
    const documentBytes = JSON.stringify(first).length
    expect(first.seasons_covered).toEqual(['2026/27', '2025/26'])
    expect(first.seasons.map((s) => [s.season, s.status, s.total_managers, s.rows.length])).toEqual([
      ['2026/27', 'final', MANAGERS, 50],
      ['2025/26', 'final', MANAGERS, 50],
    ])

    // The next checked gameweek finds the document in the newest snapshot and carries the closed season.
    await env.DB.prepare(
      "INSERT INTO tournament_snapshots (tournament_id, season, gameweek, gameweek_status, data_version, standings_meta, monthly_winners, hall_of_fame) VALUES (?, '2026/27', 38, 'checked', '38:checked', '{}', '[]', ?)",
    )
      .bind(currentId, JSON.stringify(first))
      .run()
    // Proof that the closed season is not read again: a change to its kept rows (same gameweeks) goes unseen.
    await env.DB.prepare("UPDATE gameweek_results SET rows = '[[1,999,999,1,0,0,null]]' WHERE tournament_id = ? AND gameweek = 1").bind(previousId).run()
    started = performance.now()
    const next: HallOfFameDocument = await hallOfFameDocument(db, env.ARCHIVE, context(), gw38)
    const nextMs = performance.now() - started
    expect(next.records).toEqual(first.records)
    expect(next.records.find((r) => r.kind === 'best_gameweek')?.value).not.toBe(999)
    console.log(
      `Hall of Fame, ${MANAGERS} managers, GW38 + a linked season: first ${firstMs.toFixed(0)} ms reading ${((2 * bytesPerSeason) / 1e6).toFixed(1)} MB; ` +
        `next ${nextMs.toFixed(0)} ms reading ${(bytesPerSeason / 1e6).toFixed(1)} MB; document ${(documentBytes / 1e3).toFixed(1)} kB`,
    )
    expect(documentBytes).toBeLessThan(100_000)
    expect(nextMs).toBeLessThan(5_000)
  }, 120_000)
})
