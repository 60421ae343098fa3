import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderTournamentPage } from '../../web/src/ssr/render-tournament-page'
import { banterAnswer, leagueDetail, leagues, standingRows, standingsAnswer, winnersAnswer } from './tournament-fixtures'

// The page renderer (worker/pages) draws a visitor's first screen of a tournament's page with
// the app's own components, from the answers the worker wrote into the page.

/** The four answers the worker writes into a tournament's page. */
function answersFor(id: number, name: string, rows: number) {
  return {
    [`/api/leagues/${id}`]: { status: 200, body: leagueDetail({ ...leagues.find((l) => l.id === id)!, name }) },
    [`/api/leagues/${id}/standings?page=1&limit=50`]: { status: 200, body: standingsAnswer(standingRows(rows)) },
    [`/api/leagues/${id}/monthly-winners`]: { status: 200, body: winnersAnswer },
    [`/api/leagues/${id}/banter-stats`]: { status: 200, body: banterAnswer },
  }
}
const answers = answersFor(3, 'Pub <script>alert(1)</script> League', 20)

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
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Promise<Response>(() => {})),
    )
    await renderTournamentPage('/tournaments/3', '3', answers)
    const other = await renderTournamentPage('/tournaments/4', '4', {})
    expect(other).not.toContain('Pub &lt;script&gt;')
    expect(other).toContain('Loading tournament...')
  })

  it('draws concurrent pages each from its own answers', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Promise<Response>(() => {})),
    )
    const [first, second] = await Promise.all([
      renderTournamentPage('/tournaments/3', '3', answers),
      renderTournamentPage('/tournaments/4', '4', answersFor(4, 'Second League', 5)),
    ])
    expect(first).toContain('Pub &lt;script&gt;alert(1)&lt;/script&gt; League')
    expect(second).toContain('Second League')
    expect(second).toContain('Join the Banter!')
  })
})
