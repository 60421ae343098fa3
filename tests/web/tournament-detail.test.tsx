import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppProviders } from '../../web/src/app/AppProviders'
import { TournamentDetailPage } from '../../web/src/app/AppRoutes'
import { startTournamentDeepLink } from '../../web/src/app/deep-link'
import { createQueryClient } from '../../web/src/app/query-client'
import { BanterTab } from '../../web/src/features/tournaments/detail/BanterTab'
import { banterCard } from '../../web/src/features/tournaments/detail/banter-cards'
import { fetchLeagueData, leagueDataQuery } from '../../web/src/features/tournaments/detail/league-data'
import { pageWindow, progressPercent } from '../../web/src/features/tournaments/detail/standings-math'
import { orderWinners } from '../../web/src/features/tournaments/detail/WinnersTab'
import type { LeagueData, MonthlyWinner } from '../../web/src/features/tournaments/types'
import { detailTabs } from '../../web/src/pages/TournamentDetailPage'
import { currentLocation, renderApp, storeSession, testNavigate, visibleToasts, writePageAnswers } from './helpers'
import { mockApi, type Reply } from './mock-api'
import {
  advance,
  banterAnswer,
  fakeClock,
  gameweekSummary,
  jointWinnersAnswer,
  leagueDetail,
  leagues,
  settle,
  standingRows,
  standingsAnswer,
  winnersAnswer,
} from './tournament-fixtures'

const curated = leagues[2]!

function detailApi(id: number, routes: Record<string, Reply | Reply[]> = {}, league = leagues.find((l) => l.id === id)!) {
  return mockApi({
    [`GET /api/leagues/${id}`]: { body: leagueDetail(league) },
    [`GET /api/leagues/${id}/standings?page=1&limit=50`]: { body: standingsAnswer(standingRows(20)) },
    [`GET /api/leagues/${id}/monthly-winners`]: { body: winnersAnswer },
    [`GET /api/leagues/${id}/banter-stats`]: { body: banterAnswer },
    ...routes,
  })
}

const openDetail = (id: number, withState = true) =>
  renderApp(withState ? { pathname: `/tournaments/${id}`, state: { league: leagues.find((l) => l.id === id) } } : `/tournaments/${id}`)

const tabNames = () =>
  within(screen.getByRole('tablist', { name: 'Tournament sections' }))
    .getAllByRole('tab')
    .map((t) => t.textContent)

let scrollIntoView: ReturnType<typeof vi.fn>
beforeEach(() => {
  scrollIntoView = vi.fn()
  Element.prototype.scrollIntoView = scrollIntoView as unknown as Element['scrollIntoView']
})
afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView
})

describe('detail: header and loading', () => {
  it('without navigation state shows "Loading tournament..." and the fallback title, then the league', async () => {
    detailApi(1)
    openDetail(1, false)
    expect(await screen.findByText('Loading tournament...')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Tournament' })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { level: 1, name: 'Zebra League' })).toBeInTheDocument()
    expect(screen.queryByText('Loading tournament...')).not.toBeInTheDocument()
  })

  it('has the logo to the list, Back to Tournaments, the theme toggle and (signed in) the avatar', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    detailApi(1)
    openDetail(1)
    const title = await screen.findByRole('heading', { level: 1, name: 'Zebra League' })
    const bar = title.closest('.tournament-bar') as HTMLElement
    expect(within(bar).getByRole('link', { name: 'All tournaments' })).toHaveAttribute('href', '/tournaments')
    expect(within(bar).getByRole('link', { name: 'Your dashboard' })).toHaveTextContent('JV')
    expect(within(bar).getByRole('link', { name: 'Your dashboard' })).toHaveAttribute('href', '/dashboard')
    expect(within(bar).getByRole('button', { name: /switch to (dark|light) theme/i })).toBeInTheDocument()
    await user.click(within(bar).getByRole('button', { name: /Back to Tournaments/ }))
    await waitFor(() => expect(currentLocation()).toEqual({ path: '/tournaments', state: null }))
  })

  it('signed out: no avatar in the tournament bar', async () => {
    detailApi(3)
    openDetail(3)
    const bar = (await screen.findByRole('heading', { level: 1, name: 'Real Footballers FPL League' })).closest('.tournament-bar') as HTMLElement
    expect(within(bar).queryByRole('link', { name: 'Your dashboard' })).not.toBeInTheDocument()
  })
})

describe('detail: tabs per sign-in state and tournament type', () => {
  it('knows the rules (detailTabs)', () => {
    const ids = (signedIn: boolean, type: string, admin: boolean) => detailTabs(signedIn, type, admin).map((t) => t.id)
    expect(ids(false, 'private', false)).toEqual(['standings', 'winners', 'banter'])
    expect(ids(true, 'private', false)).toEqual(['standings', 'winners', 'banter', 'community', 'settings'])
    expect(ids(true, 'public', false)).toEqual(['standings', 'winners', 'banter', 'community', 'settings'])
    expect(ids(true, 'curated_public', false)).toEqual(['standings', 'winners', 'banter', 'settings'])
    expect(ids(true, 'curated_public', true)).toEqual(['standings', 'winners', 'banter', 'manage', 'settings'])
  })

  it('signed out: Live, Winners, Banter in 3 columns', async () => {
    detailApi(1)
    openDetail(1)
    await screen.findByRole('heading', { level: 1, name: 'Zebra League' })
    expect(tabNames()).toEqual(['📊Live', '👑Winners', '🔥Banter'])
    expect(screen.getByRole('tablist', { name: 'Tournament sections' })).toHaveAttribute('data-columns', '3')
    expect(screen.getByRole('tab', { name: /Live/ })).toHaveAttribute('aria-selected', 'true')
  })

  it('signed in, private: Wall and Settings join, 5 columns', async () => {
    storeSession('jwt-1')
    detailApi(1)
    openDetail(1)
    await screen.findByRole('heading', { level: 1, name: 'Zebra League' })
    expect(tabNames()).toEqual(['📊Live', '👑Winners', '🔥Banter', '💬Wall', '⚙️Settings'])
    expect(screen.getByRole('tablist', { name: 'Tournament sections' })).toHaveAttribute('data-columns', '5')
  })

  it('signed in, curated: no Wall; Manage only with admin access (admin-check)', async () => {
    storeSession('jwt-1')
    const api = detailApi(3, { 'GET /api/leagues/3/admin-check': { body: { has_admin_access: false } } })
    const view = openDetail(3)
    await screen.findByRole('heading', { level: 1, name: 'Real Footballers FPL League' })
    await waitFor(() => expect(api.callsTo('GET /api/leagues/3/admin-check')).toHaveLength(1))
    expect(tabNames()).toEqual(['📊Live', '👑Winners', '🔥Banter', '⚙️Settings'])
    view.unmount()

    api.on('GET /api/leagues/3/admin-check', { body: { has_admin_access: true } })
    openDetail(3)
    await waitFor(() => expect(tabNames()).toEqual(['📊Live', '👑Winners', '🔥Banter', '🛠️Manage', '⚙️Settings']))
  })

  it('admin-check failure means no admin access', async () => {
    storeSession('jwt-1')
    detailApi(3, { 'GET /api/leagues/3/admin-check': { status: 500, body: {} } })
    openDetail(3)
    await screen.findByRole('heading', { level: 1, name: 'Real Footballers FPL League' })
    await waitFor(() => expect(tabNames()).toEqual(['📊Live', '👑Winners', '🔥Banter', '⚙️Settings']))
  })

  it('arrow keys move between tabs', async () => {
    const user = userEvent.setup()
    detailApi(1)
    openDetail(1)
    await screen.findByRole('heading', { level: 1, name: 'Zebra League' })
    screen.getByRole('tab', { name: /Live/ }).focus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: /Winners/ })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tab', { name: /Winners/ })).toHaveFocus()
    await user.keyboard('{End}')
    expect(screen.getByRole('tab', { name: /Banter/ })).toHaveAttribute('aria-selected', 'true')
  })
})

