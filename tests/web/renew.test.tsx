import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LeagueSettingsTab } from '../../web/src/features/commissioner/LeagueSettingsTab'
import type { ManagedLeague } from '../../web/src/features/commissioner/types'
import { currentLocation, renderApp, renderWithProviders, storeSession } from './helpers'
import { deferred, mockApi, networkDown, type Reply } from './mock-api'

// Renewing a tournament at FPL's relaunch (decision 185), on the commissioner's Settings tab:
// the proposed league in one tap, else this season's league id typed in, and every refusal said.

afterEach(() => vi.unstubAllGlobals())

const league: ManagedLeague = {
  id: 11,
  name: 'Sunday League',
  description: 'Pub rules apply',
  type: 'private',
  is_public: false,
  fpl_league_id: null,
  is_commissioner: true,
}

const STATE = 'GET /api/leagues/11/renew'
const RENEW = 'POST /api/leagues/11/renew'

const due = (extra: Record<string, unknown> = {}) => ({
  body: { season: '2027/28', ended_fpl_league_id: 314159, renewed: false, proposal: null, ...extra },
})
const proposed = due({ proposal: { fpl_league_id: 9001, name: 'Sunday League' } })
const renewedAnswer = {
  body: {
    message: 'Sunday League now follows FPL league 9001 for 2027/28. Its members, wall, Gazette and Hall of Fame carry on.',
    fpl_league_id: 9001,
    season: '2027/28',
  },
}

function renderSettings(routes: Record<string, Reply | Reply[]>, managed: ManagedLeague = league) {
  const onSaved = vi.fn()
  const api = mockApi(routes)
  const { unmount } = renderWithProviders(<LeagueSettingsTab league={managed} onSaved={onSaved} />)
  return { api, onSaved, unmount }
}

const renewSection = () => screen.findByRole('region', { name: 'Renew for 2027/28' })

