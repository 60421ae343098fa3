import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppProviders } from '../../web/src/app/AppProviders'
import { CONSENT_OPEN_CLASS } from '../../web/src/features/consent/CookieConsentBanner'
import { JoinTournamentDialog } from '../../web/src/features/tournaments/JoinTournamentDialog'
import type { League } from '../../web/src/features/tournaments/types'
import { demoUser, renderApp, storeSession } from './helpers'
import { mockApi, type Reply } from './mock-api'
import { notificationPreferences } from './notification-fixtures'
import { advance, discoveredLeague, fakeClock, leagues, settle } from './tournament-fixtures'

// Decision 162: the join dialog says why each listed tournament cannot be joined (and
// "No tournaments available to join yet." only over an empty list); Find Leagues counts what it
// lists and asks for a choice only while none is ticked; the cookie banner leaves the page room.

const mates = leagues.find((l) => l.id === 6) as League
const outside: League = { ...mates, id: 8, name: 'Office League', fpl_league_id: 234567, can_join: false, join_reason: 'team_not_in_league' }
const teamless: League = { ...mates, id: 9, name: 'Teamless League', fpl_league_id: 345678, can_join: false, join_reason: 'no_fpl_team' }
const removed: League = { ...mates, id: 10, name: 'Old Pub League', fpl_league_id: 456789, can_join: false, join_reason: 'membership_inactive' }

function renderJoin(list: League[], onCreate?: () => void) {
  const ui: ReactNode = <JoinTournamentDialog leagues={list} onClose={() => {}} onJoined={() => {}} onCreate={onCreate} />
  return render(
    <MemoryRouter initialEntries={['/tournaments']}>
      <AppProviders>{ui}</AppProviders>
    </MemoryRouter>,
  )
}

const options = () => within(screen.getByRole('group', { name: 'Tournaments you can join' })).queryAllByRole('button')
/** The rows of "You can't join these": name and reason of each. */
const blockedRows = () =>
  within(screen.getByRole('list', { name: "You can't join these" }))
    .getAllByRole('listitem')
    .map((li) => li.textContent)

describe('join dialog: every listed tournament, joinable or with its reason', () => {
  it('says "No tournaments available to join yet." only over an empty list', () => {
    storeSession('jwt-1')
    const onCreate = vi.fn()
    renderJoin([], onCreate)
    expect(screen.getByText('No tournaments available to join yet.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Create the first tournament!' })).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: "You can't join these" })).not.toBeInTheDocument()
  })

  it('over tournaments none of which can be joined: no "none available", each says why', () => {
    storeSession('jwt-1')
    renderJoin(
      leagues.filter((l) => l.type !== 'private' || l.is_member),
      () => {},
    )
    expect(screen.queryByText('No tournaments available to join yet.')).not.toBeInTheDocument()
    expect(screen.queryByText('Create the first tournament!')).not.toBeInTheDocument()
    expect(options().map((b) => b.textContent)).toEqual(['Create your own tournament'])
    expect(screen.getByText("You can't join any of these tournaments right now. Each one says why below.")).toBeInTheDocument()
    expect(blockedRows()).toEqual([
      "Banter Arena TournamentYou're in it: everyone joins automatically",
      'Real Footballers FPL LeagueTeams are selected by the admin',
      "alpha leagueYou're already a member",
      'Global CupManagers are added automatically when they register',
    ])
  })

  it('offers the joinable ones and gives the API reason for each of the others; search narrows both', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    renderJoin([...leagues, outside, teamless, removed])
    expect(options().map((b) => b.textContent)).toEqual([expect.stringContaining('Zebra League'), expect.stringContaining('Mates League')])
    const rows = blockedRows()
    expect(rows).toContain('Office LeagueYour team is not in this league')
    expect(rows).toContain('Teamless LeagueAdd your FPL Team ID to join')
    expect(rows).toContain('Old Pub LeagueRemoved by the commissioner')
    expect(rows).toHaveLength(7)

    await user.type(screen.getByRole('searchbox'), 'office')
    expect(options()).toEqual([])
    expect(blockedRows()).toEqual(['Office LeagueYour team is not in this league'])
    expect(screen.queryByText(/No tournaments found matching/)).not.toBeInTheDocument()
  })

  it('from the tournament list of five with none to join: the dialog lists the five with their reasons', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    const five = [leagues[2], leagues[3], leagues[4], outside, teamless] as League[]
    mockApi({ 'GET /api/leagues': { body: five } })
    renderApp('/tournaments')
    const list = await screen.findByRole('list', { name: 'Tournaments' })
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(5))
    await user.click(screen.getByRole('button', { name: 'Join Tournament' }))
    const dialog = screen.getByRole('dialog', { name: 'Join Tournament' })
    expect(within(dialog).queryByText('No tournaments available to join yet.')).not.toBeInTheDocument()
    expect(within(within(dialog).getByRole('list', { name: "You can't join these" })).getAllByRole('listitem')).toHaveLength(5)
    expect(dialog).toHaveTextContent('Your team is not in this league')
  })
})

const me = { ...demoUser, user_id: demoUser.id, fpl_team_id_locked: true, banter_sharing_enabled: true }

