import { rmSync } from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GazetteAnswer } from '../../contract/gazette'
import type { SeasonsAnswer } from '../../contract/hall-of-fame'
import { PUBLIC_READ_TTL_MS } from '../../worker/lib/public-read-cache'
import { DEMO_ENTRY_ID, nextSeasonEntryId, nextSeasonLeague } from '../fpl-simulator/handler.ts'
import { ROOT } from '../stack/commands.ts'
import { DEMO_EMAIL, DEMO_PASSWORD, SEASON } from '../stack/seed.ts'
import { refreshData, type Stack, startStack } from '../stack/stack.ts'
import { signedInHeaders, tournamentNamed } from './helpers/api'
import { browserForFile, journey, newPage, proveTeam, signIn } from './helpers/browser'
import { simulatorControl } from './helpers/live'

// FPL's July on the simulator, end to end (decisions 183, 184, 185): the Pub League plays GW37 and
// GW38 and its wall crowns the champion; FPL goes dark for the summer and the app says so; FPL
// relaunches with new ids, the demo manager (the Pub League's commissioner) relinks and proves
// their new team and renews the tournament in one tap; the new season's GW1 fills the renewed
// table, and the Hall of Fame spans both seasons.
//
// The rollover sets every team of the seeded world aside for good, so this file runs on a stack
// of its own (own ports, database and build), never on the one the other journeys share.

const NEXT_SEASON = '2027/28'
const PUB_FPL_LEAGUE = 123456
const renewedLeague = nextSeasonLeague(PUB_FPL_LEAGUE)?.id ?? 0
const newTeam = nextSeasonEntryId(DEMO_ENTRY_ID)
const persistDir = path.join(ROOT, 'tests/.artifacts/season-change-state')
const logFile = path.join(ROOT, 'tests/.artifacts/season-change-worker.log')
const browser = browserForFile()

let stack: Stack
let baseUrl = ''
let sim: ReturnType<typeof simulatorControl>
let pubId = 0
let page: Page
/** FPL's final 2026/27 table of the Pub League, read before FPL goes dark. */
let finalTable: FplRow[] = []

interface FplRow {
  entry: number
  player_name: string
  total: number
  event_total: number
  rank: number
}

const fplTable = async (league: number) => {
  const res = await fetch(`${stack.simulator.url}/leagues-classic/${league}/standings/`)
  expect(res.status).toBe(200)
  return ((await res.json()) as { standings: { results: FplRow[] } }).standings.results
}
const api = async <T>(route: string) => {
  const res = await fetch(`${baseUrl}/api/${route}`, { headers: await signedInHeaders(baseUrl) })
  expect(res.status).toBe(200)
  return (await res.json()) as T
}
const control = async (action: string, body: unknown) => expect((await sim(action, body)).ok).toBe(true)
/** A refresh that must finish every job it planned; answers how long it took (ms). */
const refreshed = async () => {
  const started = performance.now()
  const run = await refreshData(baseUrl, 240_000)
  expect(run).toMatchObject({ failed: 0, done: run.jobs })
  return Math.round(performance.now() - started)
}
/**
 * GET /api/season as the SPA's banner asks it (anonymous), until it shows `expected`: an isolate
 * keeps public answers for PUBLIC_READ_TTL_MS, and a cron run that changes the phase does not
 * empty that cache.
 */
const seasonTurns = (expected: { season: string; phase: string }) =>
  expect
    .poll(async () => (await (await fetch(`${baseUrl}/api/season`)).json()) as unknown, { timeout: PUBLIC_READ_TTL_MS + 10_000, interval: 1_000 })
    .toMatchObject(expected)

beforeAll(async () => {
  rmSync(persistDir, { recursive: true, force: true })
  rmSync(logFile, { force: true })
  stack = await startStack({
    port: Number(process.env.E2E_SEASON_PORT ?? 8884),
    simPort: Number(process.env.E2E_SEASON_SIMULATOR_PORT ?? 8885),
    persistDir,
    assetsDir: path.join(ROOT, 'tests/.artifacts/season-change-client'),
    logFile,
    // The season's last weeks: GW36 checked, so the journey plays GW37 and GW38 one at a time.
    simulatorOptions: { gameweek: 36, phase: 'checked' },
  })
  baseUrl = stack.url
  sim = simulatorControl(stack.simulator.url)
  await refreshed()
  pubId = await tournamentNamed(baseUrl, await signedInHeaders(baseUrl))
  page = await newPage(browser())
}, 300_000)

afterAll(async () => {
  await page?.context().close()
  await stack?.stop()
})

