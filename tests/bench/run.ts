// `npm run bench`: the benchmark suite against the real local stack (wrangler dev with both
// workers, local D1/KV/Queues, the FPL simulator), all on loopback with bounded load. Prints one
// table, each figure against a baseline measured in the same run, and writes it to
// tests/.artifacts/bench.md and, after a whole run, into docs/benchmarks.md. A section that
// fails shows "n/a (reason)" and the run goes on.
//
//   node tests/bench/run.ts [--quick] [--skip lighthouse,refresh,...] [--only live,...]
// Sections: hot, cpu, deep, og, refresh, giant, enumeration, lighthouse, sizes, live, startup, pagerender, ogmem, argon2, story, notify, archive.
// A run of `--only live`, `--only story`, `--only notify` or `--only archive` (not --quick) writes its table to that section's block of docs/benchmarks.md.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { writeDocSection } from '../reporters/doc-section.ts'
import { ROOT } from '../stack/commands.ts'
import { ADMIN_EMAIL, DEMO_EMAIL, DEMO_PASSWORD } from '../stack/seed.ts'
import { refreshData, type Stack, startStack } from '../stack/stack.ts'
import { archiveSection } from './archive.ts'
import { argon2Bench } from './argon2.ts'
import { cpuPerRequest } from './cpu.ts'
import { d1Reads } from './d1.ts'
import { enumerationTiming } from './enumeration.ts'
import { deepPageLatency, hotPath, login } from './http.ts'
import { lighthouseRun } from './lighthouse.ts'
import { liveBench } from './live.ts'
import { notifySection } from './notify.ts'
import { shareImage } from './og.ts'
import { rendererMemory } from './og-memory.ts'
import { pageRenderCpu, renderRequestFor } from './page-render.ts'
import { waitForQuiet, workerdPids, wranglerGroup } from './proc.ts'
import { createGiantTournament, installWriteCounter, timedRefresh } from './refresh.ts'
import { spaSizes, startupTime, workerSizes } from './sizes.ts'
import { storySection } from './story.ts'
import { add, fmt, markdown, plain, ratio, section } from './table.ts'

const { values } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, skip: { type: 'string', default: '' }, only: { type: 'string', default: '' } },
})
const skip = new Set(values.skip.split(',').filter(Boolean))
const only = new Set(values.only.split(',').filter(Boolean))
const on = (name: string) => (only.size > 0 ? only.has(name) : !skip.has(name))
const quick = values.quick

const PORT = 8950
const SIM_PORT = 8951
const STARTUP_PORT = 8952
const RENDERER_PORT = 8953
const PUB_TOURNAMENT = 3
const MEGA_TOURNAMENT = 5
const MEGA_FPL_LEAGUE = 345678
const GIANT_FPL_LEAGUE = 456789
const GIANT_TEAM = 1190000
const UPSTREAM_MS = 80

const work = mkdtempSync(path.join(tmpdir(), 'banter-bench-'))
const persistDir = path.join(work, 'state')
const assetsDir = path.join(work, 'client')
const load0 = loadavg()
const runStarted = performance.now()
let stack: Stack | undefined
/** A render request for the page renderer, taken from the running stack (see page-render.ts). */
let renderRequest = 'n/a: not taken'

const cleanup = async () => {
  try {
    await stack?.stop()
  } catch (error) {
    console.error('stopping the stack:', error)
  }
  stack = undefined
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanup().finally(() => {
      rmSync(work, { recursive: true, force: true })
      process.exit(130)
    })
  })
}