describe('detail: the wall for non-members and commissioners', () => {
  const wallPost = (id: number, extra: Record<string, unknown> = {}) => ({
    id,
    user_id: 9,
    user_name: `Poster ${id}`,
    content: `Post number ${id}`,
    image_url: null,
    created_at: '2025-09-01T10:00:00Z',
    likes: 0,
    likes_list: [],
    reported: false,
    isPinned: false,
    is_author: false,
    ...extra,
  })

  it('signed out: what the wall is and Sign In Now under the tabs (no Wall tab, no posts); none for the curated league', async () => {
    const api = detailApi(1)
    const view = openDetail(1)
    const intro = await screen.findByTestId('wall-intro')
    expect(intro).toHaveTextContent(/Only members can read it and post/)
    expect(within(intro).getByRole('button', { name: 'Sign In Now' })).toBeInTheDocument()
    expect(tabNames()).toEqual(['📊Live', '👑Winners', '🔥Banter'])
    expect(screen.queryByPlaceholderText('Share your FPL triumph or disaster...')).not.toBeInTheDocument()
    expect(api.calls.some((c) => c.path.startsWith('/api/community-posts'))).toBe(false)
    view.unmount()
    detailApi(3)
    openDetail(3)
    await screen.findByRole('heading', { level: 1, name: 'Real Footballers FPL League' })
    expect(screen.queryByTestId('wall-intro')).not.toBeInTheDocument()
  })

  it('signed in, not a member: the Wall tab explains and Join Tournament opens the join dialog', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    // League 6: private, and not among the signed-in user's leagues.
    detailApi(6, { 'GET /api/community-posts/6': { status: 403, body: { detail: 'Only members of this league can see this.', code: 'not_a_member' } } })
    openDetail(6)
    await user.click(await screen.findByRole('tab', { name: /Wall/ }))
    const intro = await screen.findByTestId('wall-intro')
    expect(screen.queryByPlaceholderText('Share your FPL triumph or disaster...')).not.toBeInTheDocument()
    expect(screen.queryByText(/sample posts/)).not.toBeInTheDocument()
    await user.click(within(intro).getByRole('button', { name: 'Join Tournament' }))
    expect(await screen.findByRole('dialog', { name: /Join/ })).toBeInTheDocument()
  })

  it('after joining from the wall, the wall opens with its post box', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    const api = detailApi(6, {
      'GET /api/community-posts/6': [
        { status: 403, body: { detail: 'Only members of this league can see this.', code: 'not_a_member' } },
        { body: [wallPost(1)] },
      ],
      'POST /api/leagues/6/join': { body: { message: 'Successfully joined Pi League!' } },
    })
    openDetail(6)
    await user.click(await screen.findByRole('tab', { name: /Wall/ }))
    await user.click(within(await screen.findByTestId('wall-intro')).getByRole('button', { name: 'Join Tournament' }))
    await user.click(within(await screen.findByRole('dialog', { name: /Join/ })).getByRole('button', { name: 'Join Tournament' }))
    expect(await screen.findByPlaceholderText('Share your FPL triumph or disaster...')).toBeInTheDocument()
    expect(screen.getByText('Post number 1')).toBeInTheDocument()
    expect(screen.queryByTestId('wall-intro')).not.toBeInTheDocument()
    expect(api.callsTo('POST /api/leagues/6/join')).toHaveLength(1)
  })

  it('the commissioner gets Pin and Unpin on the wall', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    detailApi(4, { 'GET /api/community-posts/4': { body: [wallPost(1, { isPinned: true }), wallPost(2)] } })
    openDetail(4)
    await user.click(await screen.findByRole('tab', { name: /Wall/ }))
    const items = within(await screen.findByRole('list', { name: 'Posts' })).getAllByRole('listitem')
    expect(within(items[0]!).getByRole('button', { name: 'Unpin' })).toBeInTheDocument()
    expect(within(items[1]!).getByRole('button', { name: 'Pin' })).toBeInTheDocument()
  })
})

describe('detail: a shared link, opened before the app runs (deep-link.ts)', () => {
  const paths = ['/api/leagues/3', '/api/leagues/3/standings?page=1&limit=50', '/api/leagues/3/monthly-winners', '/api/leagues/3/banter-stats']
  const answersFor = () =>
    Object.fromEntries(
      [leagueDetail(leagues.find((l) => l.id === 3)!), standingsAnswer(standingRows(20)), winnersAnswer, banterAnswer].map((body, i) => [
        paths[i]!,
        { status: 200, body },
      ]),
    )

  it("a visitor's page renders from the answers written into it: no API call, no 150 ms wait", async () => {
    const api = detailApi(3)
    writePageAnswers(answersFor())
    await TournamentDetailPage.preload()
    openDetail(3, false)
    expect(screen.getByTestId('sign-in-gate')).toHaveTextContent('Sign in to view standings for your league.')
    expect(screen.getByRole('heading', { level: 1, name: leagues.find((l) => l.id === 3)!.name })).toBeInTheDocument()
    await settle()
    expect(api.calls).toEqual([])
  })

  it("without answers, a visitor's data loads 150 ms after the page opened, and the page joins that load", async () => {
    fakeClock()
    const api = detailApi(3)
    const queryClient = createQueryClient()
    startTournamentDeepLink('/tournaments/3', queryClient)
    await advance(149)
    expect(api.calls).toHaveLength(0)
    await advance(1)
    expect(api.calls).toHaveLength(4)
    renderApp('/tournaments/3', { queryClient })
    await settle(() => expect(screen.getByTestId('sign-in-gate')).toBeInTheDocument())
    await advance(500)
    expect(api.calls).toHaveLength(4)
  })

  it('a shared link to another page (or a search) starts loading that page, the one it will show', async () => {
    fakeClock()
    const api = detailApi(3, {
      'GET /api/leagues/3/standings?page=3&limit=50&search=kane': { body: standingsAnswer(standingRows(2), { found: { query: 'kane', total_matches: 2 } }) },
    })
    startTournamentDeepLink('/tournaments/3', createQueryClient(), '?page=3&search=%20kane%20')
    await advance(150)
    expect(api.calls.map((c) => c.path)).toContain('/api/leagues/3/standings?page=3&limit=50&search=kane')
    expect(api.unexpected).toEqual([])
  })

  it("a signed-in reader's page ignores the visitor's answers and loads with the token", async () => {
    fakeClock()
    storeSession('jwt-1')
    const api = detailApi(3)
    writePageAnswers(answersFor())
    const queryClient = createQueryClient()
    startTournamentDeepLink('/tournaments/3', queryClient)
    openDetail(3, false)
    await advance(150)
    const detailCalls = () => api.calls.filter((c) => paths.includes(c.path))
    await settle(() => expect(detailCalls()).toHaveLength(4))
    expect(detailCalls().every((c) => c.headers.get('Authorization') === 'Bearer jwt-1')).toBe(true)
    expect(queryClient.isFetching()).toBe(0)
  })
})

