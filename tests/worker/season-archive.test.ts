import { env } from 'cloudflare:workers'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { RecordsAnswer, SeasonsAnswer } from '../../contract/hall-of-fame'
import { getDb } from '../../worker/db/client'
import { poisonedBecause } from '../../worker/services/dead-letters'
import { type ArchiveStore, archiveKey, archiveSeason, readArchive } from '../../worker/services/story/archive'
import { fplHoldsOver, routeFplToSimulator, simulator } from './helpers/fpl'
import { addMember, addUser, getJson, PUBLIC_TOURNAMENT_ID, runCronAndQueue, testClock } from './helpers/world'

// The season archive (decision 186): once FPL relaunches, a closed season's detail leaves D1 for
// one object in ARCHIVE; what readers show (the final table, the Hall of Fame, the finale) is the same.

const sim = simulator()
const pub = PUBLIC_TOURNAMENT_ID

const count = (table: string, where = '') => env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE tournament_id = ? ${where}`).bind(pub).first<number>('n')

async function stored() {
  return {
    results: await count('gameweek_results', "AND season = '2026/27'"),
    snapshots: await count('tournament_snapshots', "AND season = '2026/27'"),
    weekly: await count('gazette_editions', "AND season = '2026/27' AND kind = 'gameweek'"),
    kept: await count('gazette_editions', "AND season = '2026/27' AND kind <> 'gameweek'"),
  }
}

/** The Hall of Fame as the public tournament's page reads it (computed_at aside: the refresh recomputes it). */
const hallOfFame = async () => {
  const { computed_at: _r, ...records } = (await getJson<RecordsAnswer>(`/api/leagues/${pub}/records`)).body
  const { computed_at: _s, ...seasons } = (await getJson<SeasonsAnswer>(`/api/leagues/${pub}/seasons`)).body
  return { records, seasons }
}

/** A checked gameweek, refreshed: the clock moves so each snapshot is written after the last. */
async function checked(gameweek: number) {
  sim.setGameweek(gameweek, 'checked')
  testClock.skippedMs += 1_500
  expect((await runCronAndQueue()).failed).toEqual([])
}

describe('the season archive', () => {
  beforeAll(() => {
    routeFplToSimulator()
  })
  beforeEach(async () => {
    for (const table of ['app_snapshots', 'cron_leases', 'memberships', 'tournament_snapshots', 'standings_rows', 'refresh_jobs', 'gameweek_results']) {
      await env.DB.prepare(`DELETE FROM ${table}`).run()
    }
    for (const table of ['tournament_seasons', 'gazette_editions', 'season_archives']) await env.DB.prepare(`DELETE FROM ${table}`).run()
    await env.DB.prepare('DELETE FROM users').run()
    sim.clearFaults()
    sim.setSeason('finished')
    await fplHoldsOver()
  })

  it('moves a closed season out of D1 after the relaunch, and every reader still shows it the same', async () => {
    const chris = await addUser('chris@example.com', 'Chris', 1000001)
    await addMember(pub, chris)
    for (const gw of [36, 37, 38]) await checked(gw)
    const before = await stored()
    expect(before.results).toBeGreaterThanOrEqual(3)
    expect(before.snapshots).toBe(3)
    expect(before.weekly).toBeGreaterThan(0)
    expect(before.kept).toBeGreaterThan(0) // the finale (and month editions)
    const shown = await hallOfFame()
    expect(shown.records.seasons_covered).toEqual(['2026/27'])

    // FPL relaunches: the cron rolls the season over and queues the archive of what closed.
    sim.setSeason('relaunched')
    testClock.skippedMs += 1_500
    await runCronAndQueue()
    // GW 38 is still the public tournament's newest snapshot: it stays until the new season writes one.
    expect(await stored()).toEqual({ results: 0, snapshots: 1, weekly: 0, kept: before.kept })
    const row = await env.DB.prepare('SELECT gameweeks, last_gameweek, editions, snapshots, bytes FROM season_archives WHERE tournament_id = ?')
      .bind(pub)
      .first<{ gameweeks: number; last_gameweek: number; editions: number; snapshots: number; bytes: number }>()
    expect(row).toMatchObject({ gameweeks: before.results, last_gameweek: 38, editions: before.weekly, snapshots: 2 })
    const archive = await readArchive(env.ARCHIVE, pub, '2026/27')
    expect(archive?.gameweeks.map((g) => g.gameweek).slice(-3)).toEqual([36, 37, 38])
    expect(archive?.snapshots.map((s) => s.gameweek)).toEqual([36, 37])
    expect(row?.bytes).toBe((await env.ARCHIVE.get(archiveKey(pub, '2026/27'), 'arrayBuffer'))?.byteLength)
    expect(await hallOfFame()).toEqual(shown)

    // The new season's GW 1 is written beside last season's GW 38, which then follows into the archive.
    await env.DB.prepare("UPDATE users SET fpl_team_id = 3000001, fpl_team_season = '2027/28', fpl_team_verified_at = 1 WHERE id = ?").bind(chris).run()
    await checked(1)
    await runCronAndQueue()
    expect(await stored()).toMatchObject({ snapshots: 0 })
    expect((await readArchive(env.ARCHIVE, pub, '2026/27'))?.snapshots.map((s) => s.gameweek)).toEqual([36, 37, 38])
    expect(await env.DB.prepare('SELECT snapshots FROM season_archives WHERE tournament_id = ?').bind(pub).first('snapshots')).toBe(3)
  })

  it("rebuilds a closed season's Hall of Fame summary from the archive when no document carries it", async () => {
    const chris = await addUser('chris@example.com', 'Chris', 1000001)
    await addMember(pub, chris)
    for (const gw of [37, 38]) await checked(gw)
    const closed = (await hallOfFame()).seasons.seasons.find((s) => s.season === '2026/27')
    expect(closed?.rows.length).toBeGreaterThan(0)
    sim.setSeason('relaunched')
    testClock.skippedMs += 1_500
    await runCronAndQueue()
    expect(await count('gameweek_results', "AND season = '2026/27'")).toBe(0)

    // No summary to carry (as if every document were lost): the new GW 1 must read the archive.
    await env.DB.prepare('UPDATE tournament_snapshots SET hall_of_fame = NULL').run()
    await env.DB.prepare("UPDATE users SET fpl_team_id = 3000001, fpl_team_season = '2027/28', fpl_team_verified_at = 1 WHERE id = ?").bind(chris).run()
    await checked(1)
    const after = await hallOfFame()
    expect(after.records.seasons_covered).toEqual(['2027/28', '2026/27'])
    expect(after.seasons.seasons.find((s) => s.season === '2026/27')).toEqual(closed)
  })

  it('deletes nothing from D1 unless the archive reads back as written', async () => {
    const chris = await addUser('chris@example.com', 'Chris', 1000001)
    await addMember(pub, chris)
    for (const gw of [37, 38]) await checked(gw)
    const before = await stored()
    const lost: ArchiveStore = { get: (async () => null) as unknown as ArchiveStore['get'], put: async () => {} }
    await expect(archiveSeason(getDb(env.DB), lost, pub, '2026/27')).rejects.toThrow('did not read back as written')
    expect(await stored()).toEqual(before)
    expect(await count('season_archives')).toBe(0)

    // Archived once; then the object goes missing: a second move must not overwrite what it held.
    await archiveSeason(getDb(env.DB), env.ARCHIVE, pub, '2026/27')
    await env.DB.prepare("INSERT INTO gameweek_results (tournament_id, season, gameweek, source, rows) VALUES (?, '2026/27', 1, 'history', '[]')")
      .bind(pub)
      .run()
    await env.ARCHIVE.delete(archiveKey(pub, '2026/27'))
    await expect(archiveSeason(getDb(env.DB), env.ARCHIVE, pub, '2026/27')).rejects.toThrow('is missing from ARCHIVE')
    expect(await count('gameweek_results', "AND season = '2026/27'")).toBe(1)
  })

  it('keeps an archive message that can never be processed for the operator instead of retrying it', () => {
    const queue = 'banter-arena-refresh'
    expect(poisonedBecause(queue, { season_archive: { tournament_id: 4, season: '2026/27' } })).toBeNull()
    expect(poisonedBecause(queue, { season_archive: { tournament_id: 4, season: 'last year' } })).toMatch(/^Not a valid season_archive message/)
  })
})
