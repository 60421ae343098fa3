import { onlineManager } from '@tanstack/react-query'
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LIVE_REFRESH_MS } from '../../contract/live'
import type { MyGameweekAnswer, MyGameweekLeague } from '../../contract/my-gameweek'
import type { User } from '../../web/src/features/auth/types'
import { advance, currentLocation, demoUser, fakeClock, renderApp, settle, storeSession } from './helpers'
import { deferred, mockApi, type Reply } from './mock-api'
import { notificationPreferences } from './notification-fixtures'
import {
  banterAnswer,
  leagueDetail,
  standingRows,
  standingsAnswer,
  stubIntersectionObserver,
  leagues as tournaments,
  winnersAnswer,
} from './tournament-fixtures'

// Decision 166: the dashboard leads with the manager's gameweek (GET /api/me/gameweek,
// contract/my-gameweek.ts), above its other sections (decision 181, R14); the landing page says when one
// joins the global tournament and where one's place in it is.

const GAMEWEEK = 'GET /api/me/gameweek'
const DAY_MS = 24 * 60 * 60 * 1000

const league = (extra: Partial<MyGameweekLeague> & Pick<MyGameweekLeague, 'tournament_id' | 'name'>): MyGameweekLeague => ({
  kind: 'league',
  rank: 3,
  of: 12,
  movement: null,
  total_points: 700,
  above: null,
  below: null,
  ...extra,
})

const neighbour = (player_name: string, gap: number) => ({ fpl_team_id: gap + 1000, player_name, team_name: `${player_name} FC`, gap })

const sunday = league({
  tournament_id: 1,
  name: 'Zebra League',
  rank: 3,
  of: 12,
  movement: 2,
  above: neighbour('Dave Smith', 4),
  below: neighbour('Sam Jones', 2),
})
const office = league({ tournament_id: 12, name: 'Office League', rank: 5, of: 30, movement: -1, above: neighbour('Priya', 0), below: null })
const global = league({ tournament_id: 2, name: 'Banter Arena Tournament', kind: 'global', rank: 1234, of: 5000, movement: 0, above: neighbour('Kim', 1) })

function answer(extra: Partial<MyGameweekAnswer> = {}): MyGameweekAnswer {
  return {
    gameweek: 12,
    status: 'live',
    provisional: true,
    points: 54,
    // Two days and a minute from now: "in 2 days".
    next_deadline: { gameweek: 13, at: new Date(Date.now() + 2 * DAY_MS + 60_000).toISOString() },
    leagues: [sunday, office, global],
    updated_at: new Date().toISOString(),
    ...extra,
  }
}

const me = { ...demoUser, user_id: demoUser.id, fpl_team_id_locked: true, banter_sharing_enabled: true }

function dashboardApi(gameweek: Reply | Reply[], routes: Record<string, Reply | Reply[]> = {}, user: User = demoUser) {
  return mockApi({
    [GAMEWEEK]: gameweek,
    'GET /api/auth/user-leagues': { body: { leagues: [] } },
    'GET /api/auth/me': { body: { ...me, ...user, user_id: user.id, fpl_team_id_locked: Boolean(user.fpl_team_id_locked) } },
    'GET /api/banter/privacy': { body: { banter_sharing_enabled: true } },
    'GET /api/notifications/preferences': { body: notificationPreferences() },
    ...routes,
  })
}

/** The dashboard of a returning user whose team's leagues were looked up before. */
function showDashboard(user: User = demoUser) {
  storeSession('jwt-1', user)
  if (user.fpl_team_id) window.localStorage.setItem(`leagueDiscovery:${user.fpl_team_id}`, 'done')
  renderApp('/dashboard')
}

async function openDashboard(user: User = demoUser) {
  showDashboard(user)
  await screen.findByRole('heading', { level: 1 })
}

const panel = () => screen.getByRole('region', { name: /gameweek/i })
const rows = () => within(panel()).getAllByRole('listitem')

afterEach(() => {
  onlineManager.setOnline(true)
})

