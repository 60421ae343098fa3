import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { User } from '../../web/src/features/auth/types'
import { demoUser, renderApp, storedUser, storeSession } from './helpers'
import { mockApi, type Reply } from './mock-api'

// Relinking at FPL's relaunch (decision 185): the season rollover moved the account's team to last
// season's, and the dashboard's add-team card asks for this season's id, naming the old one as
// last season's only.

afterEach(() => vi.unstubAllGlobals())

/** An account after the rollover: no team, last season's kept aside. */
const relinked: User = {
  ...demoUser,
  fpl_team_id: null,
  fpl_team_id_locked: false,
  fpl_team_verified: false,
  previous_fpl_team_id: 123456,
  previous_fpl_team_season: '2026/27',
}

const preSeason = { body: { season: '2027/28', phase: 'pre_season', next_deadline: '2027-08-13T17:30:00Z' } }

function dashboardApi(user: User, routes: Record<string, Reply | Reply[]> = {}) {
  return mockApi({
    'GET /api/auth/user-leagues': { body: { leagues: [] } },
    'GET /api/auth/me': { body: { ...user, user_id: user.id } },
    'GET /api/banter/privacy': { body: { banter_sharing_enabled: true } },
    'GET /api/season': preSeason,
    ...routes,
  })
}

async function openDashboard(user: User) {
  storeSession('jwt-1', user)
  renderApp('/dashboard')
  await screen.findByRole('heading', { level: 1, name: `Welcome back, ${user.name}!` })
}

const relinkCard = () => screen.getByRole('region', { name: "Add this season's FPL Team ID" })

describe('relinking a team at the new season', () => {
  it("asks for this season's id, naming the new season and last season's team as last season's", async () => {
    dashboardApi(relinked)
    await openDashboard(relinked)
    const card = relinkCard()
    expect(
      await within(card).findByText(
        "A new season: FPL gave every team a new ID for 2027/28. Last season you were team 123456 (2026/27). Enter this season's ID below, then confirm the team is yours as before.",
      ),
    ).toBeInTheDocument()
    expect(within(card).getByLabelText('FPL Team ID')).toHaveValue('')
    expect(screen.queryByRole('region', { name: 'Add FPL Team ID' })).not.toBeInTheDocument()
    // The profile has no team this season: the old id is never shown as the current one.
    const profile = screen.getByRole('region', { name: 'Profile' })
    expect(within(profile).getByText('Not set')).toBeInTheDocument()
    expect(profile).not.toHaveTextContent('123456')
  })

  it('does without the season names it does not know', async () => {
    const noSeason = { ...relinked, previous_fpl_team_season: null }
    dashboardApi(noSeason, { 'GET /api/season': { status: 503, body: { detail: 'FPL is unavailable' } } })
    await openDashboard(noSeason)
    expect(
      await within(relinkCard()).findByText(
        "A new season: FPL gave every team a new ID this season. Last season you were team 123456. Enter this season's ID below, then confirm the team is yours as before.",
      ),
    ).toBeInTheDocument()
  })

  it('learns of the rollover from GET /api/auth/me when the stored session predates it', async () => {
    const before = { ...demoUser, fpl_team_id_locked: true, fpl_team_verified: true }
    dashboardApi(relinked)
    storeSession('jwt-1', before)
    renderApp('/dashboard')
    expect(await screen.findByRole('region', { name: "Add this season's FPL Team ID" })).toHaveTextContent('Last season you were team 123456 (2026/27).')
    expect(within(screen.getByRole('region', { name: 'Profile' })).getByText('Not set')).toBeInTheDocument()
  })

  it("saves this season's team through the usual confirmation, then leaves it to be proven", async () => {
    const user = userEvent.setup()
    const api = dashboardApi(relinked, {
      'GET /api/fpl-team/7654321': { body: { fpl_team_id: 7654321, team_name: 'Salah Fingers', player_name: 'Jamie Vardy' } },
      'POST /api/auth/update-fpl-team': {
        body: { message: 'FPL Team ID saved.', fpl_team_id: 7654321, fpl_team_id_locked: false, auto_joined_count: 0, discovered_leagues: [] },
      },
      'GET /api/discover-leagues/7654321': { body: { discovered_leagues: [], not_here_yet: [] } },
    })
    await openDashboard(relinked)
    const card = relinkCard()
    await user.type(within(card).getByLabelText('FPL Team ID'), '7654321')
    await user.click(within(card).getByRole('button', { name: 'Save Team ID' }))
    const question = await within(card).findByRole('group', { name: 'Is this your team?' })
    expect(question).toHaveTextContent('Salah Fingers — Jamie Vardy')
    await user.click(within(question).getByRole('button', { name: 'Yes, save this team' }))

    await screen.findByRole('region', { name: 'Find Leagues' })
    expect(api.callsTo('POST /api/auth/update-fpl-team').map((c) => c.body)).toEqual([{ fpl_team_id: 7654321 }])
    expect(screen.queryByRole('region', { name: "Add this season's FPL Team ID" })).not.toBeInTheDocument()
    const profile = screen.getByRole('region', { name: 'Profile' })
    expect(profile).toHaveTextContent('7654321')
    expect(within(profile).getByText('Not verified')).toBeInTheDocument()
    expect(within(profile).getByRole('button', { name: "Verify it's yours" })).toBeInTheDocument()
    expect(storedUser()).toMatchObject({ fpl_team_id: 7654321, fpl_team_verified: false })
  })

  it('an account without last season’s team gets the usual card', async () => {
    const fresh = { ...demoUser, fpl_team_id: null, fpl_team_id_locked: false }
    dashboardApi(fresh)
    await openDashboard(fresh)
    const card = screen.getByRole('region', { name: 'Add FPL Team ID' })
    expect(card).toHaveTextContent('Link your Fantasy Premier League team to find the mini-leagues you already play in.')
    expect(card).not.toHaveTextContent('new season')
  })
})
