import { env } from 'cloudflare:workers'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { pageAnswerPaths } from '../../contract/page-answers'
import type { PageRenderInput } from '../../contract/page-render'
import { forgetPublicReads } from '../../worker/lib/public-read-cache'
import { attack } from '../security/attack'
import { countingD1 } from './helpers/d1'
import { routeFplToSimulator, SIM_LEAGUES } from './helpers/fpl'
import { call } from './helpers/http'
import { addCuratedTeam, addMember, addTournament, addUser, CURATED_TOURNAMENT_ID, runCronAndQueue } from './helpers/world'

// /tournaments/{id}: the SPA's page with an anonymous visitor's first answers written in
// (#page-answers, read in one D1 round trip by services/tournament-page), so a shared link shows
// the standings without the app asking for them first; and the first screen, drawn by the page
// renderer over Workers RPC.

const SPA_HTML = `<!doctype html><html><head><title>Banter Arena</title>
<script type="application/json" id="page-styles">{"tournament":["/assets/tournaments-abc.css"]}</script></head>
<body><div id="root"><div class="prepaint prepaint--landing">hero</div></div></body></html>`
let shellRequests: string[] = []
const assets = {
  ASSETS: {
    fetch: async (request: Request) => {
      shellRequests.push(new URL(request.url).pathname)
      return new Response(SPA_HTML, { headers: { 'content-type': 'text/html; charset=utf-8', ETag: '"static"' } })
    },
  },
} as never

let privateId = 0
/** Read by no other test: nothing of it sits in the isolate's public read cache. */
let unreadId = 0

/** The page's answers block, as written. */
const blockIn = (html: string) => /<script type="application\/json" id="page-answers">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? null

/** The page's answers as the SPA reads them (web/src/lib/page-answers.ts). */
function answersIn(html: string): Record<string, { status: number; body: unknown }> | null {
  const block = blockIn(html)
  return block ? (JSON.parse(block) as Record<string, { status: number; body: unknown }>) : null
}

/** What the four API routes answer a visitor, as text, each read fresh (not from the public read cache). */
async function apiAnswers(leagueId: number) {
  const answers: Array<{ path: string; status: number; text: string }> = []
  for (const path of pageAnswerPaths(leagueId)) {
    forgetPublicReads()
    const res = await call(path)
    answers.push({ path, status: res.status, text: await res.text() })
  }
  forgetPublicReads()
  return answers
}

/**
 * The page carries each API answer byte for byte: `{"status":…,"body":<the API's text>}` in the
 * block, with only `<` written as \u003c.
 */
async function expectSameAnswers(leagueId: number, statuses: number[]) {
  const api = await apiAnswers(leagueId)
  expect(api.map((a) => a.status)).toEqual(statuses)
  const { html } = await page(`/tournaments/${leagueId}`)
  const expected = `{${api.map((a) => `${JSON.stringify(a.path)}:{"status":${a.status},"body":${a.text}}`).join(',')}}`
  expect(blockIn(html)).toBe(expected.replaceAll('<', '\\u003c'))
}

const page = async (path: string) => {
  shellRequests = []
  const res = await call(path, {}, assets)
  return { res, html: await res.text() }
}

beforeAll(async () => {
  routeFplToSimulator()
  const ownerId = await addUser('owner@example.com', 'Owner', 1000001)
  privateId = await addTournament('Office <script>alert(1)</script> League', SIM_LEAGUES.office, ownerId)
  await addMember(privateId, ownerId)
  unreadId = await addTournament('Quiet League', SIM_LEAGUES.pub, ownerId)
  await addCuratedTeam(1000101)
  await addCuratedTeam(1000102)
  const { failures } = await runCronAndQueue()
  expect(failures).toEqual([])
})

/** A page renderer (its RPC method) that answers `markup`, fails, or never answers, and remembers what it was asked. */
function pageRenderer(answer: string | 'fail' | 'hang') {
  const asked: PageRenderInput[] = []
  return {
    asked,
    binding: {
      PAGE_RENDERER: {
        render: async (input: PageRenderInput) => {
          asked.push(structuredClone(input))
          if (answer === 'fail') throw new Error('renderer broken')
          if (answer === 'hang') return new Promise<string>(() => undefined)
          return answer
        },
      },
    },
  }
}