describe('the gameweek panel', () => {
  it('leads the dashboard, above the profile and every other section', async () => {
    dashboardApi({ body: answer() })
    await openDashboard()
    await screen.findByRole('heading', { level: 2, name: 'Gameweek 12' })
    const order = [
      screen.getByRole('heading', { level: 1 }),
      panel(),
      screen.getByRole('region', { name: 'Profile' }),
      screen.getByRole('heading', { level: 2, name: /^My Tournaments/ }),
      screen.getByRole('heading', { level: 2, name: 'Account Settings' }),
    ]
    for (let i = 1; i < order.length; i += 1) {
      expect(order[i - 1]!.compareDocumentPosition(order[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    }
  })

  it('says the gameweek, its state (provisional said plainly), my points and the next deadline in my time', async () => {
    const body = answer()
    dashboardApi({ body })
    await openDashboard()
    await screen.findByRole('heading', { level: 2, name: 'Gameweek 12' })
    const p = panel()
    expect(p).toHaveTextContent('Live')
    expect(p).toHaveTextContent('Provisional: FPL has not checked GW 12 yet, so points and places can still move.')
    expect(p).toHaveTextContent('Your points54 so far')
    const deadline = body.next_deadline!
    expect(p).toHaveTextContent('Next deadlineGW 13 ·')
    expect(p).toHaveTextContent('(in 2 days)')
    const time = p.querySelector('time')
    expect(time).toHaveAttribute('datetime', deadline.at)
    // The reader's own clock: "Sat 29 Nov, 11:00" as this machine's time zone has it.
    expect(time?.textContent).toMatch(/^[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2}$/)
  })

  it('a finished gameweek FPL checked is Finished, not provisional; after GW 38 no deadline is left', async () => {
    dashboardApi({ body: answer({ gameweek: 38, status: 'checked', provisional: false, next_deadline: null }) })
    await openDashboard()
    await screen.findByRole('heading', { level: 2, name: 'Gameweek 38' })
    expect(panel()).toHaveTextContent('Finished')
    expect(panel()).not.toHaveTextContent(/provisional|so far/i)
    expect(panel()).toHaveTextContent('Next deadlineNone left this season')
  })

  it('a deadline not known yet (no feed read yet) is not called the end of the season', async () => {
    dashboardApi({ body: answer({ status: 'checked', provisional: false, next_deadline: null }) })
    await openDashboard()
    await screen.findByRole('heading', { level: 2, name: 'Gameweek 12' })
    expect(panel()).toHaveTextContent('Next deadlineNot known yet')
  })

  it('an upcoming gameweek is Upcoming', async () => {
    dashboardApi({ body: answer({ status: 'upcoming', provisional: false, points: 0 }) })
    await openDashboard()
    await screen.findByRole('heading', { level: 2, name: 'Gameweek 12' })
    expect(panel()).toHaveTextContent('Upcoming')
  })

  it('has a row per league in the answer’s order: place, movement in words, the rival to catch and the one chasing; the global row explains itself', async () => {
    dashboardApi({ body: answer() })
    await openDashboard()
    await screen.findByRole('heading', { level: 2, name: 'Gameweek 12' })
    const [zebra, officeRow, globalRow] = rows() as [HTMLElement, HTMLElement, HTMLElement]
    expect(rows().map((r) => within(r).getAllByRole('link')[0]!.textContent)).toEqual(['Zebra League', 'Office League', 'Banter Arena Tournament'])

    expect(zebra).toHaveTextContent('3rd of 12')
    expect(zebra).toHaveTextContent('▲2')
    expect(within(zebra).getByText('▲2')).toHaveAttribute('aria-hidden', 'true')
    expect(within(zebra).getByText('up 2 places this gameweek')).toHaveClass('visually-hidden')
    expect(zebra).toHaveTextContent('4 pts behind Dave Smith')
    expect(zebra).toHaveTextContent('Sam Jones is 2 pts behind')

    expect(officeRow).toHaveTextContent('5th of 30')
    expect(officeRow).toHaveTextContent('▼1')
    expect(within(officeRow).getByText('down 1 place this gameweek')).toBeInTheDocument()
    expect(officeRow).toHaveTextContent('Level on points with Priya')

    expect(globalRow).toHaveTextContent('Global · every verified manager on Banter Arena')
    expect(globalRow).toHaveTextContent('1,234th of 5,000')
    expect(within(globalRow).getByText('no change this gameweek')).toBeInTheDocument()
    expect(globalRow).toHaveTextContent('1 pt behind Kim')
  })

  it('opens a league on its Live tab in one tap', async () => {
    stubIntersectionObserver()
    const user = userEvent.setup()
    const tournament = tournaments[0]!
    dashboardApi(
      { body: answer() },
      {
        'GET /api/leagues/1': { body: leagueDetail(tournament) },
        'GET /api/leagues/1/standings?page=1&limit=50': { body: standingsAnswer(standingRows(20)) },
        'GET /api/leagues/1/monthly-winners': { body: winnersAnswer },
        'GET /api/leagues/1/banter-stats': { body: banterAnswer },
      },
    )
    await openDashboard()
    const link = await within(await screen.findByRole('region', { name: 'Gameweek 12' })).findByRole('link', { name: 'Zebra League' })
    expect(link).toHaveAttribute('href', '/tournaments/1')
    await user.click(link)
    await waitFor(() => expect(currentLocation().path).toBe('/tournaments/1'))
    const tab = await screen.findByRole('tab', { name: /Live/ })
    expect(tab).toHaveAttribute('aria-selected', 'true')
  })

  it('says nothing about a last visit on the first one, then what changed since on the next (stored on this device)', async () => {
    const first = answer({ status: 'live', leagues: [sunday, global] })
    dashboardApi({ body: first })
    await openDashboard()
    await screen.findByRole('heading', { level: 2, name: 'Gameweek 12' })
    expect(screen.queryByRole('heading', { name: 'Since your last visit' })).not.toBeInTheDocument()
    expect(JSON.parse(window.localStorage.getItem(`gameweekSeen:${demoUser.id}`) ?? 'null')).toEqual({
      gameweek: 12,
      finished: false,
      places: { 1: 3, 2: 1234 },
    })
    cleanup()

    dashboardApi({
      body: answer({ status: 'finished', leagues: [{ ...sunday, rank: 1 }, office, { ...global, rank: 1300 }] }),
    })
    await openDashboard()
    const since = (await screen.findByRole('heading', { name: 'Since your last visit' })).parentElement as HTMLElement
    expect(
      within(since)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'GW 12 finished.',
      'Zebra League: up 2 places, now 1st.',
      'Office League is new in your list.',
      'Banter Arena Tournament: down 66 places, now 1,300th.',
    ])
  })

  it('reads the gameweek again every LIVE_REFRESH_MS while it is live, and not once it is over', async () => {
    fakeClock()
    const api = dashboardApi([{ body: answer({ points: 54 }) }, { body: answer({ points: 61 }) }, { body: answer({ status: 'finished', points: 63 }) }])
    showDashboard()
    await settle(() => expect(panel()).toHaveTextContent('Your points54 so far'))
    expect(api.callsTo(GAMEWEEK)).toHaveLength(1)

    await advance(LIVE_REFRESH_MS - 1000)
    expect(api.callsTo(GAMEWEEK)).toHaveLength(1)
    await advance(1000)
    await settle(() => expect(panel()).toHaveTextContent('Your points61 so far'))
    expect(api.callsTo(GAMEWEEK)).toHaveLength(2)

    await advance(LIVE_REFRESH_MS)
    await settle(() => expect(panel()).toHaveTextContent('Finished'))
    expect(api.callsTo(GAMEWEEK)).toHaveLength(3)
    await advance(LIVE_REFRESH_MS * 3)
    expect(api.callsTo(GAMEWEEK)).toHaveLength(3)
  })

  it('the header’s Refresh reads the gameweek again with the rest of the dashboard', async () => {
    const api = dashboardApi([{ body: answer({ status: 'finished', points: 54 }) }, { body: answer({ status: 'finished', points: 61 }) }])
    await openDashboard()
    await waitFor(() => expect(panel()).toHaveTextContent('Your points54'))
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }))
    await waitFor(() => expect(panel()).toHaveTextContent('Your points61'))
    expect(api.callsTo(GAMEWEEK)).toHaveLength(2)
  })
})

