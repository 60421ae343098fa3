import { onlineManager } from '@tanstack/react-query'
import { act, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { OFFLINE_SAVED_AT_HEADER } from '../../contract/notifications'
import { renderApp, visibleToasts } from './helpers'
import { mockApi, networkDown, type Reply } from './mock-api'
import { banterAnswer, leagueDetail, leagues, standingRows, standingsAnswer, winnersAnswer } from './tournament-fixtures'

// Decision 165: losing the connection is said at once, a league that cannot load offline says
// it will load once back online (not "Failed to load" and an error toast), and it does, unasked.

const BANNER = 'You’re offline. We’ll update this page when you’re back online.'
const LEAGUE_OFFLINE = 'You’re offline: this league will load when you’re back online.'

let onLine = true
/** The browser's flag, as a page reads it at start (navigator.onLine). */
const browserSays = (online: boolean) => {
  onLine = online
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => onLine)
}

/** The connection drops or returns: the browser's flag changes, then its event. */
const connection = (online: boolean) =>
  act(() => {
    browserSays(online)
    window.dispatchEvent(new Event(online ? 'online' : 'offline'))
  })

afterEach(() => {
  onLine = true
  // The data layer's online state outlives a test: the next one starts online.
  onlineManager.setOnline(true)
})

const offlineBanners = () => screen.queryAllByRole('status').filter((el) => /You’re offline/.test(el.textContent ?? ''))

const league = leagues[0]!
const leaguePaths = (id: number) => [
  `GET /api/leagues/${id}`,
  `GET /api/leagues/${id}/standings?page=1&limit=50`,
  `GET /api/leagues/${id}/monthly-winners`,
  `GET /api/leagues/${id}/banter-stats`,
]
const answers = [{ body: leagueDetail(league) }, { body: standingsAnswer(standingRows(3)) }, { body: winnersAnswer }, { body: banterAnswer }]

/** The league's four reads: each answers `first` (a list of replies per read), then the network's answer. */
function leagueApi(first: (index: number) => Reply[]) {
  const paths = leaguePaths(league.id)
  return mockApi(Object.fromEntries(paths.map((path, i) => [path, [...first(i), answers[i]!]])))
}

describe('the shell while offline', () => {
  it('says so as the connection drops, and stops saying it when it returns', async () => {
    mockApi()
    renderApp('/about')
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument()
    expect(offlineBanners()).toHaveLength(0)

    connection(false)
    expect(offlineBanners()).toHaveLength(1)
    expect(offlineBanners()[0]).toHaveTextContent(BANNER)

    connection(true)
    expect(offlineBanners()).toHaveLength(0)
  })

  it('says so at once on a page opened offline (from the service worker’s shell)', async () => {
    browserSays(false)
    mockApi()
    renderApp('/about')
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument()
    expect(offlineBanners()[0]).toHaveTextContent(BANNER)
  })
})

describe('a tournament page offline', () => {
  it('a league not seen before says it will load once back online (no “Failed to load”, no toast), and loads when the connection returns, unasked', async () => {
    connection(false)
    const api = leagueApi(() => [networkDown()])
    renderApp(`/tournaments/${league.id}`)

    expect(await screen.findByText(LEAGUE_OFFLINE)).toBeInTheDocument()
    expect(screen.queryByText('Failed to load league data')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
    expect(screen.queryByText('Loading tournament...')).toBeNull()
    expect(visibleToasts()).toHaveLength(0)
    // One notice: the page's own sentence (the shell's banner is not doubled on a tournament page).
    expect(offlineBanners()).toHaveLength(1)

    connection(true)
    expect(await screen.findByRole('heading', { level: 1, name: league.name })).toBeInTheDocument()
    expect(await screen.findByText('Team 3')).toBeInTheDocument()
    expect(screen.queryByText(LEAGUE_OFFLINE)).toBeNull()
    expect(offlineBanners()).toHaveLength(0)
    expect(visibleToasts()).toHaveLength(0)
    expect(api.callsTo(`GET /api/leagues/${league.id}`)).toHaveLength(2)
  })

  it('standings saved earlier show with their time while offline, and give way to the network’s as it returns', async () => {
    connection(false)
    const saved = { headers: { [OFFLINE_SAVED_AT_HEADER]: '2026-11-22T14:32:00Z' } }
    const api = leagueApi((i) => [{ ...answers[i], ...saved } as Reply])
    renderApp(`/tournaments/${league.id}`)

    expect(await screen.findByText('Team 3')).toBeInTheDocument()
    const [notice] = offlineBanners()
    expect(notice).toHaveTextContent(
      /You’re offline\. These standings were saved at \d\d:\d\d on Sun 22 Nov\. We’ll update this page when you’re back online\./,
    )
    expect(offlineBanners()).toHaveLength(1)

    // Fresh in the cache (under its 2 minutes), yet loaded again: what is shown is the offline copy.
    connection(true)
    await vi.waitFor(() => expect(api.callsTo(`GET /api/leagues/${league.id}/standings?page=1&limit=50`)).toHaveLength(2))
    await vi.waitFor(() => expect(offlineBanners()).toHaveLength(0))
    expect(screen.getByText('Team 3')).toBeInTheDocument()
  })

  it('a network failure while the browser says it is online is still “Failed to load league data” with the error toast', async () => {
    leagueApi(() => [networkDown()])
    renderApp(`/tournaments/${league.id}`)
    expect(await screen.findByText('Failed to load league data')).toBeInTheDocument()
    expect(within(visibleToasts()[0]!).getByText('Failed to load tournament data')).toBeInTheDocument()
    expect(screen.queryByText(LEAGUE_OFFLINE)).toBeNull()
    expect(offlineBanners()).toHaveLength(0)
  })
})