describe('detail: loading the data', () => {
  it('loads 150 ms after the page mounts (league, standings, winners, banter)', async () => {
    fakeClock()
    storeSession('jwt-1')
    const api = detailApi(1)
    openDetail(1)
    await settle(() => expect(screen.getByRole('heading', { level: 1, name: 'Zebra League' })).toBeInTheDocument())
    expect(api.calls).toHaveLength(0)
    await advance(149)
    expect(api.calls).toHaveLength(0)
    await advance(1)
    expect(api.calls.map((c) => c.path).sort()).toEqual(
      ['/api/leagues/1', '/api/leagues/1/banter-stats', '/api/leagues/1/monthly-winners', '/api/leagues/1/standings?page=1&limit=50'].sort(),
    )
    expect(api.calls.every((c) => c.headers.get('Authorization') === 'Bearer jwt-1')).toBe(true)
    await settle(() => expect(screen.getByText('Team 1')).toBeInTheDocument())
  })

  it('caches per league, page and viewer for 2 minutes', async () => {
    fakeClock()
    const api = detailApi(1)
    const queryClient = createQueryClient()
    const load = async () => {
      const loading = queryClient.fetchQuery(leagueDataQuery('1', 1, null))
      await advance(150)
      return loading
    }
    await load()
    await load()
    expect(api.callsTo('GET /api/leagues/1/standings?page=1&limit=50')).toHaveLength(1)
    await advance(119999 - 150)
    await load()
    expect(api.callsTo('GET /api/leagues/1/standings?page=1&limit=50')).toHaveLength(1)
    await advance(1)
    await load()
    expect(api.callsTo('GET /api/leagues/1/standings?page=1&limit=50')).toHaveLength(2)
    const signedIn = queryClient.fetchQuery(leagueDataQuery('1', 1, 7))
    await advance(150)
    await signedIn
    expect(api.callsTo('GET /api/leagues/1/standings?page=1&limit=50')).toHaveLength(3)
  })

  it('a failure toasts "Error - Failed to load tournament data" and offers a retry; banter failure is ignored', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    const api = detailApi(1, { 'GET /api/leagues/1/standings?page=1&limit=50': [{ status: 500, body: {} }, { body: standingsAnswer(standingRows(3)) }] })
    api.on('GET /api/leagues/1/banter-stats', { status: 500, body: {} })
    openDetail(1)
    expect(await screen.findByText('Failed to load league data')).toBeInTheDocument()
    const toast = visibleToasts()[0]
    expect(toast).toHaveTextContent('Error')
    expect(toast).toHaveTextContent('Failed to load tournament data')
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Team 3')).toBeInTheDocument()
    await user.click(screen.getByRole('tab', { name: /Banter/ }))
    expect(screen.getByText(/Banter stats appear after the next gameweek refresh/)).toBeInTheDocument()
  })

  it('names the failing part: "Failed to fetch league data: Failed to fetch standings"', async () => {
    detailApi(1, { 'GET /api/leagues/1/standings?page=1&limit=50': { status: 500, body: {} } })
    await expect(fetchLeagueData(1, 1)).rejects.toThrow('Failed to fetch league data: Failed to fetch standings')
    detailApi(1, { 'GET /api/leagues/1/monthly-winners': { status: 500, body: {} } })
    await expect(fetchLeagueData(1, 1)).rejects.toThrow('Failed to fetch league data: Failed to fetch winners')
    detailApi(1, { 'GET /api/leagues/1': { status: 404, body: { detail: 'League not found' } } })
    await expect(fetchLeagueData(1, 1)).rejects.toThrow('Failed to fetch league data: Failed to fetch league')
  })

  it('auto-refresh reloads every 60 s while on', async () => {
    fakeClock()
    storeSession('jwt-1')
    const api = detailApi(1)
    openDetail(1)
    await settle(() => expect(screen.getByRole('heading', { level: 1, name: 'Zebra League' })).toBeInTheDocument())
    await advance(150)
    await settle(() => expect(screen.getByText('Team 1')).toBeInTheDocument())
    const standings = () => api.callsTo('GET /api/leagues/1/standings?page=1&limit=50').length
    expect(standings()).toBe(1)
    await advance(60000)
    expect(standings()).toBe(1)
    await act(async () => screen.getByRole('switch', { name: 'Auto-refresh' }).click())
    expect(screen.getByRole('switch', { name: 'Auto-refresh' })).toHaveAttribute('aria-checked', 'true')
    await advance(59999)
    expect(standings()).toBe(1)
    // At 60 s the reload starts, after the usual 150 ms pause.
    await advance(1)
    await advance(150)
    expect(standings()).toBe(2)
  })
})