try {
  await section(
    'stack',
    ['Stack start (build + migrate + seed + wrangler dev)'],
    async () => {
      const t = performance.now()
      stack = await startStack({ port: PORT, simPort: SIM_PORT, persistDir, assetsDir, build: true, seed: true })
      add('Stack start (build + migrate + seed + wrangler dev) (s)', fmt((performance.now() - t) / 1000, 1), '', '', 'for scale')
      await installWriteCounter(persistDir)
      const first = await refreshData(stack.url, 180_000)
      console.log(`  first refresh: ${first.done}/${first.jobs} jobs done (${first.gameweek})`)
    },
    400_000,
  )

  if (stack) {
    const s = stack
    const base = s.url
    /** The next gameweek's refresh, timed with every upstream answer UPSTREAM_MS late. */
    const refreshTimed = (label: string, fplLeague: number, tournaments: number[], timeoutMs: number, target: string) =>
      timedRefresh(s, persistDir, label, { fplLeague, tournaments, timeoutMs, target, latencyMs: UPSTREAM_MS })
    const dur = quick ? 3 : 8
    let demo = ''
    let admin = ''
    await section(
      'logins',
      ['Logins'],
      async () => {
        demo = await login(base, DEMO_EMAIL, DEMO_PASSWORD)
        admin = await login(base, ADMIN_EMAIL, DEMO_PASSWORD)
      },
      60_000,
    )

    if (on('hot')) await section('API hot path', ['API hot path'], () => hotPath(base, dur, demo), 150_000)

    if (on('cpu')) {
      const asDemo = { authorization: `Bearer ${demo}` }
      const asAdmin = { authorization: `Bearer ${admin}` }
      await section(
        'CPU per request',
        ['CPU ms/request'],
        () =>
          cpuPerRequest(
            base,
            PORT,
            [
              // Anonymous reads of open tournaments: the public read cache answers them.
              { name: 'cached standings /api/leagues/1/standings', path: '/api/leagues/1/standings', overHealth: 1 },
              { name: 'cached list /api/leagues', path: '/api/leagues', overHealth: 1 },
              { name: 'cached banter stats /api/leagues/2/banter-stats', path: '/api/leagues/2/banter-stats', overHealth: 1 },
              // Signed in: D1 every time.
              { name: 'signed-in standings /api/leagues/3/standings', path: '/api/leagues/3/standings', headers: asDemo, overHealth: 3 },
              {
                name: 'signed-in deep page /api/leagues/5/standings?page=100',
                path: `/api/leagues/${MEGA_TOURNAMENT}/standings?page=100`,
                headers: asAdmin,
                overHealth: 3,
              },
              { name: 'signed-in list /api/leagues', path: '/api/leagues', headers: asDemo, overHealth: 3 },
              { name: 'signed-in tournament /api/leagues/3', path: '/api/leagues/3', headers: asDemo, overHealth: 3 },
              { name: 'wall /api/community-posts/3', path: '/api/community-posts/3', headers: asDemo, overHealth: 3 },
              { name: 'profile /api/auth/me', path: '/api/auth/me', headers: asDemo, overHealth: 3 },
              { name: 'commissioner members /api/leagues/5/members', path: `/api/leagues/${MEGA_TOURNAMENT}/members`, headers: asAdmin, overHealth: 3 },
              // The HTML of a shared link: four cached answers and the drawn screen kept for 30 s.
              { name: "visitor's tournament page /tournaments/1 (HTML)", path: '/tournaments/1', overHealth: 3 },
            ],
            quick ? 200 : 500,
          ),
        300_000,
      )
    }

    if (on('deep')) {
      await section(
        'Deep pages',
        ['Deep page latency', 'Deep page rows read per row returned'],
        async () => {
          await deepPageLatency(base, MEGA_TOURNAMENT, 100, admin, quick ? 3 : 5)
          const cols = 'position, fpl_team_id, team_name, player_name, total_points, gameweek_points, rank, last_rank'
          const range = (from: number) =>
            `SELECT ${cols} FROM standings_rows WHERE tournament_id = ${MEGA_TOURNAMENT} AND position BETWEEN ${from} AND ${from + 49} ORDER BY position`
          const offset = (from: number) =>
            `SELECT ${cols} FROM standings_rows WHERE tournament_id = ${MEGA_TOURNAMENT} ORDER BY position LIMIT 50 OFFSET ${from - 1}`
          const [first, deep, deepOffset] = await d1Reads(persistDir, [range(1), range(4951), offset(4951)])
          const per = (r: { rows: number; rowsRead: number }) => r.rowsRead / Math.max(r.rows, 1)
          add(
            'Deep page 100: D1 rows read per row returned (key range, as the app reads)',
            `${fmt(per(deep!), 2)} (${deep!.rowsRead} / ${deep!.rows})`,
            `${fmt(per(first!), 2)} page 1`,
            ratio(per(deep!), per(first!)),
            '≤ 1.1',
          )
          add(
            'Deep page 100: rows read per row returned with LIMIT/OFFSET (for comparison)',
            `${fmt(per(deepOffset!), 1)} (${deepOffset!.rowsRead} / ${deepOffset!.rows})`,
            `${fmt(per(deep!), 2)} key range`,
            ratio(per(deepOffset!), per(deep!), 0),
            'not used',
          )
        },
        120_000,
      )
    }

    if (on('og')) await section('Share image', ['Share image'], () => shareImage(base, PORT, demo, quick ? 5 : 12), 180_000)

    if (on('refresh'))
      await section(
        'Refresh (seeded world)',
        ['Refresh seeded world'],
        async () => {
          await refreshTimed('seeded world incl. 5,000-entry league', MEGA_FPL_LEAGUE, [1, 2, 3, 4, 5], 240_000, '≤ 10 s')
        },
        300_000,
      )

    if (on('giant'))
      await section(
        'Refresh (100,000-entry league)',
        ['Refresh 100,000-entry league'],
        async () => {
          const id = await createGiantTournament(base, s.simulator.origin, GIANT_FPL_LEAGUE, GIANT_TEAM)
          console.log(`  tournament ${id} for FPL league ${GIANT_FPL_LEAGUE}; first fill:`)
          const fill = performance.now()
          const r = await refreshData(base, 300_000)
          add(
            'Refresh 100,000-entry league: first fill of its new tournament (s, upstream 0 ms)',
            fmt((performance.now() - fill) / 1000, 1),
            `900 s; ${r.jobs} job(s) planned`,
            ratio(performance.now() - fill, 900_000, 4),
            'for scale',
          )
          await refreshTimed('next gameweek incl. 100,000-entry league', GIANT_FPL_LEAGUE, [1, 2, 3, 4, 5, id], 400_000, '≤ 60 s')
        },
        700_000,
      )

    if (on('enumeration'))
      await section(
        'Enumeration timing',
        ['Sign-in, wrong password: real account vs unknown email (median ms)', 'Reset request: real account vs unknown email (median ms)'],
        () => enumerationTiming(base, quick ? 12 : 30),
        240_000,
      )

    if (on('pagerender')) renderRequest = await renderRequestFor(base, '/tournaments/1').catch((error: unknown) => `n/a: ${String(error)}`)

    if (on('lighthouse')) {
      const busy = await waitForQuiet(workerdPids(wranglerGroup(PORT)))
      add(
        'Stack CPU when Lighthouse starts (workerd ms per s; waits for the refresh work to drain)',
        fmt(busy, 0),
        '30 ms/s threshold',
        ratio(busy, 30),
        'quiet',
      )
      await section('Lighthouse landing', ['Lighthouse landing page'], () => lighthouseRun(`${base}/`, 'landing /', quick ? 1 : 3), 150_000)
      await section(
        'Lighthouse tournament',
        ['Lighthouse /tournaments/1'],
        () => lighthouseRun(`${base}/tournaments/1`, '/tournaments/1', quick ? 1 : 3),
        150_000,
      )
    }
    if (on('sizes')) await section('SPA sizes', ['SPA sizes'], async () => spaSizes(assetsDir), 30_000)
    // Last on this stack: it starts a match day, keeps the poller busy and adds 10,000 tournaments.
    if (on('live'))
      await liveBench({
        base,
        sim: s.simulator.origin,
        port: PORT,
        persistDir,
        pubTournament: PUB_TOURNAMENT,
        megaTournament: MEGA_TOURNAMENT,
        seeded: [1, 2, 3, 4, 5],
        demo,
        admin,
        quick,
      })
  }
} finally {
  await cleanup()
}