describe('renewing a league for the new season', () => {
  it('proposes the league of the new team with the same name, renews in one tap and says so', async () => {
    const user = userEvent.setup()
    const pending = deferred()
    const { api, onSaved } = renderSettings({ [STATE]: [proposed, due({ renewed: true })], [RENEW]: pending.reply })
    const section = await renewSection()
    expect(section).toHaveTextContent('FPL has started the 2027/28 season and gave every league a new ID.')
    expect(section).toHaveTextContent('Last season it followed FPL league 314159.')
    expect(section).toHaveTextContent('Your new team plays in Sunday League (FPL league 9001).')
    expect(within(section).queryByLabelText("This season's FPL league ID")).not.toBeInTheDocument()

    await user.click(within(section).getByRole('button', { name: 'Renew with Sunday League' }))
    const busy = within(section).getByRole('button', { name: 'Renewing...' })
    expect(busy).toBeDisabled()
    expect(busy).toHaveAttribute('aria-busy', 'true')
    expect(within(section).getByRole('button', { name: 'Use another league ID' })).toBeDisabled()
    expect(api.callsTo(RENEW).map((c) => c.body)).toEqual([{ fpl_league_id: 9001 }])

    await act(async () => pending.resolve(renewedAnswer))
    const done = await within(section).findByRole('status')
    expect(done).toHaveTextContent('Sunday League now follows FPL league 9001 for 2027/28. Its members, wall, Gazette and Hall of Fame carry on.')
    expect(done).toHaveFocus()
    expect(onSaved).toHaveBeenCalledWith({ fpl_league_id: 9001 })
    // Read again, it is renewed; the outcome stays until the commissioner leaves the tab.
    await waitFor(() => expect(api.callsTo(STATE)).toHaveLength(2))
    expect(screen.getByRole('region', { name: 'Renew for 2027/28' })).toContainElement(done)
    expect(within(section).queryByRole('button')).not.toBeInTheDocument()
  })

  it('offers the id field instead of the proposal on request', async () => {
    const user = userEvent.setup()
    const { api } = renderSettings({ [STATE]: proposed, [RENEW]: renewedAnswer })
    const section = await renewSection()
    await user.click(within(section).getByRole('button', { name: 'Use another league ID' }))
    const field = within(section).getByLabelText("This season's FPL league ID")
    await waitFor(() => expect(field).toHaveFocus())
    expect(within(section).queryByRole('button', { name: 'Renew with Sunday League' })).not.toBeInTheDocument()
    await user.type(field, '9002')
    await user.click(within(section).getByRole('button', { name: 'Renew league' }))
    expect(await within(section).findByRole('status')).toHaveTextContent('now follows FPL league 9001')
    expect(api.callsTo(RENEW).map((c) => c.body)).toEqual([{ fpl_league_id: 9002 }])
  })

  it('without a proposal asks for the id, and checks it before sending', async () => {
    const user = userEvent.setup()
    const { api } = renderSettings({ [STATE]: due({ ended_fpl_league_id: null }), [RENEW]: renewedAnswer })
    const section = await renewSection()
    expect(section).not.toHaveTextContent('Last season it followed')
    const field = within(section).getByLabelText("This season's FPL league ID")
    expect(field).toHaveAccessibleDescription(/Your new team must play in it\./)
    await user.click(within(section).getByRole('button', { name: 'Renew league' }))
    expect(field).toHaveAccessibleDescription(/Enter the league ID as a positive whole number, like 314159\./)
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(field).toHaveFocus()
    await user.type(field, '0')
    await user.click(within(section).getByRole('button', { name: 'Renew league' }))
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(api.callsTo(RENEW)).toHaveLength(0)

    await user.clear(field)
    await user.type(field, 'x9001')
    expect(field).toHaveValue('9001')
    expect(field).not.toHaveAttribute('aria-invalid')
    await user.click(within(section).getByRole('button', { name: 'Renew league' }))
    await within(section).findByRole('status')
    expect(api.callsTo(RENEW).map((c) => c.body)).toEqual([{ fpl_league_id: 9001 }])
  })

  it("shows each refusal's detail in the form, and lets the commissioner try again", async () => {
    const user = userEvent.setup()
    const refusal = (status: number, code: string, detail: string) => ({ status, body: { detail, code } })
    const refusals = [
      refusal(
        400,
        'renew_last_season_id',
        "That is last season's league ID. FPL gives every league a new ID each season: find this season's on the league's page on FPL.",
      ),
      refusal(409, 'team_not_relinked', 'Link your new FPL team first: FPL gave every team a new ID this season.'),
      refusal(403, 'fpl_team_unverified', 'Prove your new FPL team is yours before you renew the league.'),
      refusal(404, 'fpl_league_not_found', 'FPL league not found. Please check the League ID.'),
      refusal(403, 'renew_not_in_league', 'Your new team is not in that league. Renew with the league your team plays in this season.'),
      refusal(409, 'league_already_tracked', 'That FPL league is already followed here by Office League: each FPL league has one league here.'),
      refusal(409, 'already_renewed', 'This league already follows its FPL league of the 2027/28 season.'),
      refusal(409, 'renew_not_yet', 'FPL has not started the next season yet: renew once it has.'),
      refusal(403, 'not_commissioner', 'Only the commissioner can manage this league.'),
    ]
    const { api, onSaved } = renderSettings({ [STATE]: due(), [RENEW]: [...refusals, { status: 500, body: {} }, networkDown()] })
    const section = await renewSection()
    await user.type(within(section).getByLabelText("This season's FPL league ID"), '314159')
    const expected = [...refusals.map((r) => r.body.detail), 'Failed to renew the league', 'Network error occurred']
    for (const [i, detail] of expected.entries()) {
      await user.click(within(section).getByRole('button', { name: 'Renew league' }))
      await waitFor(() => expect(api.callsTo(RENEW)).toHaveLength(i + 1))
      await waitFor(() => expect(within(section).getByRole('alert')).toHaveTextContent(detail))
    }
    expect(within(section).queryByRole('status')).not.toBeInTheDocument()
    expect(within(section).getByLabelText("This season's FPL league ID")).toHaveValue('314159')
    expect(onSaved).not.toHaveBeenCalled()
  })

  it('says nothing between seasons, once renewed, or when its state cannot be read', async () => {
    for (const reply of [due({ season: null }), due({ renewed: true }), { status: 400, body: { detail: "Only a private league's tournament is renewed." } }]) {
      const { api, unmount } = renderSettings({ [STATE]: reply })
      await waitFor(() => expect(api.callsTo(STATE)).toHaveLength(1))
      await act(async () => {})
      expect(screen.queryByRole('region', { name: /^Renew/ })).not.toBeInTheDocument()
      expect(screen.getByRole('region', { name: 'League settings' })).toBeInTheDocument()
      unmount()
    }
  })

  it('does not ask for a public or curated tournament, which carries on by itself', async () => {
    for (const type of ['public', 'curated_public']) {
      const { api, unmount } = renderSettings({}, { ...league, type })
      expect(screen.getByRole('region', { name: 'League settings' })).toBeInTheDocument()
      await act(async () => {})
      expect(api.calls).toEqual([])
      unmount()
    }
  })

  it('on the commissioner screen: the Settings tab renews, and the league kept in the history follows the new FPL league', async () => {
    const user = userEvent.setup()
    const api = mockApi({
      'GET /api/leagues/11/members': { body: { active_members: [], inactive_members: [], fpl_league_size: null, not_joined: null } },
      'GET /api/community-posts/11': { body: [] },
      'GET /api/leagues/11/lineage': [
        { body: { previous_fpl_league_id: null, previous_tournament: null } },
        { body: { previous_fpl_league_id: 314159, previous_tournament: { id: 11, name: 'Sunday League', fpl_season: '2026/27' } } },
      ],
      [STATE]: [proposed, due({ renewed: true })],
      [RENEW]: renewedAnswer,
    })
    storeSession('jwt-1')
    renderApp({ pathname: '/commissioner', state: { league: { ...league, fpl_league_id: 314159 } } })
    await user.click(await screen.findByRole('tab', { name: /Settings/ }))
    const section = await renewSection()
    await user.click(within(section).getByRole('button', { name: 'Renew with Sunday League' }))
    expect(await within(section).findByRole('status')).toHaveTextContent('Sunday League now follows FPL league 9001 for 2027/28.')
    await waitFor(() => expect(currentLocation().state).toMatchObject({ league: { id: 11, fpl_league_id: 9001 } }))
    // The renewal set the season lineage: the section reads it again.
    await waitFor(() => expect(api.callsTo('GET /api/leagues/11/lineage')).toHaveLength(2))
    expect(api.callsTo(RENEW)[0]?.headers.get('Authorization')).toBe('Bearer jwt-1')
  })
})
