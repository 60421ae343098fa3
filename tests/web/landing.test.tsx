import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../../web/src/app/query-client'
import {
  carouselCards,
  hasRealStats,
  PLACEHOLDER_NAMES,
  PUBLIC_STATS_CACHE_KEY,
  publicStatsQuery,
  readCachedPublicStats,
} from '../../web/src/features/landing/public-stats'
import type { PublicStats, PublicStatsAnswer } from '../../web/src/features/landing/types'
import { computePublicStats } from '../../worker/fpl/stats/public'
import { ELEMENTS, GW, leagueLive, leagueManagers } from '../unit/stats/league'
import { currentLocation, renderApp, storeSession } from './helpers'
import { mockApi, networkDown, type Reply } from './mock-api'
import { stubIntersectionObserver } from './tournament-fixtures'

// The worker's card: who, and (added by each stat) its figures.
const stat = (manager: string) => ({
  manager,
  player: manager,
  team_name: `${manager} FC`,
  description: `${manager} did a thing.`,
  source_tournament_name: 'Sunday League',
  league: 'Sunday League',
})

// Every key is present; null where nobody qualifies.
const nobody: PublicStats = {
  top_scorer: null,
  lowest_scorer: null,
  benched_beast: null,
  captain_catastrophe: null,
  gameweek_rocket: null,
  comeback_king: null,
  overall_rank_king: null,
  transfer_tornado: null,
  hot_streak: null,
  cold_streak: null,
  fighting_back: null,
}

const live: PublicStatsAnswer = {
  stats: {
    ...nobody,
    top_scorer: { ...stat('Priya S'), points: 104 },
    benched_beast: { ...stat('Sam K'), points: 31 },
    overall_rank_king: { ...stat('Dan M'), rank: 1234 },
  },
  total_players: 120,
  total_leagues: 9,
  data_source: 'live',
  message: 'Live banter from our tournaments.',
}

function landingApi(routes: Record<string, Reply | Reply[]> = {}) {
  return mockApi({
    'GET /api/user-stats': { body: { total_users: 321 } },
    'GET /api/public-banter-stats': { body: live },
    ...routes,
  })
}

beforeEach(() => {
  stubIntersectionObserver()
})