// Sections that need no running stack (and would only add noise to it).
if (on('startup')) await section('Start-up', ['wrangler dev start-up'], () => startupTime(STARTUP_PORT, persistDir, assetsDir), 120_000)
if (on('pagerender'))
  await section(
    'Page renderer CPU',
    ['Page renderer CPU'],
    async () => {
      if (renderRequest.startsWith('n/a')) throw new Error(renderRequest)
      await pageRenderCpu(RENDERER_PORT, renderRequest, quick ? 80 : 200)
    },
    150_000,
  )
if (on('ogmem')) await section('Share-image renderer memory', ['Share-image renderer memory'], () => rendererMemory(RENDERER_PORT, quick ? 8 : 20), 150_000)
if (on('sizes')) await section('Worker sizes', ['Worker bundle sizes'], async () => workerSizes(), 400_000)
if (on('argon2')) await section('argon2id', ['argon2id hash time'], () => argon2Bench(quick ? 4 : 10), 120_000)
if (on('story')) await storySection(quick)
if (on('notify')) await notifySection(quick)
if (on('archive')) await archiveSection()

rmSync(work, { recursive: true, force: true })
const about = [
  `${new Date().toISOString()}, ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load average ${load0.map((l) => l.toFixed(2)).join(' ')} at start, ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} at end; total ${fmt((performance.now() - runStarted) / 1000, 0)} s${quick ? ' (--quick)' : ''}.`,
  `Local workerd, local D1/KV/Queues (miniflare) and the FPL simulator on loopback: ratios within this run mean more than absolute numbers; autocannon shares the cores with the server.`,
].join('\n')
console.log(`\n# Banter Arena benchmarks\n\n${about}\n\n${plain()}`)
mkdirSync(path.join(ROOT, 'tests/.artifacts'), { recursive: true })
writeFileSync(path.join(ROOT, 'tests/.artifacts/bench.md'), markdown(`# Banter Arena benchmarks\n\n${about}`))
console.log('\nwritten to tests/.artifacts/bench.md')
// Only a whole run replaces the table in docs/benchmarks.md: --quick and --skip runs leave it be,
// but for a run of the live section alone, which replaces the live block.
if (!quick && skip.size === 0 && only.size === 0) {
  writeDocSection('docs/benchmarks.md', 'bench', markdown(about))
  console.log('written to docs/benchmarks.md')
} else if (!quick && only.size === 1 && ['live', 'story', 'notify', 'archive'].some((name) => only.has(name))) {
  const block = [...only][0] as string
  writeDocSection('docs/benchmarks.md', `bench-${block}`, markdown(about))
  console.log(`written to docs/benchmarks.md (${block} block)`)
}
process.exit(0)
