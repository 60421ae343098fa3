import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../../web/src/app/query-client'
import { fetchLeagues, invalidateLeagues, LEAGUES_CACHE_KEY, prepareLeagues, readCachedLeagues } from '../../web/src/features/tournaments/leagues-api'
import { currentLocation, demoUser, renderApp, storeSession, testNavigate } from './helpers'
import { mockApi } from './mock-api'
import { leagues } from './tournament-fixtures'

const cards = async () => within(await screen.findByRole('list', { name: 'Tournaments' })).getAllByRole('listitem')
const cardNamed = async (name: string) => {
  const all = await cards()
  const found = all.find((li) => within(li).queryByRole('heading', { name }))
  if (!found) throw new Error(`no card ${name}`)
  return found
}

describe('tournament list: order, hiding, badges and wording', () => {
  it('puts the pinned curated league first, the rest by name, and hides the public auto-join tournament', async () => {
    mockApi({ 'GET /api/leagues': { body: leagues } })
    renderApp('/tournaments')
    expect(await screen.findByRole('heading', { level: 1, name: 'Tournament Management' })).toBeInTheDocument()
    expect(screen.getByText('Create and manage your FPL tournaments')).toBeInTheDocument()
    const names = (await cards()).map((li) => within(li).getByRole('heading', { level: 3 }).textContent)
    expect(names).toEqual(['Real Footballers FPL League', 'alpha league', 'Global Cup', 'Mates League', 'Zebra League'])
    expect(screen.queryByText('Banter Arena Tournament')).not.toBeInTheDocument()
  })

  it('sorts and hides on the client too (prepareLeagues)', () => {
    expect(prepareLeagues([...leagues].reverse()).map((l) => l.id)).toEqual([3, 4, 5, 6, 1])
  })

  it('shows the pinned curated card in purple with its label, Curated and Admin Selected badges, and no Join button', async () => {
    mockApi({ 'GET /api/leagues': { body: leagues } })
    renderApp('/tournaments')
    const pinned = await cardNamed('Real Footballers FPL League')
    expect(pinned).toHaveClass('tournament-card--pinned')
    expect(pinned).toHaveTextContent('Pinned Curated Tournament')
    expect(pinned).toHaveTextContent('Curated')
    expect(pinned).toHaveTextContent('Admin Selected')
    expect(pinned).toHaveTextContent('12 curated teams')
    expect(pinned).toHaveTextContent('Hand-picked real FPL players compete')
    expect(pinned).toHaveTextContent('Teams selected by admin')
    expect(within(pinned).queryByRole('button', { name: 'Join' })).not.toBeInTheDocument()
    expect(within(pinned).getByRole('button', { name: /View/ })).toBeInTheDocument()
  })

  it('words public and private cards as the product does', async () => {
    mockApi({ 'GET /api/leagues': { body: leagues } })
    renderApp('/tournaments')
    const global = await cardNamed('Global Cup')
    expect(global).toHaveTextContent('Global')
    expect(global).toHaveTextContent('Auto-Join')
    expect(global).toHaveTextContent('99 global managers')
    expect(global).toHaveTextContent('Compete with all Banter Arena users')
    expect(global).toHaveTextContent('Auto-join on registration')
    expect(global).not.toHaveClass('tournament-card--pinned')
    expect(within(global).queryByRole('button', { name: 'Join' })).not.toBeInTheDocument()

    const zebra = await cardNamed('Zebra League')
    expect(zebra).toHaveTextContent('Private')
    expect(zebra).toHaveTextContent('8 members')
    expect(zebra).not.toHaveTextContent('Auto-Join')
    expect(within(zebra).getByRole('button', { name: 'Join' })).toBeInTheDocument()

    const alpha = await cardNamed('alpha league')
    expect(alpha).toHaveTextContent('Joined')
    expect(within(alpha).queryByRole('button', { name: 'Join' })).not.toBeInTheDocument()
  })

  it('says what Private means on a private card, since the list shows it to everyone (decision 164)', async () => {
    mockApi({ 'GET /api/leagues': { body: leagues } })
    renderApp('/tournaments')
    const zebra = await cardNamed('Zebra League')
    const badge = within(zebra).getByText('Private')
    expect(badge).toHaveAttribute('title', 'Private: only its members see the standings and banter')
    expect(zebra).toHaveTextContent('Only its members see the standings and banter; managers in its FPL league can join')
    // Global and curated cards keep the product's lines (decision 181, R10).
    expect(await cardNamed('Global Cup')).not.toHaveTextContent('Only its members')
    expect(within(await cardNamed('Global Cup')).getByText('Global')).not.toHaveAttribute('title')
    expect(await cardNamed('Real Footballers FPL League')).not.toHaveTextContent('Only its members')
  })

  it("counts what they count: members, and the FPL league's managers once a refresh measured it", async () => {
    mockApi({ 'GET /api/leagues': { body: leagues } })
    renderApp('/tournaments')
    expect(await cardNamed('Zebra League')).toHaveTextContent('8 members · 180 managers in the FPL league')
    expect(await cardNamed('Mates League')).toHaveTextContent('1 member · 1 manager in the FPL league')
    // Before the first refresh (size null): the members alone.
    const alpha = await cardNamed('alpha league')
    const members = within(alpha).getByText('Members').nextElementSibling
    expect(members).toHaveTextContent(/^3 members$/)
    expect(await cardNamed('Global Cup')).not.toHaveTextContent('in the FPL league')
  })

  it('labels a joined public league "Auto-Joined" and counts joined_leagues of the user as membership', async () => {
    storeSession('jwt-1', { ...demoUser, joined_leagues: [1] })
    mockApi({ 'GET /api/leagues': { body: leagues.map((l) => (l.id === 5 ? { ...l, is_member: true } : l)) } })
    renderApp('/tournaments')
    expect(await cardNamed('Global Cup')).toHaveTextContent('Auto-Joined')
    const zebra = await cardNamed('Zebra League')
    expect(zebra).toHaveTextContent('Joined')
    expect(within(zebra).queryByRole('button', { name: 'Join' })).not.toBeInTheDocument()
  })

  it('shows entry fee and prize pool only when prize features are on and the fee is above 0', async () => {
    mockApi({ 'GET /api/leagues': { body: leagues } })
    const first = renderApp('/tournaments')
    expect(await cardNamed('Mates League')).not.toHaveTextContent('£')
    first.unmount()

    vi.stubEnv('VITE_PRIZES_ENABLED', 'true')
    renderApp('/tournaments')
    const mates = await cardNamed('Mates League')
    expect(mates).toHaveTextContent('Entry fee')
    expect(mates).toHaveTextContent('£5')
    expect(mates).toHaveTextContent('Prize pool')
    expect(await cardNamed('Zebra League')).not.toHaveTextContent('£')
  })

  it('says "Loading tournaments..." first, then the empty state', async () => {
    let release!: () => void
    mockApi({ 'GET /api/leagues': () => new Promise((resolve) => (release = () => resolve({ body: [] }))) })
    renderApp('/tournaments')
    expect(await screen.findByText('Loading tournaments...')).toBeInTheDocument()
    release()
    expect(await screen.findByRole('heading', { name: 'No tournaments available yet' })).toBeInTheDocument()
    expect(screen.getByText('Create the first tournament to get started!')).toBeInTheDocument()
    expect(screen.queryByText('Loading tournaments...')).not.toBeInTheDocument()
  })

  it('says "Failed to fetch leagues" when the list fails, and tries again', async () => {
    const user = userEvent.setup()
    mockApi({ 'GET /api/leagues': [{ status: 500, body: { detail: 'boom' } }, { body: leagues }] })
    renderApp('/tournaments')
    expect(await screen.findByText(/Failed to fetch leagues/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await cardNamed('Zebra League')).toBeInTheDocument()
  })
})

describe('tournament list: the 5-minute cache', () => {
  it('serves the list from localStorage for 5 minutes (300000 ms), then asks again', async () => {
    const api = mockApi({ 'GET /api/leagues': { body: leagues } })
    const first = renderApp('/tournaments')
    await cards()
    expect(api.callsTo('GET /api/leagues')).toHaveLength(1)
    first.unmount()

    const second = renderApp('/tournaments')
    await cards()
    expect(api.callsTo('GET /api/leagues')).toHaveLength(1)
    second.unmount()

    // Age the cache to exactly 5 minutes: it is stale.
    const record = JSON.parse(window.localStorage.getItem(LEAGUES_CACHE_KEY) ?? '{}') as { at: number }
    window.localStorage.setItem(LEAGUES_CACHE_KEY, JSON.stringify({ ...record, at: Date.now() - 300000 }))
    renderApp('/tournaments')
    await waitFor(() => expect(api.callsTo('GET /api/leagues')).toHaveLength(2))
  })

  it('expires at 300000 ms and belongs to one viewer', async () => {
    mockApi({ 'GET /api/leagues': { body: leagues } })
    await fetchLeagues(7)
    const at = (JSON.parse(window.localStorage.getItem(LEAGUES_CACHE_KEY) ?? '{}') as { at: number }).at
    expect(readCachedLeagues(7, at + 299999)?.leagues).toHaveLength(leagues.length)
    expect(readCachedLeagues(7, at + 300000)).toBeNull()
    expect(readCachedLeagues(null, at + 1000)).toBeNull()
    invalidateLeagues(createQueryClient())
    expect(readCachedLeagues(7, at + 1000)).toBeNull()
  })
})

describe('tournament list: actions', () => {
  it('signed out: Create Tournament opens the register tab, Join Tournament the login tab', async () => {
    const user = userEvent.setup()
    mockApi({ 'GET /api/leagues': { body: leagues } })
    renderApp('/tournaments')
    await cards()
    await user.click(screen.getByRole('button', { name: /Create Tournament/ }))
    expect(await screen.findByRole('dialog', { name: 'Join Banter Arena' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('button', { name: 'Join Tournament' }))
    expect(await screen.findByRole('dialog', { name: 'Welcome Back!' })).toBeInTheDocument()
  })

  it('signed in: they open the create and join dialogs; a card Join pre-selects its league', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    mockApi({ 'GET /api/leagues': { body: leagues } })
    renderApp('/tournaments')
    await cards()
    await user.click(screen.getAllByRole('button', { name: /Create Tournament/ })[0] as HTMLElement)
    expect(screen.getByRole('dialog', { name: 'Create New Tournament' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('button', { name: 'Join Tournament' }))
    expect(screen.getByRole('dialog', { name: 'Join Tournament' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    // demoUser is in leagues 1 and 2 already: Mates League (6) is joinable.
    await user.click(within(await cardNamed('Mates League')).getByRole('button', { name: 'Join' }))
    expect(screen.getByRole('dialog', { name: 'Join Mates League' })).toBeInTheDocument()
  })

  it('View shows a spinner and opens /tournaments/{id} with the league as navigation state', async () => {
    const user = userEvent.setup()
    mockApi({ 'GET /api/leagues': { body: leagues } })
    renderApp('/tournaments')
    const zebra = await cardNamed('Zebra League')
    const view = within(zebra).getByRole('button', { name: /View/ })
    await user.click(view)
    await waitFor(() => expect(currentLocation().path).toBe('/tournaments/1'))
    expect(currentLocation().state).toEqual({ league: leagues[0] })
  })

  it('a selectedLeague in navigation state (View Dashboard) opens that league, in place of the list: Back returns to where it was chosen (decision 164)', async () => {
    mockApi({ 'GET /api/leagues': { body: leagues } })
    renderApp('/about')
    await screen.findByRole('heading', { level: 1 })
    act(() => {
      void testNavigate('/tournaments', { state: { selectedLeague: leagues[5] } })
    })
    await waitFor(() => expect(currentLocation()).toEqual({ path: '/tournaments/6', state: { league: leagues[5] } }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Mates League' })).toBeInTheDocument()
    act(() => {
      void testNavigate(-1)
    })
    await waitFor(() => expect(currentLocation().path).toBe('/about'))
  })
})