describe('carousel rules', () => {
  it('shows real stats only when one stat has a real name and the data is not the error answer', () => {
    expect(hasRealStats(live)).toBe(true)
    expect(hasRealStats({ ...live, data_source: 'error' })).toBe(false)
    expect(hasRealStats({ ...live, stats: {} })).toBe(false)
    for (const name of PLACEHOLDER_NAMES) {
      const stats = { ...nobody, top_scorer: { ...stat(name), points: 50 }, hot_streak: { ...stat(name.toUpperCase()), streak: 3 } }
      expect(hasRealStats({ ...live, stats })).toBe(false)
    }
    expect(PLACEHOLDER_NAMES).toEqual([
      'No data',
      'Coming soon',
      'Create FPL leagues',
      'Join the fun',
      'Real stats incoming',
      'Unable to load',
      'Unable to calculate',
      'Not available in legacy mode',
    ])
    expect(
      hasRealStats({ ...live, stats: { ...nobody, top_scorer: { ...stat('Coming soon'), points: 50 }, cold_streak: { ...stat('Jo P'), streak: 4 } } }),
    ).toBe(true)
  })

  it('uses "Coming Soon" placeholder cards (fighting_back, hot_streak and cold_streak included) otherwise', () => {
    const cards = carouselCards({ ...live, stats: { ...nobody, top_scorer: { ...stat('No data'), points: 50 } } })
    expect(cards.every((c) => c.placeholder && c.name === 'Coming Soon')).toBe(true)
    expect(cards.map((c) => c.key)).toEqual(expect.arrayContaining(['fighting_back', 'hot_streak', 'cold_streak']))
    // Real cards: the placeholder-named and empty stats are left out.
    const real = carouselCards({ ...live, stats: { ...live.stats, hot_streak: { ...stat('Unable to load'), streak: 3 } } })
    expect(real.map((c) => [c.key, c.name, c.value])).toEqual([
      ['top_scorer', 'Priya S', '104 pts'],
      ['benched_beast', 'Sam K', '31 pts'],
      ['overall_rank_king', 'Dan M', '#1,234'],
    ])
  })

  it('reads the answer the worker computes: every card, its figure and its tournament', () => {
    const answer: PublicStatsAnswer = computePublicStats([
      { name: 'The Crown & Anchor', gameweek: GW, managers: leagueManagers(), live: leagueLive(), elements: ELEMENTS },
    ])
    const cards = carouselCards(JSON.parse(JSON.stringify(answer)) as PublicStatsAnswer)
    expect(cards.map((c) => [c.key, c.name, c.value])).toEqual([
      ['top_scorer', 'Dev Dhillon', '88 pts'],
      ['gameweek_rocket', 'Dev Dhillon', '88 pts'],
      ['benched_beast', 'Ben Bishop', '9 pts'],
      ['captain_catastrophe', 'Finn Foster', '0 pts'],
      ['comeback_king', 'Ben Bishop', '+1,410,000 places'],
      ['overall_rank_king', 'Ben Bishop', '#90,000'],
      ['transfer_tornado', 'Cara Cole', '6 transfers'],
      ['hot_streak', 'Dev Dhillon', '3 GWs'],
      ['cold_streak', 'Cara Cole', '3 GWs'],
      ['fighting_back', 'Ben Bishop', '+1,910,000 places'],
      ['lowest_scorer', 'Eve Ellis', '20 pts'],
    ])
    expect(cards[0]).toMatchObject({ source: 'The Crown & Anchor', description: expect.stringContaining('88 points in Gameweek 4'), placeholder: false })
  })

  it('falls back to the error shape when the call fails, and keeps good answers for 2 minutes', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const api = landingApi({ 'GET /api/public-banter-stats': [networkDown(), { body: live }] })
    const failed = renderApp('/')
    await waitFor(() => expect(screen.getByText(/Coming Soon: live stats land/)).toBeInTheDocument())
    expect(window.localStorage.getItem(PUBLIC_STATS_CACHE_KEY)).toBeNull()
    failed.unmount()

    const queryClient = createQueryClient()
    await queryClient.fetchQuery(publicStatsQuery())
    await queryClient.fetchQuery(publicStatsQuery())
    expect(api.callsTo('GET /api/public-banter-stats')).toHaveLength(2)
    // A new page load (a new cache) still finds them in localStorage, for 2 minutes.
    await createQueryClient().fetchQuery(publicStatsQuery())
    expect(api.callsTo('GET /api/public-banter-stats')).toHaveLength(2)
    const at = readCachedPublicStats()!.at
    expect(readCachedPublicStats(at + 119_999)?.data).toEqual(live)
    expect(readCachedPublicStats(at + 120_000)).toBeNull()
  })

  it('renders the live cards, or the placeholders when the stats are not real', async () => {
    landingApi()
    const view = renderApp('/')
    const track = await screen.findByRole('list', { name: 'Banter stats' })
    await waitFor(() => expect(track).toHaveTextContent('Priya S'))
    expect(screen.getByText('Live from our tournaments')).toBeInTheDocument()
    view.unmount()

    window.localStorage.clear()
    landingApi({ 'GET /api/public-banter-stats': { body: { ...live, stats: { ...nobody, top_scorer: { ...stat('Real stats incoming'), points: 50 } } } } })
    renderApp('/')
    await waitFor(() => expect(screen.getByText(/Coming Soon: live stats land/)).toBeInTheDocument())
    expect(within(screen.getByRole('list', { name: 'Banter stats' })).getAllByText('Coming Soon').length).toBeGreaterThan(0)
    expect(screen.queryByText('Real stats incoming')).not.toBeInTheDocument()
  })
})