describe('the gameweek panel’s other states', () => {
  it('loading: a placeholder marked busy', async () => {
    const pending = deferred()
    dashboardApi(pending.reply)
    await openDashboard()
    const p = await screen.findByRole('region', { name: 'Your gameweek' })
    expect(p).toHaveAttribute('aria-busy', 'true')
    expect(p).toHaveTextContent('Loading your gameweek...')
    await act(async () => pending.resolve({ body: answer() }))
    expect(await screen.findByRole('region', { name: 'Gameweek 12' })).not.toHaveAttribute('aria-busy')
  })

  it('no FPL team: points to the Add FPL Team ID card below, without a second one', async () => {
    const user = { ...demoUser, fpl_team_id: null }
    dashboardApi({ body: answer({ points: null, leagues: [] }) }, {}, user)
    await openDashboard(user)
    await screen.findByRole('heading', { level: 2, name: 'Gameweek 12' })
    expect(panel()).toHaveTextContent('Add your FPL Team ID in the card below to see your points and your place in each league.')
    expect(panel()).not.toHaveTextContent('Your points')
    expect(screen.getAllByRole('heading', { name: /Add FPL Team ID/ })).toHaveLength(1)
  })

  it('no leagues: points to Find Leagues and the tournaments', async () => {
    dashboardApi({ body: answer({ leagues: [] }) })
    await openDashboard()
    await screen.findByRole('heading', { level: 2, name: 'Gameweek 12' })
    expect(panel()).toHaveTextContent(
      'You are not in a league yet. Use Find Leagues above to join the mini-leagues your FPL team plays in, or browse the tournaments.',
    )
    expect(within(panel()).getByRole('link', { name: 'browse the tournaments' })).toHaveAttribute('href', '/tournaments')
  })

  it('error: a short line and Try again, which loads it', async () => {
    const user = userEvent.setup()
    dashboardApi([{ status: 500, body: { detail: 'boom' } }, { body: answer() }])
    await openDashboard()
    const alert = await within(await screen.findByRole('region', { name: 'Your gameweek' })).findByRole('alert')
    expect(alert).toHaveTextContent('We couldn’t load your gameweek.')
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('region', { name: 'Gameweek 12' })).toBeInTheDocument()
  })

  it('offline: says it will load once back online, and does when the connection returns', async () => {
    let onLine = false
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => onLine)
    const api = dashboardApi({ body: answer() })
    await openDashboard()
    const p = await screen.findByRole('region', { name: 'Your gameweek' })
    expect(p).toHaveTextContent('You’re offline: your gameweek will load when you’re back online.')
    expect(p).not.toHaveAttribute('aria-busy')
    expect(api.callsTo(GAMEWEEK)).toHaveLength(0)
    act(() => {
      onLine = true
      window.dispatchEvent(new Event('online'))
    })
    expect(await screen.findByRole('region', { name: 'Gameweek 12' })).toBeInTheDocument()
  })
})

describe('the landing page on the global tournament', () => {
  it('says one joins it on verifying the email, and where one’s place is', async () => {
    stubIntersectionObserver()
    mockApi({
      'GET /api/user-stats': { body: { total_users: 321 } },
      'GET /api/public-banter-stats': {
        body: { stats: {}, total_players: 0, total_leagues: 0, data_source: 'error', message: 'Unable to load public banter stats at this time.' },
      },
    })
    renderApp('/')
    const card = (await screen.findByRole('heading', { level: 3, name: 'Banter Arena Tournament' })).closest('li') as HTMLElement
    expect(card).toHaveTextContent('Every verified manager, one giant table. You join it when you verify your email; your place in it is on your dashboard.')
    expect(card).not.toHaveTextContent('the moment you sign up')
  })
})