/** The walk: three leagues with the team, two of them joined already. */
const found = [
  discoveredLeague(21, 'Cup League', 1001, 8, true, 5),
  discoveredLeague(22, 'Work League', 1002, 20, false),
  discoveredLeague(11, 'Sunday League', 314159, 12, true),
  discoveredLeague(23, 'Family League', 1003, 5, false),
]

/** The dashboard's calls, discovery answering `answer` (an older server's answer has no `not_here_yet`). */
const dashboardRoutes = (answer: { discovered_leagues: unknown[]; not_here_yet?: unknown[] }): Record<string, Reply> => ({
  'GET /api/auth/user-leagues': { body: { leagues: [] } },
  'GET /api/auth/me': { body: me },
  'GET /api/banter/privacy': { body: { banter_sharing_enabled: true } },
  'GET /api/notifications/preferences': { body: notificationPreferences() },
  'GET /api/discover-leagues/123456': { body: answer },
})

/** Opens Find Leagues on the dashboard (the team discovered on this device before) once its look has answered. */
async function openWith(answer: { discovered_leagues: unknown[]; not_here_yet?: unknown[] }, routes: Record<string, Reply> = {}) {
  const api = mockApi({ ...dashboardRoutes(answer), ...routes })
  storeSession('jwt-1')
  window.localStorage.setItem('leagueDiscovery:123456', 'done')
  const user = userEvent.setup()
  renderApp('/dashboard')
  await user.click(await screen.findByRole('button', { name: 'Find Leagues' }))
  const region = await screen.findByRole('region', { name: 'Find Leagues' })
  await waitFor(() => expect(within(region).queryByText(/Looking for leagues/)).not.toBeInTheDocument())
  return { api, user, region }
}

async function openFindLeagues(discovered = found) {
  const opened = await openWith(
    { discovered_leagues: discovered },
    {
      'POST /api/auto-join-leagues': {
        body: { message: 'Joined 1 league.', joined_count: 1, joined_leagues: [{ league_id: 22, league_name: 'Work League' }] },
      },
    },
  )
  await within(opened.region).findByRole('checkbox', { name: /Work League/ })
  return opened
}

describe('Find Leagues: the count and the choice read what is on screen', () => {
  it('counts the leagues it lists, with the right plural', async () => {
    const { region } = await openFindLeagues()
    expect(within(region).getAllByRole('checkbox')).toHaveLength(4)
    expect(within(region).getByText('We found 4 leagues with your team. Choose the ones to join:')).toBeInTheDocument()
  })

  it('says "1 league" over one', async () => {
    const { region } = await openFindLeagues(found.slice(1, 2))
    expect(within(region).getByText('We found 1 league with your team. Choose the ones to join:')).toBeInTheDocument()
  })

  it('with one ticked, "Join 1 League" joins it and no "Choose at least one league" shows; with none ticked, it says so', async () => {
    const { api, user, region } = await openFindLeagues()
    const family = within(region).getByRole('checkbox', { name: /Family League/ })
    const work = within(region).getByRole('checkbox', { name: /Work League/ })
    expect(within(region).queryByText(/Choose at least one league/)).not.toBeInTheDocument()

    await user.click(family)
    await user.click(work)
    const none = within(region).getByRole('button', { name: 'Join Leagues' })
    expect(none).toBeDisabled()
    expect(within(region).getByText('Choose at least one league.')).toBeInTheDocument()
    expect(none).toHaveAccessibleDescription('Choose at least one league.')

    await user.click(work)
    const one = within(region).getByRole('button', { name: 'Join 1 League' })
    expect(within(region).queryByText(/Choose at least one league/)).not.toBeInTheDocument()
    await user.click(one)
    expect(screen.queryByText(/Choose at least one league/)).not.toBeInTheDocument()
    await waitFor(() => expect(api.callsTo('POST /api/auto-join-leagues')).toHaveLength(1))
    expect(api.callsTo('POST /api/auto-join-leagues')[0]?.body).toEqual([22])
  })
})

// Decision 167: Find Leagues also lists the team's FPL leagues with no tournament here yet,
// each with who would be its Commissioner and "Start it here" (the create dialog, filled in).

/** Invitational FPL leagues of the team that no tournament here tracks (the answer's `not_here_yet`). */
const notHereYet = [
  { fpl_league_id: 567890, name: 'Sunday League Legends', managers: 25, your_rank: 4, you_are_fpl_admin: false },
  { fpl_league_id: 611874, name: 'Pub League', managers: 12, your_rank: null, you_are_fpl_admin: true },
]

const othersList = (region: HTMLElement) => within(region).getByRole('list', { name: 'Your FPL leagues not on Banter Arena yet (2)' })