describe('detail: Live tab', () => {
  it('caps the progress bar at 2000 points, shows top-3 icons and highlights the own row', async () => {
    expect(progressPercent(2500)).toBe(100)
    expect(progressPercent(2000)).toBe(100)
    expect(progressPercent(1000)).toBe(50)
    expect(progressPercent(0)).toBe(0)
    expect(progressPercent(-5)).toBe(0)

    storeSession('jwt-1')
    const rows = standingRows(4, { me: 2 })
    rows[3] = { ...rows[3]!, total_points: 1000 }
    detailApi(1, { 'GET /api/leagues/1/standings?page=1&limit=50': { body: standingsAnswer(rows, { me: 2 }) } })
    openDetail(1)
    const table = await screen.findByRole('list', { name: 'League table' })
    const items = within(table).getAllByRole('listitem')
    const fills = screen.getAllByTestId('progress-fill')
    expect(fills[0]).toHaveStyle({ width: '100%' })
    expect(fills[3]).toHaveStyle({ width: '50%' })
    expect(within(items[0]!).getByRole('img', { name: 'Trophy: 1st place' })).toBeInTheDocument()
    expect(within(items[1]!).getByRole('img', { name: 'Medal: 2nd place' })).toBeInTheDocument()
    expect(within(items[2]!).getByRole('img', { name: 'Award: 3rd place' })).toBeInTheDocument()
    expect(within(items[3]!).queryByRole('img')).not.toBeInTheDocument()
    expect(items[1]).toHaveClass('standing--me')
    expect(items[1]).toHaveAttribute('aria-current', 'true')
    expect(screen.getByRole('heading', { name: /This Gameweek/ })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: /Prize Pool/ })).not.toBeInTheDocument()
  })

  it("says what the bar under each name measures: a key read with the table, and each bar's figure on hover (decision 164)", async () => {
    storeSession('jwt-1')
    const rows = standingRows(3)
    rows[1] = { ...rows[1]!, total_points: 1412 }
    detailApi(1, { 'GET /api/leagues/1/standings?page=1&limit=50': { body: standingsAnswer(rows) } })
    openDetail(1)
    const table = await screen.findByRole('list', { name: 'League table' })
    const key = 'The bar under each name shows total points for the season: a full bar is 2,000.'
    expect(table).toHaveAccessibleDescription(key)
    expect(table.previousElementSibling).toHaveTextContent(key)
    const fill = within(within(table).getAllByRole('listitem')[1]!).getByTestId('progress-fill')
    expect(fill.parentElement).toHaveAttribute('title', '1,412 of 2,000 points')
  })

  it('shows the Prize Pool card only when prize features are on', async () => {
    vi.stubEnv('VITE_PRIZES_ENABLED', 'true')
    storeSession('jwt-1')
    detailApi(1)
    openDetail(1)
    expect(await screen.findByRole('heading', { name: /Prize Pool/ })).toBeInTheDocument()
  })

  it('scrolls the own row into view 500 ms after loading when the position is above 5', async () => {
    fakeClock()
    storeSession('jwt-1')
    detailApi(1, { 'GET /api/leagues/1/standings?page=1&limit=50': { body: standingsAnswer(standingRows(20, { me: 8 }), { me: 8 }) } })
    openDetail(1)
    await settle(() => expect(screen.getByRole('heading', { level: 1, name: 'Zebra League' })).toBeInTheDocument())
    await advance(150)
    await settle(() => expect(screen.getByTestId('own-row')).toBeInTheDocument())
    await advance(499)
    expect(scrollIntoView).not.toHaveBeenCalled()
    await advance(1)
    expect(scrollIntoView).toHaveBeenCalledTimes(1)
    expect(scrollIntoView.mock.contexts[0]).toBe(screen.getByTestId('own-row'))
  })

  it('does not scroll for a position of 5 or better', async () => {
    fakeClock()
    storeSession('jwt-1')
    detailApi(1, { 'GET /api/leagues/1/standings?page=1&limit=50': { body: standingsAnswer(standingRows(20, { me: 5 }), { me: 5 }) } })
    openDetail(1)
    await settle(() => expect(screen.getByRole('heading', { level: 1, name: 'Zebra League' })).toBeInTheDocument())
    await advance(150)
    await settle(() => expect(screen.getByTestId('own-row')).toBeInTheDocument())
    await advance(2000)
    expect(scrollIntoView).not.toHaveBeenCalled()
  })

  it('shows at most 5 page buttons around the current page and loads the chosen page', async () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5])
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7])
    expect(pageWindow(9, 10)).toEqual([6, 7, 8, 9, 10])
    expect(pageWindow(2, 3)).toEqual([1, 2, 3])
    expect(pageWindow(1, 1)).toEqual([1])

    const user = userEvent.setup()
    storeSession('jwt-1')
    const api = detailApi(1, {
      'GET /api/leagues/1/standings?page=1&limit=50': { body: standingsAnswer(standingRows(50), { totalPages: 10, total: 500 }) },
      'GET /api/leagues/1/standings?page=4&limit=50': { body: standingsAnswer(standingRows(50, { from: 151 }), { page: 4, totalPages: 10, total: 500 }) },
    })
    openDetail(1)
    const nav = await screen.findByRole('navigation', { name: 'Standings pages' })
    expect(
      within(nav)
        .getAllByRole('button', { name: /^Page / })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '5'])
    expect(within(nav).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
    expect(within(nav).getByRole('button', { name: /Previous/ })).toBeDisabled()
    await user.click(within(nav).getByRole('button', { name: 'Page 4' }))
    await waitFor(() => expect(api.callsTo('GET /api/leagues/1/standings?page=4&limit=50')).toHaveLength(1))
    expect(await screen.findByText('Team 151')).toBeInTheDocument()
    const after = screen.getByRole('navigation', { name: 'Standings pages' })
    expect(
      within(after)
        .getAllByRole('button', { name: /^Page / })
        .map((b) => b.textContent),
    ).toEqual(['2', '3', '4', '5', '6'])
  })
})