describe('landing page', () => {
  it('shows "N+ managers" from the user stats', async () => {
    landingApi()
    renderApp('/')
    const glance = screen.getByRole('list', { name: 'At a glance' })
    await waitFor(() => expect(glance).toHaveTextContent('321+ managers'))
    expect(glance).toHaveTextContent('16+ banter stats')
  })

  // The first Intl formatter a page builds loads the locale's data, 37-51 ms in Chromium on a
  // first visit (decision 169): the landing's counts are grouped without it.
  it('renders its counts, grouped, without building an Intl formatter', async () => {
    landingApi({ 'GET /api/user-stats': { body: { total_users: 12345 } } })
    const toLocale = vi.spyOn(Number.prototype, 'toLocaleString')
    const numberFormat = vi.spyOn(Intl, 'NumberFormat')
    renderApp('/')
    const glance = screen.getByRole('list', { name: 'At a glance' })
    await waitFor(() => expect(glance).toHaveTextContent('12,345+ managers'))
    expect(screen.getByText(/Join 12,345\+ managers/)).toBeInTheDocument()
    expect(toLocale).not.toHaveBeenCalled()
    expect(numberFormat).not.toHaveBeenCalled()
  })

  it('keeps 100 managers when the user stats fail', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const api = landingApi({ 'GET /api/user-stats': { status: 500, body: {} } })
    renderApp('/')
    await waitFor(() => expect(api.callsTo('GET /api/user-stats')).toHaveLength(1))
    await waitFor(() => expect(warn).toHaveBeenCalled())
    expect(screen.getByRole('list', { name: 'At a glance' })).toHaveTextContent('100+ managers')
  })

  it('has the product’s sections and call-to-action texts', async () => {
    landingApi()
    renderApp('/')
    for (const name of ['How It Works', 'Want to see your own banter stats?', 'Ready to Elevate Your League?', 'Get Your Personalized Stats']) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument()
    }
    expect(screen.getByRole('region', { name: 'What managers say' })).toBeInTheDocument()
    const steps = within(screen.getByRole('region', { name: 'How It Works' })).getAllByRole('listitem')
    expect(steps.map((s) => within(s).getByRole('heading').textContent)).toEqual([
      'Join the squad',
      'Pick your battles',
      'Track the banter',
      'Claim your crown',
    ])
    const features = within(screen.getByRole('region', { name: 'Everything your mini-league was missing' })).getAllByRole('heading', { level: 3 })
    expect(features.map((h) => h.textContent)).toEqual(['Tournament Management', 'Live Tracking', 'Banter Stats', 'Community Wall', 'Monthly Champions'])
  })

  it('adds Prize Management to the features only when prize features are on', () => {
    vi.stubEnv('VITE_PRIZES_ENABLED', 'true')
    landingApi()
    renderApp('/')
    expect(screen.getByRole('heading', { name: 'Prize Management' })).toBeInTheDocument()
  })

  it('links View Tournaments, View All Tournaments, View More Banter and Start Your Tournament to /tournaments', () => {
    landingApi()
    renderApp('/')
    for (const name of ['View Tournaments', 'View All Tournaments', 'View More Banter', 'Start Your Tournament']) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', '/tournaments')
    }
  })

  it('signed out: Create Tournament and the stats prompt open the register tab', async () => {
    const user = userEvent.setup()
    landingApi()
    renderApp('/')
    await user.click(screen.getByRole('button', { name: 'Create Tournament' }))
    expect(await screen.findByRole('dialog', { name: 'Join Banter Arena' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('button', { name: 'Create Free Account' }))
    expect(await screen.findByRole('dialog', { name: 'Join Banter Arena' })).toBeInTheDocument()
  })

  it('signed in: View My Dashboard goes to /dashboard (no Get Started)', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    landingApi({
      'GET /api/auth/user-leagues': { body: { leagues: [] } },
      'GET /api/auth/me': { status: 500, body: {} },
      'GET /api/banter/privacy': { body: { banter_sharing_enabled: true } },
    })
    renderApp('/')
    expect(screen.queryByRole('button', { name: 'Get Started' })).not.toBeInTheDocument()
    const links = screen.getAllByRole('link', { name: 'View My Dashboard' })
    expect(links.length).toBeGreaterThanOrEqual(2)
    for (const link of links) expect(link).toHaveAttribute('href', '/dashboard')
    await user.click(links[0] as HTMLElement)
    await waitFor(() => expect(currentLocation().path).toBe('/dashboard'))
  })
})

describe("index.html's static hero (painted before the JavaScript arrives)", () => {
  it('says what the landing hero says, escaped, without a second h1', async () => {
    const { prepaintHtml } = await import('../../web/prepaint')
    const markup = prepaintHtml('Banter <Arena> & Co')
    expect(markup).toContain('Banter &lt;Arena&gt; &amp; Co')
    const holder = document.createElement('div')
    holder.innerHTML = markup
    expect(holder.querySelector('h1')).toBeNull()
    expect(holder.querySelector('.prepaint')).toHaveAttribute('aria-hidden', 'true')

    landingApi()
    renderApp('/')
    const heading = await screen.findByRole('heading', { level: 1 })
    expect(holder.querySelector('.hero__title')?.textContent).toBe(heading.textContent)
    expect(holder.querySelector('.hero__lede')?.textContent).toBe(document.querySelector('.landing .hero__lede')?.textContent)
    expect(holder.querySelector('.eyebrow')?.textContent).toBe(document.querySelector('.landing .eyebrow')?.textContent)
  })
})