describe('Find Leagues: every FPL league of the team, those not here yet to start', () => {
  it('lists the ones not here yet under the joinable ones, with managers, rank and who becomes Commissioner', async () => {
    const { region } = await openWith({ discovered_leagues: found, not_here_yet: notHereYet })
    // The count line still counts the joinable list; the other list says its own count.
    expect(within(region).getByText('We found 4 leagues with your team. Choose the ones to join:')).toBeInTheDocument()
    expect(within(region).getAllByRole('checkbox')).toHaveLength(4)
    expect(within(region).getByRole('heading', { name: 'Your FPL leagues not on Banter Arena yet (2)' })).toBeInTheDocument()
    const [sunday, pub] = within(othersList(region)).getAllByRole('listitem') as [HTMLElement, HTMLElement]
    expect(sunday).toHaveTextContent('Sunday League Legends')
    expect(sunday).toHaveTextContent('25 managers · Your rank: 4 · FPL League 567890')
    expect(sunday).toHaveTextContent(
      "Whoever starts it here is its Commissioner. If the league's admin on FPL joins later with a verified team, the role passes to them.",
    )
    expect(pub).toHaveTextContent('12 managers · FPL League 611874')
    expect(pub).not.toHaveTextContent('Your rank')
    expect(pub).toHaveTextContent("You run this league on FPL, so you'll be its Commissioner.")
    // Not checkboxes: a button each, named with its league.
    expect(within(sunday).queryByRole('checkbox')).not.toBeInTheDocument()
    expect(within(sunday).getByRole('button', { name: 'Start Sunday League Legends here' })).toHaveTextContent('Start it here')
    expect(within(pub).getByRole('button', { name: 'Start Pub League here' })).toBeInTheDocument()
  })

  it('"Start it here" opens the create dialog with the FPL league filled in', async () => {
    const { api, user, region } = await openWith(
      { discovered_leagues: [], not_here_yet: notHereYet },
      {
        'GET /api/validate-league/611874': {
          body: { fpl_valid: true, fpl_league_name: 'Pub League', system_exists: false, commissioner_name: null, team_in_league: true },
        },
      },
    )
    // Nothing to join: no "none found" over a list of leagues.
    expect(within(region).queryByText('No new leagues found containing your FPL team.')).not.toBeInTheDocument()
    await user.click(within(region).getByRole('button', { name: 'Start Pub League here' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create New Tournament' })
    expect(within(dialog).getByLabelText('FPL League ID')).toHaveValue('611874')
    expect(within(dialog).getByLabelText('Tournament name')).toHaveValue('Pub League')
    expect(await within(dialog).findByText("New league! You'll become the Commissioner.")).toBeInTheDocument()
    expect(api.callsTo('GET /api/validate-league/611874')).toHaveLength(1)
  })

  it('says plainly when the team plays in no invitational league at all', async () => {
    const { region } = await openWith({ discovered_leagues: [], not_here_yet: [] })
    expect(within(region).getByText('No new leagues found containing your FPL team.')).toBeInTheDocument()
    expect(within(region).getByText(/Your FPL team isn't in any invitational leagues yet/)).toBeInTheDocument()
    expect(within(region).queryByRole('button', { name: /^Start / })).not.toBeInTheDocument()
  })

  it('opens on the first look after sign-up when the team has only leagues not here yet', async () => {
    const api = mockApi(dashboardRoutes({ discovered_leagues: [], not_here_yet: notHereYet }))
    storeSession('jwt-1')
    renderApp('/dashboard')
    const region = await screen.findByRole('region', { name: 'Find Leagues' })
    expect(await within(region).findByRole('button', { name: 'Start Sunday League Legends here' })).toBeInTheDocument()
    expect(api.callsTo('GET /api/discover-leagues/123456')).toHaveLength(1)
  })
})

describe('cookie banner: the page leaves room for it', () => {
  afterEach(() => {
    document.documentElement.classList.remove(CONSENT_OPEN_CLASS)
    document.documentElement.style.removeProperty('--consent-space')
  })

  it('pads the page by the banner (class and --consent-space on <html>) while it shows, and not after a choice', async () => {
    fakeClock()
    renderApp('/about')
    await settle(() => expect(screen.getByRole('heading', { level: 1, name: 'About Banter Arena' })).toBeInTheDocument())
    expect(document.documentElement).not.toHaveClass(CONSENT_OPEN_CLASS)
    await advance(2000)
    expect(screen.getByRole('region', { name: 'Cookie consent' })).toBeInTheDocument()
    expect(document.documentElement).toHaveClass(CONSENT_OPEN_CLASS)
    expect(document.documentElement.style.getPropertyValue('--consent-space')).toMatch(/^\d+px$/)
    await act(async () => screen.getByRole('button', { name: 'Decline' }).click())
    expect(document.documentElement).not.toHaveClass(CONSENT_OPEN_CLASS)
    expect(document.documentElement.style.getPropertyValue('--consent-space')).toBe('')
  })

  it('consent.css pads the body and the scroll position by --consent-space under that class', () => {
    const css = readFileSync(resolve(import.meta.dirname, '../../web/src/styles/consent.css'), 'utf8').replace(/\s+/g, ' ')
    expect(css).toContain(`html.${CONSENT_OPEN_CLASS} body { padding-bottom: var(--consent-space, 0px); }`)
    expect(css).toContain(`html.${CONSENT_OPEN_CLASS} { scroll-padding-bottom: var(--consent-space, 0px); }`)
  })
})