describe('tournament page', () => {
  // Each case starts from an empty isolate memory: drawn screens are kept with the public reads.
  beforeEach(() => forgetPublicReads())

  it('carries the four answers of an open tournament, byte for byte as the API gives them to a visitor', async () => {
    await expectSameAnswers(CURATED_TOURNAMENT_ID, [200, 200, 200, 200])
    forgetPublicReads()
    const { res, html } = await page(`/tournaments/${CURATED_TOURNAMENT_ID}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect(shellRequests).toEqual(['/index.html'])
    expect((answersIn(html)![pageAnswerPaths(CURATED_TOURNAMENT_ID)[1]]!.body as { standings: unknown[] }).standings.length).toBeGreaterThan(0)
  })

  it('carries a private tournament\'s answers byte for byte: its detail, and "sign in" (401) for its data', async () => {
    await expectSameAnswers(privateId, [200, 401, 401, 401])
  })

  it('carries the answers of a tournament whose data is not read yet, byte for byte', async () => {
    const id = await addTournament('Brand New League', SIM_LEAGUES.sunday, null)
    await env.DB.prepare("UPDATE tournaments SET type = 'curated_public' WHERE id = ?").bind(id).run()
    await expectSameAnswers(id, [200, 200, 200, 200])
    const { html } = await page(`/tournaments/${id}`)
    expect((answersIn(html)![pageAnswerPaths(id)[1]]!.body as { data_source: string }).data_source).toBe('pending')
  })

  it('reads its answers in one D1 round trip, keeps the public ones for the app, and a repeat costs none', async () => {
    const open = async (id: number) => {
      const { db, counter } = countingD1()
      const res = await call(`/tournaments/${id}`, {}, { ...(assets as object), DB: db } as never)
      expect(answersIn(await res.text())).not.toBeNull()
      return counter.trips
    }
    expect(await open(CURATED_TOURNAMENT_ID)).toBe(1)
    expect(await open(CURATED_TOURNAMENT_ID)).toBe(0)
    // The app's own first requests find the answers the page read in the public read cache.
    const { db, counter } = countingD1()
    for (const path of pageAnswerPaths(CURATED_TOURNAMENT_ID)) expect((await call(path, {}, { DB: db })).status).toBe(200)
    expect(counter.trips).toBe(0)
    // A private tournament's data answers are not public: one round trip per visit.
    expect(await open(privateId)).toBe(1)
    expect(await open(privateId)).toBe(1)
  })

  it('is never cached as the static file: no validator, revalidated on every visit', async () => {
    const { res } = await page(`/tournaments/${CURATED_TOURNAMENT_ID}`)
    expect(res.headers.get('etag')).toBeNull()
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
  })

  it('gives a private tournament only what a visitor may see: "sign in" for its standings and winners', async () => {
    const { html } = await page(`/tournaments/${privateId}`)
    const answers = answersIn(html)!
    const [league, standings, winners] = pageAnswerPaths(privateId)
    expect(answers[league]!.status).toBe(200)
    expect(answers[standings]!.status).toBe(401)
    expect(answers[winners]!.status).toBe(401)
    expect(html).not.toContain('owner@example.com')
  })

  it('writes what users wrote so that it cannot leave the data block', async ({ task }) => {
    attack(task, { category: 'Input', inputs: 1 })
    const { html } = await page(`/tournaments/${privateId}`)
    expect(html).not.toContain('<script>alert(1)</script>')
    // The shell's own #page-styles block, and the answers.
    expect(html.match(/<script/g)).toHaveLength(2)
    expect((answersIn(html)![`/api/leagues/${privateId}`]!.body as { name: string }).name).toBe('Office <script>alert(1)</script> League')
  })

  it('serves the plain page, with no block, for an unknown tournament or a path that is not one', async () => {
    for (const path of ['/tournaments/99999', '/tournaments/abc', '/tournaments/0', '/tournaments/1/extra']) {
      const { res, html } = await page(path)
      expect({ path, status: res.status, block: answersIn(html) }).toEqual({ path, status: 200, block: null })
    }
  })

  it('still serves the page when the API cannot answer', async ({ task }) => {
    attack(task, { category: 'Upstream and storage faults', faults: 1 })
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const broken = {
      prepare: () => {
        throw new Error('D1 down')
      },
      batch: () => Promise.reject(new Error('D1 down')),
    } as unknown as D1Database
    shellRequests = []
    const res = await call(`/tournaments/${unreadId}`, {}, { ...(assets as object), DB: broken } as never)
    expect(res.status).toBe(200)
    expect(answersIn(await res.text())).toBeNull()
    vi.restoreAllMocks()
  })

  it("carries the visitor's first screen, drawn by the page renderer from the same answers, with the page's stylesheets", async () => {
    const renderer = pageRenderer('<div class="tournament-detail">Rendered &lt;safe&gt;</div>')
    const res = await call(`/tournaments/${CURATED_TOURNAMENT_ID}`, {}, { ...(assets as object), ...renderer.binding } as never)
    const html = await res.text()
    expect(renderer.asked).toHaveLength(1)
    expect(renderer.asked[0]).toMatchObject({ path: `/tournaments/${CURATED_TOURNAMENT_ID}`, leagueId: String(CURATED_TOURNAMENT_ID) })
    expect(renderer.asked[0]!.answers).toEqual(answersIn(html))
    expect(html).toContain('<div id="root"><div class="prepaint prepaint--tournament"><div class="tournament-detail">Rendered &lt;safe&gt;</div></div></div>')
    expect(html).not.toContain('prepaint--landing')
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/tournaments-abc.css">')
  })

  it('without the renderer (down, failing) the page still carries the answers, and the app draws it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const renderer = pageRenderer('fail')
    const res = await call(`/tournaments/${CURATED_TOURNAMENT_ID}`, {}, { ...(assets as object), ...renderer.binding } as never)
    const html = await res.text()
    expect(res.status).toBe(200)
    expect(renderer.asked).toHaveLength(1)
    expect(answersIn(html)).not.toBeNull()
    expect(html).not.toContain('prepaint--tournament')
    expect(html).not.toContain('<link rel="stylesheet" crossorigin href="/assets/tournaments-abc.css">')
    vi.restoreAllMocks()
  })

  it('does not wait more than 1.5 s for a renderer that does not answer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const renderer = pageRenderer('hang')
    const started = Date.now()
    const res = await call(`/tournaments/${CURATED_TOURNAMENT_ID}`, {}, { ...(assets as object), ...renderer.binding } as never)
    const html = await res.text()
    expect(Date.now() - started).toBeLessThan(5000)
    expect(renderer.asked).toHaveLength(1)
    expect(answersIn(html)).not.toBeNull()
    expect(html).not.toContain('prepaint--tournament')
    vi.restoreAllMocks()
  })

  it('draws a screen once for the same answers; new answers are drawn again', async () => {
    const renderer = pageRenderer('<p>drawn</p>')
    const open = async () => (await call(`/tournaments/${unreadId}`, {}, { ...(assets as object), ...renderer.binding } as never)).text()
    expect(await open()).toContain('<p>drawn</p>')
    expect(await open()).toContain('<p>drawn</p>')
    expect(renderer.asked).toHaveLength(1)
    forgetPublicReads()
    await env.DB.prepare("UPDATE tournaments SET name = 'Quieter League' WHERE id = ?").bind(unreadId).run()
    expect(await open()).toContain('<p>drawn</p>')
    expect(renderer.asked).toHaveLength(2)
    expect((renderer.asked[1]!.answers[`/api/leagues/${unreadId}`]!.body as { name: string }).name).toBe('Quieter League')
  })

  it("keeps an open tournament's whole page with the public reads: the next visitor's costs no shell fetch and no render", async () => {
    const renderer = pageRenderer('<p>drawn</p>')
    const open = async () => {
      shellRequests = []
      return (await call(`/tournaments/${CURATED_TOURNAMENT_ID}`, {}, { ...(assets as object), ...renderer.binding } as never)).text()
    }
    const first = await open()
    expect(shellRequests).toEqual(['/index.html'])
    expect(await open()).toBe(first)
    expect(shellRequests).toEqual([])
    expect(renderer.asked).toHaveLength(1)
    // A private tournament's page is built each time (its drawn screen is kept).
    const openPrivate = () => call(`/tournaments/${privateId}`, {}, { ...(assets as object), ...renderer.binding } as never)
    await openPrivate()
    shellRequests = []
    await openPrivate()
    expect(shellRequests).toEqual(['/index.html'])
  })

  it('asks the renderer nothing for a tournament that does not exist', async () => {
    const renderer = pageRenderer('<p>never</p>')
    await call('/tournaments/99999', {}, { ...(assets as object), ...renderer.binding } as never)
    expect(renderer.asked).toEqual([])
  })
})
