import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderTournamentPage } from '../../web/src/ssr/render-tournament-page'
import { banterAnswer, leagueDetail, leagues, standingRows, standingsAnswer, winnersAnswer } from './tournament-fixtures'

// The page renderer (worker/pages) draws a visitor's first screen of a tournament's page with
// the app's own components, from the answers the worker wrote into the page.

const league = { ...leagues.find((l) => l.id === 3)!, name: 'Pub <script>alert(1)</script> League' }
const answers = {
  '/api/leagues/3': { status: 200, body: leagueDetail(league) },
  '/api/leagues/3/standings?page=1&limit=50': { status: 200, body: standingsAnswer(standingRows(20)) },
  '/api/leagues/3/monthly-winners': { status: 200, body: winnersAnswer },
  '/api/leagues/3/banter-stats': { status: 200, body: banterAnswer },
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('renderTournamentPage', () => {
  it("draws the visitor's page from the answers alone: name, tabs and the sign-in gate over the standings", async () => {
    const fetch = vi.fn(async () => {
      throw new Error('no network on the server render')
    })
    vi.stubGlobal('fetch', fetch)
    const html = await renderTournamentPage('/tournaments/3', '3', answers)
    expect(fetch).not.toHaveBeenCalled()
    expect(html).toContain('<h1 class="tournament-bar__title">Pub &lt;script&gt;alert(1)&lt;/script&gt; League</h1>')
    expect(html).toContain('Join the Banter!')
    expect(html).toContain('Sign in to view standings for your league.')
    expect(html).toContain('Team 1')
    expect(html).toMatch(/role="tab"[^>]*>[\s\S]*Live/)
    expect(html).not.toMatch(/<script/i)
    expect(html).not.toContain('Loading tournament...')
  })

  it('leaves nothing behind for the next render: another league renders its own answers or its loading state', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Promise<Response>(() => {})))
    await renderTournamentPage('/tournaments/3', '3', answers)
    const other = await renderTournamentPage('/tournaments/4', '4', {})
    expect(other).not.toContain('Pub &lt;script&gt;')
    expect(other).toContain('Loading tournament...')
  })

  it('draws concurrent pages each from its own answers', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Promise<Response>(() => {})))
    const other = { ...leagues.find((l) => l.id === 4)!, name: 'Second League' }
    const otherAnswers = {
      '/api/leagues/4': { status: 200, body: leagueDetail(other) },
      '/api/leagues/4/standings?page=1&limit=50': { status: 200, body: standingsAnswer(standingRows(5)) },
      '/api/leagues/4/monthly-winners': { status: 200, body: winnersAnswer },
      '/api/leagues/4/banter-stats': { status: 200, body: banterAnswer },
    }
    const [first, second] = await Promise.all([renderTournamentPage('/tournaments/3', '3', answers), renderTournamentPage('/tournaments/4', '4', otherAnswers)])
    expect(first).toContain('Pub &lt;script&gt;alert(1)&lt;/script&gt; League')
    expect(second).toContain('Second League')
    expect(second).toContain('Join the Banter!')
  })
})