describe('detail: finding yourself in a big league (decision 045)', () => {
  const PAGE = (n: number, search = '') => `GET /api/leagues/1/standings?page=${n}&limit=50${search ? `&${new URLSearchParams({ search })}` : ''}`
  // A 500-manager league; the viewer is 120th, on page 3.
  const page = (n: number) => ({
    body: standingsAnswer(standingRows(50, { from: 50 * (n - 1) + 1, me: 120 }), { page: n, totalPages: 10, total: 500, me: 120, ownPage: 3 }),
  })
  const bigLeague = (routes: Record<string, Reply | Reply[]> = {}) =>
    detailApi(1, { [PAGE(1)]: page(1), [PAGE(3)]: page(3), [PAGE(4)]: page(4), [PAGE(5)]: page(5), ...routes })
  const shownPage = () =>
    within(screen.getByRole('navigation', { name: 'Standings pages' }))
      .getAllByRole('button', { name: /^Page / })
      .find((b) => b.getAttribute('aria-current') === 'page')?.textContent

  it("opens on the viewer's page when the URL names none, in place of the page-less entry", async () => {
    storeSession('jwt-1')
    const api = bigLeague()
    renderApp('/about')
    act(() => testNavigate('/tournaments/1'))
    expect(await screen.findByTestId('own-row')).toHaveTextContent('Team 120')
    expect(currentLocation().path).toBe('/tournaments/1?page=3')
    expect(shownPage()).toBe('3')
    expect(api.callsTo(PAGE(3))).toHaveLength(1)
    // Replaced, not pushed: Back leaves the tournament rather than bouncing to page 3 again.
    act(() => testNavigate(-1))
    await waitFor(() => expect(currentLocation().path).toBe('/about'))
  })

  it('stays on page 1 for a viewer outside the table', async () => {
    storeSession('jwt-1')
    bigLeague({ [PAGE(1)]: { body: standingsAnswer(standingRows(50), { totalPages: 10, total: 500 }) } })
    openDetail(1)
    expect(await screen.findByText('Team 1')).toBeInTheDocument()
    await settle()
    expect(currentLocation().path).toBe('/tournaments/1')
  })

  it('?page= drives the page: a link opens on it, the buttons write it, back and forward step through it', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    const api = bigLeague()
    renderApp('/tournaments/1?page=4')
    expect(await screen.findByText('Team 151')).toBeInTheDocument()
    expect(api.callsTo(PAGE(1))).toHaveLength(0) // the URL's page, not the viewer's, and no detour through page 1
    expect(shownPage()).toBe('4')
    await user.click(screen.getByRole('button', { name: 'Page 5' }))
    expect(await screen.findByText('Team 201')).toBeInTheDocument()
    expect(currentLocation().path).toBe('/tournaments/1?page=5')
    act(() => testNavigate(-1))
    expect(await screen.findByText('Team 151')).toBeInTheDocument()
    expect(currentLocation().path).toBe('/tournaments/1?page=4')
    act(() => testNavigate(1))
    expect(await screen.findByText('Team 201')).toBeInTheDocument()
  })

  it('"Your position" loads the own page, then scrolls to the own row and focuses it', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    bigLeague()
    renderApp('/tournaments/1?page=1')
    expect(await screen.findByText('Team 1')).toBeInTheDocument()
    const card = (await screen.findByRole('heading', { name: /This Gameweek/ })).closest('section') as HTMLElement
    await user.click(within(card).getByRole('button', { name: /#120.*show your row/i }))
    await waitFor(() => expect(screen.getByTestId('own-row')).toHaveFocus())
    expect(currentLocation().path).toBe('/tournaments/1?page=3')
    expect(scrollIntoView.mock.contexts).toContain(screen.getByTestId('own-row'))
    // On its own page already: straight to the row.
    screen.getByRole('button', { name: 'Page 4' }).focus()
    await user.click(within(card).getByRole('button', { name: /#120/ }))
    await waitFor(() => expect(screen.getByTestId('own-row')).toHaveFocus())
  })

  it('a labelled search box finds managers and teams across the league, with real ranks, in the URL', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    const matches = [standingRows(1, { from: 7 })[0]!, standingRows(1, { from: 412 })[0]!]
    const api = bigLeague({
      [PAGE(1, 'team 4')]: { body: standingsAnswer(matches, { total: 2, me: 120, ownPage: 3, found: { query: 'team 4', total_matches: 2 } }) },
    })
    renderApp('/tournaments/1?page=4')
    expect(await screen.findByText('Team 151')).toBeInTheDocument()
    const box = screen.getByRole('searchbox', { name: 'Find a manager or team' })
    await user.type(box, '  team 4 ')
    expect(await screen.findByText('Team 412')).toBeInTheDocument()
    expect(api.callsTo(PAGE(1, 'team 4'))).toHaveLength(1) // once, after the typing stopped
    expect(currentLocation().path).toBe('/tournaments/1?search=team+4')
    expect(screen.getByText('2 matches for “team 4”')).toBeInTheDocument()
    expect(within(screen.getByRole('list', { name: 'League table' })).getAllByRole('listitem')).toHaveLength(2)
    // Clearing goes back to the table (the viewer's page, as on first opening).
    await user.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(await screen.findByTestId('own-row')).toBeInTheDocument()
    expect(box).toHaveValue('')
    expect(currentLocation().path).toBe('/tournaments/1?page=3')
  })

  it('offers no search before the first refresh has stored a table', async () => {
    storeSession('jwt-1')
    const pending = { ...standingsAnswer([], { total: 0 }), message: 'Standings will appear after the next data refresh.' }
    bigLeague({ [PAGE(1)]: { body: pending } })
    renderApp('/tournaments/1')
    expect(await screen.findByText('Standings will appear after the next data refresh.')).toBeInTheDocument()
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument()
  })

  it('says so when nothing matches', async () => {
    storeSession('jwt-1')
    bigLeague({
      [PAGE(1, 'zz')]: {
        body: { ...standingsAnswer([], { total: 0, found: { query: 'zz', total_matches: 0 } }), message: 'No manager or team name matches "zz".' },
      },
    })
    renderApp('/tournaments/1?search=zz')
    expect(await screen.findByText('No manager or team name matches "zz".')).toBeInTheDocument()
    expect(screen.getByRole('searchbox', { name: 'Find a manager or team' })).toHaveValue('zz')
    expect(screen.queryByRole('list', { name: 'League table' })).not.toBeInTheDocument()
    expect(screen.queryByText('No standings yet.')).not.toBeInTheDocument()
  })
})

describe('detail: This Gameweek card', () => {
  const gameweekCard = async () => (await screen.findByRole('heading', { name: /This Gameweek/ })).closest('section') as HTMLElement
  const fact = (card: HTMLElement, term: string) => within(card).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent

  it("shows the league-wide summary from the standings answer, the same on every page, never the page's own figures", async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    // Page 1's rows top out at 69 and page 4's at 69 too, averaging 52.9 and 54.5: neither is the league's.
    detailApi(1, {
      'GET /api/leagues/1/standings?page=1&limit=50': { body: standingsAnswer(standingRows(50), { totalPages: 4, total: 180 }) },
      'GET /api/leagues/1/standings?page=4&limit=50': { body: standingsAnswer(standingRows(30, { from: 151 }), { page: 4, totalPages: 4, total: 180 }) },
    })
    openDetail(1)
    let card = await gameweekCard()
    expect(fact(card, 'Gameweek')).toBe('GW 7')
    expect(fact(card, 'Top scorer')).toBe('Priya S (104 pts)')
    expect(fact(card, 'Average')).toBe('51.3 pts')
    expect(fact(card, 'Managers')).toBe('180')
    await user.click(within(screen.getByRole('navigation', { name: 'Standings pages' })).getByRole('button', { name: 'Page 4' }))
    expect(await screen.findByText('Team 151')).toBeInTheDocument()
    card = await gameweekCard()
    expect(fact(card, 'Top scorer')).toBe('Priya S (104 pts)')
    expect(fact(card, 'Average')).toBe('51.3 pts')
  })

  it('says when the figures are provisional, names a tie, and says what a very large league’s figures cover', async () => {
    storeSession('jwt-1')
    const summary = gameweekSummary(5050, { provisional: true, top_scorer: { player_name: 'Dan M', team_name: 'Dan FC', points: 88, tied_with: 2 } })
    detailApi(1, { 'GET /api/leagues/1/standings?page=1&limit=50': { body: standingsAnswer(standingRows(50), { totalPages: 2000, total: 100_000, summary }) } })
    openDetail(1)
    const card = await gameweekCard()
    expect(fact(card, 'Gameweek')).toBe('GW 7 (provisional)')
    expect(fact(card, 'Top scorer')).toBe('Dan M and 2 others (88 pts)')
    expect(card).toHaveTextContent('Top scorer and average over the 5,050 managers stored of this very large league.')
  })

  it('shows "—" for a snapshot without a summary rather than figures from the rows on screen', async () => {
    storeSession('jwt-1')
    detailApi(1, { 'GET /api/leagues/1/standings?page=1&limit=50': { body: standingsAnswer(standingRows(20), { summary: null }) } })
    openDetail(1)
    const card = await gameweekCard()
    expect(await screen.findByText('Team 1')).toBeInTheDocument()
    expect(fact(card, 'Gameweek')).toBe('GW 7')
    expect(fact(card, 'Top scorer')).toBe('—')
    expect(fact(card, 'Average')).toBe('—')
  })
})

describe('detail: Winners tab', () => {
  it('shows the ongoing card and the winner card with up to 3 runners-up (the third for wide screens only)', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    detailApi(1)
    openDetail(1)
    await screen.findByText('Team 1')
    await user.click(screen.getByRole('tab', { name: /Winners/ }))
    const cards = within(screen.getByRole('list', { name: 'Manager of the Month' })).getAllByRole('article')
    const [ongoing, finished] = cards as [HTMLElement, HTMLElement]
    expect(ongoing).toHaveAttribute('data-status', 'ongoing')
    expect(ongoing).toHaveTextContent('September 2025')
    expect(ongoing).toHaveTextContent('In Progress')
    expect(ongoing).toHaveTextContent('Dan M')
    expect(ongoing).toHaveTextContent('130 pts')
    expect(ongoing).toHaveTextContent('Gameweeks played2')

    expect(finished).toHaveAttribute('data-status', 'finished')
    expect(finished).toHaveTextContent('August 2025')
    expect(finished).toHaveTextContent('Priya S')
    expect(finished).toHaveTextContent('210 pts')
    expect(finished).toHaveTextContent('Average per GW70.0')
    expect(finished).not.toHaveTextContent('Prize')
    const runners = within(finished).getAllByRole('listitem')
    expect(runners).toHaveLength(3)
    expect(runners[0]).not.toHaveAttribute('data-wide-only')
    expect(runners[1]).not.toHaveAttribute('data-wide-only')
    expect(runners[2]).toHaveAttribute('data-wide-only', 'true')
    expect(runners[2]).toHaveClass('runner-up--wide')
  })
})

describe('detail: Winners tab, ties (decision 044)', () => {
  const rank = (item: HTMLElement) => item.querySelector('.runner-up__pos')?.textContent

  it('equal points share the title: "Joint winners" names all; runners-up follow at 3rd, never "1"', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    detailApi(1, { 'GET /api/leagues/1/monthly-winners': { body: jointWinnersAnswer } })
    openDetail(1)
    await screen.findByText('Team 1')
    await user.click(screen.getByRole('tab', { name: /Winners/ }))
    const [october, august] = within(screen.getByRole('list', { name: 'Manager of the Month' })).getAllByRole('article') as [HTMLElement, HTMLElement]

    expect(october).toHaveTextContent('October 2025')
    expect(october).toHaveTextContent('Joint winners')
    expect(october).toHaveTextContent('Tunde L & Priya N')
    expect(october).toHaveTextContent('165 pts')
    const octoberRunners = within(october).getAllByRole('listitem')
    expect(octoberRunners.map(rank)).toEqual(['3', '3', '5'])
    expect(octoberRunners.map((li) => li.querySelector('.runner-up__name')?.textContent)).toEqual(['Harry M', 'Priya B', 'Megan P'])

    // Shared by two (a snapshot from before joint_winners reads the same: tests/unit/month-shape.test.ts).
    expect(august).toHaveTextContent('Joint winners')
    expect(august).toHaveTextContent('Dan M & Sam K')
    const augustRunners = within(august).getAllByRole('listitem')
    expect(augustRunners.map(rank)).toEqual(['3', '4'])
    for (const card of [october, august]) expect(within(card).getAllByRole('listitem').map(rank)).not.toContain('1')
  })

  it('a sole winner has no "Joint winners" label', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    detailApi(1)
    openDetail(1)
    await screen.findByText('Team 1')
    await user.click(screen.getByRole('tab', { name: /Winners/ }))
    const finished = within(screen.getByRole('list', { name: 'Manager of the Month' })).getAllByRole('article')[1]!
    expect(finished).toHaveTextContent('Priya S')
    expect(finished).not.toHaveTextContent('Joint winners')
    const ongoing = within(screen.getByRole('list', { name: 'Manager of the Month' })).getAllByRole('article')[0]!
    // A month in progress has a leader so far, never a winner or a trophy (decision 113).
    expect(ongoing).toHaveTextContent('Leader so far')
    expect(ongoing).toHaveTextContent('Points so far')
    expect(ongoing).toHaveTextContent('Dan M')
    expect(ongoing).not.toHaveTextContent(/winner|Runners-up|Manager of the Month|👑/i)
  })

  it('a month in progress led jointly says "Joint leaders" and names them all', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    const [finished, ongoing] = winnersAnswer.monthly_winners
    const tiedLead = { ...ongoing, leading_player: 'Dan M', joint_leaders: ['Dan M', 'Priya S'], runners_up: [] }
    detailApi(1, { 'GET /api/leagues/1/monthly-winners': { body: { ...winnersAnswer, monthly_winners: [finished, tiedLead] } } })
    openDetail(1)
    await screen.findByText('Team 1')
    await user.click(screen.getByRole('tab', { name: /Winners/ }))
    const card = within(screen.getByRole('list', { name: 'Manager of the Month' })).getAllByRole('article')[0]!
    expect(card).toHaveTextContent('Joint leaders so far')
    expect(card).toHaveTextContent('Dan M & Priya S')
    expect(card).not.toHaveTextContent('Leader so far')
    expect(card).not.toHaveTextContent(/winner|👑/i)
  })
})

