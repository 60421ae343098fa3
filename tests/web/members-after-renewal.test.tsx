import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { LeagueMember, MembersAnswer } from '../../web/src/features/commissioner/types'
import { TournamentCard } from '../../web/src/features/dashboard/TournamentCard'
import type { UserLeague } from '../../web/src/lib/api-answers'
import { currentLocation, renderApp, renderWithProviders, storeSession } from './helpers'
import { mockApi } from './mock-api'
import { banterAnswer, leagueDetail, leagues, standingRows, standingsAnswer, winnersAnswer } from './tournament-fixtures'

// After FPL's relaunch (decision 185): the commissioner's Members tab marks who has not come
// along (and removes nobody), and the dashboard's card and the page of a tournament awaiting
// renewal say so.

const league = { id: 11, name: 'Sunday League', type: 'private', is_public: false, fpl_league_id: 777001, is_commissioner: true }

const member = (id: number, name: string, extra: Partial<LeagueMember> = {}): LeagueMember => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  fpl_team_id: 2000 + id,
  fpl_team_verified: true,
  team_name: `${name} FC`,
  is_commissioner: false,
  team_valid: true,
  can_reactivate: false,
  joined_at: '2025-08-15T12:00:00Z',
  season_status: null,
  ...extra,
})

const members = (fplSeason: string | null): MembersAnswer => ({
  fpl_season: fplSeason,
  active_members: [
    member(7, 'Jamie', { is_commissioner: true }),
    member(8, 'Carol', { fpl_team_id: null, team_name: null, team_valid: false, season_status: 'relink' }),
    member(9, 'Bob', { team_name: null, team_valid: false, season_status: 'not_in_league' }),
  ],
  inactive_members: [member(10, 'Jo', { team_name: null, team_valid: false })],
  fpl_league_size: null,
  not_joined: null,
})

async function openMembers(answer: MembersAnswer) {
  const user = userEvent.setup()
  mockApi({ 'GET /api/leagues/11/members': { body: answer }, 'GET /api/community-posts/11': { body: [] } })
  storeSession('jwt-1')
  renderApp({ pathname: '/commissioner', state: { league } })
  await user.click(await screen.findByRole('tab', { name: /Members/ }))
  const active = await screen.findByRole('list', { name: 'Active members' })
  return within(active).getAllByRole('listitem') as [HTMLElement, HTMLElement, HTMLElement]
}

describe("the Members tab after FPL's relaunch", () => {
  it('marks a member with no team of the new season and one whose new team is not in the league, and keeps them', async () => {
    const [jamie, carol, bob] = await openMembers(members('2027/28'))
    expect(carol).toHaveTextContent('Not relinked Has not linked a 2027/28 team yet')
    expect(bob).toHaveTextContent('Not in league Their 2027/28 team is not in this league')
    // The season's note says why instead of the generic warning; both can still be kicked, not removed by it.
    expect(bob).not.toHaveTextContent('Team not found in the FPL league')
    expect(within(bob).getByRole('button', { name: 'Kick Bob' })).toBeInTheDocument()
    expect(jamie).not.toHaveTextContent('Not relinked')
    // A member with no season status keeps the usual warning.
    expect(screen.getByRole('list', { name: 'Inactive members' })).toHaveTextContent('Team not found in the FPL league')
  })

  it('names no season while the tournament awaits renewal', async () => {
    const [, carol] = await openMembers(members(null))
    expect(carol).toHaveTextContent("Has not linked this season's team yet")
  })
})

const awaiting = (isCommissioner: boolean): UserLeague => ({
  id: 11,
  name: 'Sunday League',
  description: '',
  type: 'private',
  is_public: false,
  fpl_league_id: null,
  member_count: 12,
  fpl_league_size: null,
  entry_fee: 0,
  created_at: '2025-08-15T12:00:00Z',
  joined_at: '2025-08-15T12:00:00Z',
  awaiting_renewal: true,
  is_commissioner: isCommissioner,
})

const renderCard = (league: UserLeague) =>
  renderWithProviders(
    <ul>
      <TournamentCard league={league} />
    </ul>,
    '/dashboard',
  )

describe('the dashboard card of a tournament awaiting renewal', () => {
  it('tells a member it waits for the commissioner', () => {
    renderCard(awaiting(false))
    expect(screen.getByRole('listitem')).toHaveTextContent('Waiting for the commissioner to renew it for the new season.')
    expect(screen.queryByText('Active')).not.toBeInTheDocument()
  })

  it("sends the commissioner to the commissioner screen's Settings tab", async () => {
    const user = userEvent.setup()
    const league = awaiting(true)
    renderCard(league)
    await user.click(screen.getByRole('button', { name: 'Renew it for the new season' }))
    await waitFor(() => expect(currentLocation()).toEqual({ path: '/commissioner', state: { league, tab: 'settings' } }))
  })

  it('says nothing of renewal otherwise', () => {
    renderCard({ ...awaiting(true), awaiting_renewal: false, fpl_league_id: 777001 })
    expect(screen.queryByText(/renew/i)).not.toBeInTheDocument()
    expect(screen.getByText('Active')).toBeInTheDocument()
  })
})

describe('the page of a tournament awaiting renewal', () => {
  /** The tournament's page, last season's table and all, for a member or its commissioner. */
  async function openPage(isCommissioner: boolean, awaitingRenewal = true) {
    const league = { ...leagues[0]!, fpl_league_id: null, is_member: true, is_commissioner: isCommissioner }
    const detail = leagueDetail(league, { awaiting_renewal: awaitingRenewal })
    mockApi({
      'GET /api/leagues/1': { body: detail },
      'GET /api/leagues/1/standings?page=1&limit=50': { body: standingsAnswer(standingRows(20)) },
      'GET /api/leagues/1/monthly-winners': { body: winnersAnswer },
      'GET /api/leagues/1/banter-stats': { body: banterAnswer },
    })
    storeSession('jwt-1')
    renderApp('/tournaments/1')
    await screen.findByRole('heading', { level: 1, name: 'Zebra League' })
    // Last season's final table is still what the page shows.
    await screen.findAllByText('Team 1')
    return detail
  }

  it('tells a member it waits for the commissioner, under the header', async () => {
    await openPage(false)
    const notice = await screen.findByText('Waiting for the commissioner to renew it for the new season.')
    expect(notice.compareDocumentPosition(screen.getByRole('tablist', { name: 'Tournament sections' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Renew it for the new season' })).not.toBeInTheDocument()
  })

  it("sends the commissioner to the commissioner screen's Settings tab", async () => {
    const user = userEvent.setup()
    const detail = await openPage(true)
    await user.click(await screen.findByRole('button', { name: 'Renew it for the new season' }))
    await waitFor(() => expect(currentLocation()).toEqual({ path: '/commissioner', state: { league: detail, tab: 'settings' } }))
    expect(await screen.findByRole('tab', { name: /Settings/, selected: true })).toBeInTheDocument()
  })

  it('says nothing of renewal otherwise', async () => {
    await openPage(true, false)
    expect(screen.queryByText(/renew/i)).not.toBeInTheDocument()
  })
})
