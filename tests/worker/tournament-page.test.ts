import { beforeAll, describe, expect, it, vi } from 'vitest'
import { pageAnswerPaths } from '../../worker/routes/tournament-page'
import { attack } from '../security/attack'
import { routeFplToSimulator, SIM_LEAGUES } from './helpers/fpl'
import { call } from './helpers/http'
import { addCuratedTeam, addMember, addTournament, addUser, CURATED_TOURNAMENT_ID, getJson, runCronAndQueue } from './helpers/world'

// /tournaments/{id}: the SPA's page with an anonymous visitor's first answers written in
// (#page-answers), so a shared link shows the standings without the app asking for them first.

const SPA_HTML = '<!doctype html><html><head><title>Banter Arena</title></head><body><div id="root"></div></body></html>'
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

/** The page's answers as the SPA reads them (web/src/lib/page-answers.ts). */
function answersIn(html: string): Record<string, { status: number; body: unknown }> | null {
  const block = /<script type="application\/json" id="page-answers">([\s\S]*?)<\/script>/.exec(html)
  return block ? (JSON.parse(block[1]!) as Record<string, { status: number; body: unknown }>) : null
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

describe('tournament page', () => {
  it('carries the four answers of an open tournament, exactly as the API gives them to a visitor', async () => {
    const { res, html } = await page(`/tournaments/${CURATED_TOURNAMENT_ID}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect(shellRequests).toEqual(['/index.html'])
    const answers = answersIn(html)!
    const paths = pageAnswerPaths(String(CURATED_TOURNAMENT_ID))
    expect(Object.keys(answers).sort()).toEqual([...paths].sort())
    for (const path of paths) {
      const direct = await getJson(path)
      expect({ path, answer: answers[path] }).toEqual({ path, answer: { status: direct.status, body: direct.body } })
    }
    expect((answers[paths[1]!]!.body as { standings: unknown[] }).standings.length).toBeGreaterThan(0)
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
    const [league, standings, winners] = pageAnswerPaths(String(privateId))
    expect(answers[league!]!.status).toBe(200)
    expect(answers[standings!]!.status).toBe(401)
    expect(answers[winners!]!.status).toBe(401)
    expect(html).not.toContain('owner@example.com')
  })

  it('writes what users wrote so that it cannot leave the data block', async ({ task }) => {
    attack(task, { category: 'Input', inputs: 1 })
    const { html } = await page(`/tournaments/${privateId}`)
    expect(html).not.toContain('<script>alert(1)</script>')
    expect(html.match(/<script/g)).toHaveLength(1)
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
    const broken = { prepare: () => { throw new Error('D1 down') }, batch: () => Promise.reject(new Error('D1 down')) } as unknown as D1Database
    shellRequests = []
    const res = await call(`/tournaments/${unreadId}`, {}, { ...(assets as object), DB: broken } as never)
    expect(res.status).toBe(200)
    expect(answersIn(await res.text())).toBeNull()
    vi.restoreAllMocks()
  })
})