describe('detail: Winners order', () => {
  it('puts the month in progress first, then the newest finished month, whatever the API order', () => {
    const month = (name: string, year: number, status: MonthlyWinner['status'] = 'finished'): MonthlyWinner => ({
      month: name,
      year,
      status,
      phase_id: 0,
      start_event: 1,
      stop_event: 4,
      gameweeks_played: 4,
      prize: 0,
      leading_player: null,
      leading_points: null,
      joint_leaders: [],
      winner: null,
      joint_winners: [],
      monthly_points: null,
      average_per_gw: null,
      runners_up: [],
    })
    const ordered = orderWinners([month('August', 2025), month('November', 2025, 'ongoing'), month('October', 2025), month('January', 2026)])
    expect(ordered.map((w) => w.month)).toEqual(['November', 'January', 'October', 'August'])
  })
})

describe('detail: signed out, 401 and 403', () => {
  it('blurs the standings and the banter under "Join the Banter!" with Sign In Now', async () => {
    const user = userEvent.setup()
    detailApi(3)
    openDetail(3)
    const gate = await screen.findByTestId('sign-in-gate')
    expect(within(gate).getByRole('heading', { name: 'Join the Banter!' })).toBeInTheDocument()
    expect(gate).toHaveTextContent('Sign in to view standings for your league.')
    expect(gate.querySelector('.gate__content')).toHaveAttribute('aria-hidden', 'true')

    await user.click(screen.getByRole('tab', { name: /Banter/ }))
    const banterGate = screen.getByTestId('sign-in-gate')
    expect(banterGate).toHaveTextContent('Sign in to view all the hilarious and heartbreaking stats from your league.')
    await user.click(within(banterGate).getByRole('button', { name: 'Sign In Now' }))
    // The dialog's code loads when it first opens (decision 168).
    expect(await screen.findByRole('dialog', { name: 'Welcome Back!' })).toBeInTheDocument()
  })

  it('a private tournament answering 401 shows the sign-in overlay, not an error', async () => {
    detailApi(1, {
      'GET /api/leagues/1/standings?page=1&limit=50': { status: 401, body: { detail: 'Please sign in to view this league.' } },
      'GET /api/leagues/1/monthly-winners': { status: 401, body: {} },
      'GET /api/leagues/1/banter-stats': { status: 401, body: {} },
    })
    openDetail(1)
    expect(await screen.findByText('Sign in to view standings for your league.')).toBeInTheDocument()
    expect(screen.queryByText('Failed to load league data')).not.toBeInTheDocument()
    expect(visibleToasts()).toHaveLength(0)
  })

  it('403 for a non-member: "Members only" with a Join button that opens the join dialog for this league', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1', { id: 9, name: 'Outsider', email: 'out@example.com', fpl_team_id: null, created_at: '', is_verified: true, joined_leagues: [] })
    detailApi(1, {
      'GET /api/leagues/1/standings?page=1&limit=50': { status: 403, body: { detail: 'Only members of this league can see this.' } },
      'GET /api/leagues/1/monthly-winners': { status: 403, body: {} },
      'GET /api/leagues/1/banter-stats': { status: 403, body: {} },
    })
    openDetail(1)
    expect(await screen.findByRole('heading', { name: 'Members only' })).toBeInTheDocument()
    expect(screen.queryByText('Failed to load league data')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Join Tournament' }))
    expect(await screen.findByRole('dialog', { name: 'Join Zebra League' })).toBeInTheDocument()
  })
})