describe('the season change, from GW37 to the renewed league’s first refresh', () => {
  it('GW38 checked: the wall’s Season finale crowns FPL’s rank 1', async () => {
    await journey(page, 'season-change-finale', async () => {
      await signIn(page, baseUrl, DEMO_EMAIL, DEMO_PASSWORD)
      await control('gameweek', { gw: 37, phase: 'checked' })
      await refreshed()
      await control('gameweek', { gw: 38, phase: 'checked' })
      await refreshed()
      finalTable = await fplTable(PUB_FPL_LEAGUE)
      const champions = finalTable.filter((row) => row.rank === 1)
      await seasonTurns({ season: SEASON, phase: 'finished' })

      const finale = (await api<GazetteAnswer>(`leagues/${pubId}/gazette`)).editions.find((e) => e.gameweek === 38)
      expect(finale?.kind).toBe('finale')
      expect(finale?.document.finale?.champions).toEqual(champions.map((row) => row.player_name))
      expect(finale?.document.finale?.points).toBe(champions[0]?.total)

      await page.goto(`${baseUrl}/tournaments/${pubId}`)
      await page.getByRole('tab', { name: /Wall/ }).click()
      const edition = page.getByRole('article', { name: finale?.document.headline ?? '' })
      await edition.waitFor({ timeout: 20_000 })
      expect(await edition.getByText(`Season finale · GW 38 · ${SEASON}`).count()).toBe(1)
      const crowned = edition.getByRole('region', { name: `${SEASON} champion` })
      await expect.poll(() => crowned.textContent()).toContain(champions.map((row) => row.player_name).join(' & '))
    })
  }, 300_000)

  it('off season: the dashboard says so, the final table stays, a team look-up says why', async () => {
    await journey(page, 'season-change-off-season', async () => {
      await control('season', { phase: 'off_season' })
      // The cron's run: FPL answers "being updated", which after a finished season is the summer.
      const run = (await (await fetch(`${baseUrl}/api/dev/refresh`, { method: 'POST' })).json()) as { ran: boolean; error?: string }
      expect(run.ran).toBe(true)
      expect(run.error).toBeTruthy()
      await seasonTurns({ season: SEASON, phase: 'off_season' })

      await page.goto(`${baseUrl}/dashboard`)
      await expect
        .poll(() => page.getByRole('status', { name: 'Season' }).textContent())
        .toContain(`The ${SEASON} season is over, and FPL is getting the next one ready`)

      await page.goto(`${baseUrl}/tournaments/${pubId}`)
      const rows = page.getByRole('list', { name: 'League table' }).getByRole('listitem')
      await expect.poll(() => rows.count()).toBe(finalTable.length)
      const leader = finalTable[0] as FplRow
      expect(await rows.first().textContent()).toContain(leader.player_name)
      expect(await rows.first().locator('.standing__total').textContent()).toContain(leader.total.toLocaleString('en-GB'))

      // Someone signing up looks their team up: FPL is down for weeks, and the form says why.
      const visitor = await newPage(browser())
      await visitor.goto(`${baseUrl}/?register=true`)
      const dialog = visitor.getByRole('dialog')
      await dialog.getByLabel('Name', { exact: true }).fill('Summer Sam')
      await dialog.getByLabel('Email', { exact: true }).fill(`summer-${Date.now()}@example.com`)
      await dialog.getByLabel('Password', { exact: true }).fill('Summer-Pass1!')
      // The Sunday League's admin: a team no refresh here has read, so no copy of it is kept.
      await dialog.getByLabel(/FPL Team ID/).fill('1000301')
      await dialog.getByRole('button', { name: 'Create Account', exact: true }).click()
      await expect.poll(() => dialog.getByText(/FPL is getting the new season ready/).isVisible()).toBe(true)
      expect(await dialog.getByText('Is this your team?').count()).toBe(0)
      await visitor.context().close()
    })
  }, 120_000)

  it('relaunch: the demo manager is asked for this season’s team, enters it and proves it', async () => {
    await journey(page, 'season-change-relink', async () => {
      await control('season', { phase: 'relaunched' })
      const rollover = await refreshed()
      console.log(`The rollover's refresh for the seeded world (relaunch, ${NEXT_SEASON}): ${rollover} ms`)
      await seasonTurns({ season: NEXT_SEASON, phase: 'pre_season' })

      await page.goto(`${baseUrl}/dashboard`)
      const card = page.locator('section').filter({ has: page.getByRole('heading', { name: "Add this season's FPL Team ID" }) })
      await expect.poll(() => card.textContent()).toContain(`Last season you were team ${DEMO_ENTRY_ID} (${SEASON}).`)
      await card.getByLabel('FPL Team ID', { exact: true }).fill(String(newTeam))
      await card.getByRole('button', { name: 'Save Team ID' }).click()
      await page.getByRole('button', { name: 'Yes, save this team' }).click()
      await expect.poll(() => page.getByText('FPL Team ID added', { exact: true }).first().isVisible()).toBe(true)
      await proveTeam(page, stack.simulator.url, newTeam)
      expect(await api('auth/me')).toMatchObject({ fpl_team_id: newTeam, fpl_team_verified: true })
    })
  }, 120_000)

  it('the commissioner renews the Pub League with its new league in one tap', async () => {
    await journey(page, 'season-change-renew', async () => {
      await page.goto(`${baseUrl}/dashboard`)
      const pub = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'The Pub League' }) })
      await pub.getByRole('button', { name: /Manage League/ }).click()
      await page.getByRole('tab', { name: /Settings/ }).click()
      const renew = page.getByRole('button', { name: 'Renew with The Pub League' })
      await renew.waitFor({ timeout: 20_000 })
      expect(await page.getByText(`(FPL league ${renewedLeague})`).count()).toBe(1)
      await renew.click()
      await expect
        .poll(() =>
          page
            .getByRole('status')
            .filter({ hasText: `now follows FPL league ${renewedLeague} for ${NEXT_SEASON}` })
            .count(),
        )
        .toBe(1)

      const list = await api<Array<{ id: number; fpl_league_id: number | null }>>('leagues')
      expect(list.find((l) => l.id === pubId)?.fpl_league_id).toBe(renewedLeague)
    })
  }, 120_000)

  it('GW1 of the new season: the renewed table is FPL’s, and the Hall of Fame spans both seasons', async () => {
    await journey(page, 'season-change-first-refresh', async () => {
      await control('gameweek', { gw: 1, phase: 'checked' })
      const first = await refreshed()
      console.log(`The renewed league's first refresh (GW1 ${NEXT_SEASON}): ${first} ms`)

      const jobs = (await (await fetch(`${baseUrl}/api/dev/refresh-jobs`)).json()) as Array<{ tournament_id: number; data_version: string; status: string }>
      expect(jobs.filter((j) => j.tournament_id === pubId)[0]).toMatchObject({ data_version: '1:checked', status: 'done' })
      const fpl = await fplTable(renewedLeague)
      const table = await api<{ gameweek: number; standings: Array<{ fpl_team_id: number; total_points: number; gameweek_points: number; rank: number }> }>(
        `leagues/${pubId}/standings?limit=50`,
      )
      // The newest snapshot is this season's GW 1, not last season's GW 38 (decision 185).
      expect(table.gameweek).toBe(1)
      const byTeam = (rows: Array<{ team: number; total: number; gw: number; rank: number }>) => rows.sort((a, b) => a.team - b.team)
      expect(byTeam(table.standings.map((r) => ({ team: r.fpl_team_id, total: r.total_points, gw: r.gameweek_points, rank: r.rank })))).toEqual(
        byTeam(fpl.map((r) => ({ team: r.entry, total: r.total, gw: r.event_total, rank: r.rank }))),
      )

      await page.goto(`${baseUrl}/tournaments/${pubId}`)
      const rows = page.getByRole('list', { name: 'League table' }).getByRole('listitem')
      await expect.poll(() => rows.count()).toBe(fpl.length)
      const leader = fpl[0] as FplRow
      await expect.poll(() => rows.first().textContent()).toContain(leader.player_name)
      expect(await rows.first().locator('.standing__total').textContent()).toContain(leader.total.toLocaleString('en-GB'))
      expect(await page.locator('section[aria-labelledby="gw-card-title"]').textContent()).toContain('GW 1')

      const seasons = (await api<SeasonsAnswer>(`leagues/${pubId}/seasons`)).seasons.map(({ season, status, through_gameweek }) => ({
        season,
        status,
        through_gameweek,
      }))
      expect(seasons).toEqual(
        expect.arrayContaining([
          { season: SEASON, status: 'final', through_gameweek: 38 },
          { season: NEXT_SEASON, status: 'so_far', through_gameweek: 1 },
        ]),
      )
      await page.getByRole('tab', { name: /Winners/ }).click()
      await page.getByRole('tab', { name: /Hall of Fame/ }).click()
      const picker = page.getByRole('combobox')
      await picker.first().waitFor({ timeout: 20_000 })
      const offered = await picker.first().locator('option').allTextContents()
      expect(offered).toEqual(expect.arrayContaining([SEASON, `${NEXT_SEASON} (so far)`]))
    })
  }, 180_000)
})
