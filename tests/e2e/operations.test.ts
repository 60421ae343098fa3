import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { promisify, stripVTControlCharacters } from 'node:util'
import { describe, expect, inject, it } from 'vitest'
import { ROOT } from '../stack/commands.ts'
import { ADMIN_EMAIL, DEMO_PASSWORD } from '../stack/seed.ts'
import { browserForFile, newPage } from './helpers/browser'

// What an operator sees of a failure on the real stack (decisions 155, 156): the worker's own log lines
// (the stack's wrangler output, kept in a file by the global setup), a request's id on its
// answer, its error body and its log lines, and an error thrown in a user's browser arriving in
// that log with its stack mapped back to our sources.

const baseUrl = inject('baseUrl')
const simulatorUrl = inject('simulatorUrl')
const workerLog = inject('workerLogFile')
const browser = browserForFile()

/** The worker's JSON log lines so far (wrangler prints other lines too). */
function loggedLines(): Record<string, unknown>[] {
  // wrangler colours the lines it prints.
  return stripVTControlCharacters(readFileSync(workerLog, 'utf8'))
    .split('\n')
    .flatMap((line) => {
      const start = line.indexOf('{"level"')
      if (start < 0) return []
      try {
        return [JSON.parse(line.slice(start)) as Record<string, unknown>]
      } catch {
        return []
      }
    })
}

describe("the operator's view of the stack", () => {
  it("names every request: its answer, its error body and the worker's lines carry one id", async () => {
    const res = await fetch(`${baseUrl}/api/client-errors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Error: e2e probe', url: `${baseUrl}/`, release: 'probe', user_agent: 'e2e' }),
    })
    expect(res.status).toBe(204)
    const id = res.headers.get('x-request-id')
    expect(id).toMatch(/^[\w-]{8,64}$/)
    await expect
      .poll(() => loggedLines().find((line) => line.request_id === id), { timeout: 10_000 })
      .toMatchObject({
        event: 'Client error',
        client_message: 'Error: e2e probe',
        path: '/api/client-errors',
      })
    const refused = await fetch(`${baseUrl}/api/leagues/abc/standings`)
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { request_id?: string }).request_id).toBe(refused.headers.get('x-request-id'))
  })

  it("hears of an error thrown in a user's browser, with a stack that names our source files", async () => {
    const page = await newPage(browser())
    // An answer the landing page's carousel cannot read (a manager's name that is a number):
    // rendering it throws inside the app's own bundle.
    await page.route('**/api/public-banter-stats', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ stats: { benched_beast: { manager: 42, points: 10 } }, total_players: 3, total_leagues: 1, data_source: 'live' }),
      }),
    )
    await page.goto(baseUrl)
    // The carousel loads when it scrolls into view.
    await page.locator('.carousel-slot').scrollIntoViewIfNeeded()
    await expect.poll(() => page.getByText(/Something went wrong on our side or the connection dropped/).count(), { timeout: 30_000 }).toBeGreaterThan(0)
    const reported = () => loggedLines().find((line) => line.event === 'Client error' && String(line.client_message).includes('trim'))
    await expect.poll(reported, { timeout: 15_000 }).toBeTruthy()
    const line = reported() as Record<string, string>
    // The browser's stack names minified bundles; the logged one names our files, lines and columns.
    expect(line.raw_stack).toMatch(/\/assets\/[\w-]+\.js:\d+:\d+/)
    expect(line.stack).toMatch(/web\/src\/features\/landing\/public-stats\.ts:\d+:\d+/)
    expect(line.request_id).toMatch(/^[\w-]{8,64}$/)
    // The maps that make it readable are the worker's alone.
    const bundle = /\/assets\/([\w-]+\.js)/.exec(String(line.raw_stack))?.[1] ?? 'no bundle named'
    expect((await fetch(`${baseUrl}/assets/${bundle}`)).status).toBe(200)
    expect((await fetch(`${baseUrl}/assets/${bundle}.map`)).status).toBe(404)
    await page.close()
  })

  it('keeps a message no consumer can read as a dead letter, and the command lists and replays it once', async () => {
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': '198.18.0.27' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: DEMO_PASSWORD }),
    })
    const { access_token: token } = (await login.json()) as { access_token: string }
    const command = async (...args: string[]) => {
      const env = { ...process.env, BANTER_OPS_TOKEN: token }
      const { stdout } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'scripts/dead-letters.ts'), ...args, '--url', baseUrl], { env })
      return stdout
    }
    const poisoned = { kind: 'notify:e2e-nonsense', sent: Date.now() }
    const sent = await fetch(`${baseUrl}/api/dev/queue`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ queue: 'notify', body: poisoned }),
    })
    expect(sent.status).toBe(202)
    const kept = async () => (await command('list')).split('\n').filter((line) => line.includes(String(poisoned.sent))).length
    // Straight to the dead letters: retrying a message of no known kind cannot help.
    await expect.poll(kept, { timeout: 30_000, interval: 1_000 }).toBe(1)
    // The command prints each letter as "#<id>  <queue>  ..." with its error and body below.
    const letter = (await command('list')).split(/\n(?=#\d+ )/).find((block) => block.includes(String(poisoned.sent)))
    const id = /^#(\d+) {2}banter-arena-notify /.exec(letter ?? '')?.[1]
    expect(letter).toMatch(/error: .+/)
    expect(await command('replay', String(id))).toMatch(new RegExp(`Replayed #${id} onto banter-arena-notify`))
    // Back through its queue: the consumer reads it again (and, still unreadable, keeps it again).
    await expect.poll(kept, { timeout: 30_000, interval: 1_000 }).toBe(2)
    await expect(command('replay', String(id))).rejects.toThrow(/409.*not sent twice/)
    const logged = loggedLines().filter((line) => line.event === 'Queue message dead-lettered' && line.queue === 'banter-arena-notify')
    expect(logged.length).toBeGreaterThanOrEqual(2)
  })

  it('counts an FPL outage as a metric', async () => {
    interface Point {
      name: string
      labels: Record<string, string>
    }
    const failures = async () =>
      ((await (await fetch(`${baseUrl}/api/dev/metrics`)).json()) as { points: Point[] }).points.filter(
        (point) => point.name === 'fpl_failure' && point.labels.status === '500' && point.labels.endpoint === 'entry',
      ).length
    const before = await failures()
    // FPL answers 500 for one team nobody else reads, twice (five failures would open the breaker for everyone).
    const fault = { kind: 'server_error', match: 'entry/1000777/', times: 2 }
    expect((await fetch(`${simulatorUrl}/__sim/faults`, { method: 'POST', body: JSON.stringify(fault) })).ok).toBe(true)
    const lookup = await fetch(`${baseUrl}/api/fpl-team/1000777`)
    expect(lookup.status).toBeGreaterThanOrEqual(500)
    expect(await failures()).toBeGreaterThan(before)
  })
})