describe('detail: Banter tab', () => {
  it('shows a card for every stat with emoji, title, manager, value and description', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    detailApi(1)
    openDetail(1)
    await screen.findByText('Team 1')
    await user.click(screen.getByRole('tab', { name: /Banter/ }))
    const grid = screen.getByRole('list', { name: 'Banter awards' })
    const cards = within(grid).getAllByRole('listitem')
    expect(cards.map((c) => c.getAttribute('data-stat'))).toEqual([
      'gameweek_rocket',
      'auto_sub_saviour',
      'tournament_leader',
      'transfer_tornado',
      'captain_catastrophe',
      'wooden_spoon_warrior',
      'comeback_king',
      'freefall_legend',
      'differential_genius',
      'most_consistent',
      'benched_beast',
      'overall_rank_king',
    ])
    const card = (stat: string) => cards.find((c) => c.getAttribute('data-stat') === stat) as HTMLElement
    expect(card('gameweek_rocket')).toHaveTextContent('🚀')
    expect(card('gameweek_rocket')).toHaveTextContent('Gameweek Rocket')
    expect(card('gameweek_rocket')).toHaveTextContent('Priya S')
    expect(card('gameweek_rocket')).toHaveTextContent('104 pts')
    expect(card('gameweek_rocket')).toHaveTextContent('104 points in GW7.')
    expect(card('auto_sub_saviour')).toHaveTextContent('Dan M') // read from `player`
    expect(card('auto_sub_saviour')).toHaveTextContent('+12 pts')
    expect(card('transfer_tornado')).toHaveTextContent('3 hits')
    expect(card('comeback_king')).toHaveTextContent('+4 places')
    expect(card('freefall_legend')).toHaveTextContent('-3 places')
    // Fallback values when the value field is missing.
    expect(card('most_consistent')).toHaveTextContent('2.5 score')
    expect(card('benched_beast')).toHaveTextContent('25 pts')
    // Nobody earned it: no share button.
    expect(card('overall_rank_king')).toHaveTextContent('Nobody earned this one this gameweek.')
    expect(within(card('overall_rank_king')).queryByRole('button')).not.toBeInTheDocument()
    expect(within(card('gameweek_rocket')).getByRole('button', { name: 'Share Gameweek Rocket' })).toHaveAttribute('title', 'Share This Achievement')
  })

  it('says "Loading banter statistics..." while loading and shows the server message when there are no stats', () => {
    const base = { data: null, loading: true, signedIn: true, onShare: vi.fn() }
    const wrap = (ui: ReactNode) =>
      render(
        <MemoryRouter>
          <AppProviders>{ui}</AppProviders>
        </MemoryRouter>,
      )
    const view = wrap(<BanterTab {...base} />)
    expect(screen.getByText('Loading banter statistics...')).toBeInTheDocument()
    view.unmount()
    const data = { banterStats: null, banterMessage: "Banter stats appear once every manager's gameweek data is in.", access: 'ok' } as unknown as LeagueData
    wrap(<BanterTab {...base} loading={false} data={data} />)
    expect(screen.getByText("Banter stats appear once every manager's gameweek data is in.")).toBeInTheDocument()
  })

  it('hands the stat type and card to onShare through ShareButton', async () => {
    const user = userEvent.setup()
    const onShare = vi.fn()
    const data = { banterStats: banterAnswer.comprehensive_banter_stats, banterMessage: null, access: 'ok' } as unknown as LeagueData
    render(
      <MemoryRouter>
        <AppProviders>
          <BanterTab data={data} loading={false} signedIn onShare={onShare} />
        </AppProviders>
      </MemoryRouter>,
    )
    await user.click(screen.getByRole('button', { name: 'Share Captain Catastrophe' }))
    expect(onShare).toHaveBeenCalledTimes(1)
    expect(onShare.mock.calls[0]?.[0]).toBe('captain_catastrophe')
    expect(onShare.mock.calls[0]?.[1]).toMatchObject({ title: 'Captain Catastrophe', manager: 'Alex R', value: '2 pts' })
  })

  it('a gameweek FPL has not checked: a note, "so far" titles, and Share disabled with the reason (decision 113)', async () => {
    const user = userEvent.setup()
    const onShare = vi.fn()
    const stats = banterAnswer.comprehensive_banter_stats
    const provisional = { ...stats, league_context: { ...stats.league_context, gameweek_status: 'live', provisional: true } }
    const data = { banterStats: provisional, banterMessage: null, access: 'ok' } as unknown as LeagueData
    render(
      <MemoryRouter>
        <AppProviders>
          <BanterTab data={data} loading={false} signedIn onShare={onShare} />
        </AppProviders>
      </MemoryRouter>,
    )
    expect(screen.getByRole('note')).toHaveTextContent('Provisional: GW 7 is not checked by FPL yet. Numbers can still move.')
    expect(screen.getByText('Gameweek 7 awards so far in Zebra League')).toBeInTheDocument()
    const grid = screen.getByRole('list', { name: 'Banter awards so far' })
    const titles = within(grid)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent)
    expect(titles).toHaveLength(12)
    for (const title of titles) expect(title).toMatch(/ so far$/)
    expect(within(grid).getByText('Nobody has earned this one so far.')).toBeInTheDocument()

    const share = screen.getByRole('button', { name: 'Share Captain Catastrophe so far' })
    expect(share).toBeDisabled()
    expect(share).toHaveAccessibleDescription('You can share this once FPL has checked GW 7.')
    await user.click(share)
    expect(onShare).not.toHaveBeenCalled()
    for (const button of within(grid).getAllByRole('button')) expect(button).toBeDisabled()
  })

  it('a checked gameweek: no note, plain titles, Share enabled', () => {
    const data = { banterStats: banterAnswer.comprehensive_banter_stats, banterMessage: null, access: 'ok' } as unknown as LeagueData
    render(
      <MemoryRouter>
        <AppProviders>
          <BanterTab data={data} loading={false} signedIn onShare={vi.fn()} />
        </AppProviders>
      </MemoryRouter>,
    )
    expect(screen.queryByRole('note')).not.toBeInTheDocument()
    expect(screen.queryByText(/so far/)).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Share Captain Catastrophe' })).toBeEnabled()
  })

  it('falls back to "Unknown Manager" / "Unknown Player" and "No description available"', () => {
    const nobody = { manager: '', player: '', team_name: '', description: '' }
    expect(banterCard('gameweek_rocket', { ...nobody, points: 3 })).toMatchObject({
      manager: 'Unknown Manager',
      description: 'No description available',
      value: '3 pts',
    })
    expect(banterCard('auto_sub_saviour', { ...nobody, points_gained: 4, emoji: '🦸' })).toMatchObject({ manager: 'Unknown Player' })
    expect(banterCard('gameweek_rocket', null)).toBeNull()
  })
})

describe('detail: Manage and Settings tabs', () => {
  it('Manage lists curated teams, adds one by FPL team id and removes one after confirming', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    const team = { fpl_team_id: 42, team_name: 'Keeper Pressure', player_name: 'Aaron R', added_at: '2025-08-01T10:00:00Z' }
    const api = detailApi(
      3,
      {
        'GET /api/leagues/3/admin-check': { body: { has_admin_access: true } },
        'GET /api/leagues/3/curated-teams': [{ body: { curated_teams: [team] } }, { body: { curated_teams: [team] } }, { body: { curated_teams: [] } }],
        'POST /api/leagues/3/curated-teams': { status: 201, body: { message: 'Keeper Pressure added.', fpl_team_id: 1234567, team_name: 'Keeper Pressure' } },
        'DELETE /api/leagues/3/curated-teams/42': { body: { message: 'Team removed from the curated league.' } },
      },
      curated,
    )
    openDetail(3)
    await user.click(await screen.findByRole('tab', { name: /Manage/ }))
    expect(await screen.findByText('Keeper Pressure')).toBeInTheDocument()
    await user.type(screen.getByLabelText('FPL Team ID'), '1234567')
    await user.click(screen.getByRole('button', { name: 'Add Team' }))
    await waitFor(() => expect(api.callsTo('POST /api/leagues/3/curated-teams')[0]?.body).toEqual({ fpl_team_id: 1234567 }))
    await user.click(screen.getByRole('button', { name: 'Remove' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(api.callsTo('DELETE /api/leagues/3/curated-teams/42')).toHaveLength(1))
    expect(await screen.findByText('No curated teams yet.')).toBeInTheDocument()
  })

  it('Settings shows "Account Settings" with the account cards', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    detailApi(1, { 'GET /api/banter/privacy': { body: { banter_sharing_enabled: true } } })
    openDetail(1)
    await user.click(await screen.findByRole('tab', { name: /Settings/ }))
    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeInTheDocument()
    expect(screen.getByText('Manage your account security and preferences')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Display Name' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Change Password' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Banter Sharing' })).toBeInTheDocument()
  })

  it('Settings says they are the account settings, for every tournament; Manage League is linked for the commissioner only (decision 164)', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    detailApi(1, { 'GET /api/banter/privacy': { body: { banter_sharing_enabled: true } } })
    const member = openDetail(1)
    await user.click(await screen.findByRole('tab', { name: /Settings/ }))
    const panel = await screen.findByRole('region', { name: 'Account Settings' })
    expect(panel).toHaveTextContent('These are your account settings: they apply to all your tournaments, not only this one.')
    expect(panel).toHaveAccessibleDescription('These are your account settings: they apply to all your tournaments, not only this one.')
    expect(within(panel).queryByRole('link', { name: 'Manage League' })).not.toBeInTheDocument()
    member.unmount()

    const own = { ...leagues[0]!, is_commissioner: true }
    detailApi(1, { 'GET /api/banter/privacy': { body: { banter_sharing_enabled: true } } }, own)
    renderApp({ pathname: '/tournaments/1', state: { league: own } })
    await user.click(await screen.findByRole('tab', { name: /Settings/ }))
    const mine = await screen.findByRole('region', { name: 'Account Settings' })
    expect(mine).toHaveTextContent('These are your account settings: they apply to all your tournaments, not only this one.')
    expect(mine).toHaveTextContent("This tournament's own settings (its name, description, invite link and members) are on Manage League.")
    await user.click(within(mine).getByRole('link', { name: 'Manage League' }))
    await waitFor(() => expect(currentLocation().path).toBe('/commissioner'))
    expect(currentLocation().state).toMatchObject({ league: { id: 1, name: 'Zebra League', is_commissioner: true } })
  })
})

describe('detail: an address with no tournament (decision 160)', () => {
  const notThere = { status: 404, body: { detail: 'League not found', code: 'league_not_found' } }
  const noId = { status: 400, body: { detail: 'Invalid input', code: 'validation_error' } }

  /** Every call of the page answers `reply`, as the API does for a league that is not there. */
  const missingApi = (id: string, reply: Reply) =>
    mockApi({
      [`GET /api/leagues/${id}`]: reply,
      [`GET /api/leagues/${id}/standings?page=1&limit=50`]: reply,
      [`GET /api/leagues/${id}/monthly-winners`]: reply,
      [`GET /api/leagues/${id}/banter-stats`]: reply,
    })

  it('404 (e.g. an FPL league id): "Tournament not found" with the ways back, no "Try again" and no toast', async () => {
    missingApi('314159', notThere)
    renderApp('/tournaments/314159')
    expect(await screen.findByRole('heading', { level: 1, name: 'Tournament not found' })).toBeInTheDocument()
    const card = screen.getByRole('region', { name: 'Tournament not found' })
    expect(card).toHaveTextContent('There is no tournament at this address.')
    expect(card).toHaveTextContent("Tournament addresses use Banter Arena's own number, not the FPL league ID.")
    expect(within(card).getByRole('link', { name: 'View Tournaments' })).toHaveAttribute('href', '/tournaments')
    expect(within(card).getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/')
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
    expect(screen.queryByText('Failed to load league data')).not.toBeInTheDocument()
    expect(screen.queryByText('Loading tournament...')).not.toBeInTheDocument()
    expect(visibleToasts()).toHaveLength(0)
    await waitFor(() => expect(document.title).toBe('Tournament not found · Banter Arena'))
  })

  it('400 for an address that is no id (/tournaments/abc), signed in: the same, with the way to the dashboard', async () => {
    storeSession('jwt-1')
    missingApi('abc', noId)
    renderApp('/tournaments/abc')
    expect(await screen.findByRole('heading', { level: 1, name: 'Tournament not found' })).toBeInTheDocument()
    const card = screen.getByRole('region', { name: 'Tournament not found' })
    expect(within(card).getByRole('link', { name: 'View Tournaments' })).toHaveAttribute('href', '/tournaments')
    expect(within(card).getByRole('link', { name: 'View My Dashboard' })).toHaveAttribute('href', '/dashboard')
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
    expect(visibleToasts()).toHaveLength(0)
  })

  it('a league handed over in navigation state gives way to the API saying it is gone', async () => {
    missingApi('1', notThere)
    openDetail(1)
    expect(await screen.findByRole('heading', { level: 1, name: 'Tournament not found' })).toBeInTheDocument()
    expect(screen.queryByRole('tablist', { name: 'Tournament sections' })).not.toBeInTheDocument()
  })

  it('a real failure (5xx) still says "Failed to load league data" with Try again', async () => {
    missingApi('1', { status: 503, body: { detail: 'Service unavailable' } })
    openDetail(1, false)
    expect(await screen.findByText('Failed to load league data')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Tournament not found' })).not.toBeInTheDocument()
  })
})
