import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppProviders } from '../../web/src/app/AppProviders'
import { CreatedDialog } from '../../web/src/features/tournaments/CreatedDialog'
import CreateFlow from '../../web/src/features/tournaments/CreateFlow'
import { inviteText } from '../../web/src/features/tournaments/InviteLinkActions'
import type { League } from '../../web/src/features/tournaments/types'
import { renderApp, storeSession } from './helpers'
import { mockApi } from './mock-api'
import { advance, fakeClock, leagueDetail, leagues, settle, standingRows, standingsAnswer, winnersAnswer } from './tournament-fixtures'

// Decisions 076 to 078 in the SPA: Join only where it can work (the API's can_join, with the
// reason said otherwise), the create check's "Your team is not in this league", a failed join that
// keeps the dialog usable, the created dialog's invite link, and a new tournament's page filling in.

const mates = leagues.find((l) => l.id === 6)!
const outside: League = { ...mates, id: 8, name: 'Office League', fpl_league_id: 234567, can_join: false, join_reason: 'team_not_in_league' }
const teamless: League = { ...mates, id: 9, name: 'Teamless League', fpl_league_id: 345678, can_join: false, join_reason: 'no_fpl_team' }

const cardNamed = async (name: string) => {
  const list = await screen.findByRole('list', { name: 'Tournaments' })
  const card = within(list)
    .getAllByRole('listitem')
    .find((li) => within(li).queryByRole('heading', { name }))
  if (!card) throw new Error(`no card ${name}`)
  return card
}

describe('tournament cards: Join only where it can work', () => {
  it('shows Join where can_join, and a short reason instead where not', async () => {
    storeSession('jwt-1')
    mockApi({ 'GET /api/leagues': { body: [...leagues, outside, teamless] } })
    renderApp('/tournaments')
    expect(within(await cardNamed('Mates League')).getByRole('button', { name: 'Join' })).toBeInTheDocument()
    const office = await cardNamed('Office League')
    expect(within(office).queryByRole('button', { name: 'Join' })).not.toBeInTheDocument()
    expect(office).toHaveTextContent('Your team is not in this league')
    const noTeam = await cardNamed('Teamless League')
    expect(within(noTeam).queryByRole('button', { name: 'Join' })).not.toBeInTheDocument()
    expect(noTeam).toHaveTextContent('Add your FPL Team ID to join')
  })

  it('leaves what cannot be joined out of the join dialog', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    mockApi({ 'GET /api/leagues': { body: [...leagues, outside] } })
    renderApp('/tournaments')
    await cardNamed('Office League')
    await user.click(screen.getByRole('button', { name: 'Join Tournament' }))
    const options = within(screen.getByRole('group', { name: 'Tournaments you can join' })).getAllByRole('button')
    expect(options.map((o) => o.textContent)).toEqual([expect.stringContaining('Mates League')])
  })

  it('signed out, Join stays and opens Sign In', async () => {
    const user = userEvent.setup()
    const anonymous = leagues.map((l) => (l.can_join ? { ...l, can_join: false, join_reason: 'not_signed_in' as const } : l))
    mockApi({ 'GET /api/leagues': { body: anonymous } })
    renderApp('/tournaments')
    await user.click(within(await cardNamed('Mates League')).getByRole('button', { name: 'Join' }))
    expect(await screen.findByRole('dialog', { name: 'Welcome Back!' })).toBeInTheDocument()
  })
})

describe('a failed join', () => {
  it('stays in the dialog: the reason announced and focused, Escape closes, focus goes back to the Join button', async () => {
    const user = userEvent.setup()
    storeSession('jwt-1')
    const reason = "Your FPL team isn't in this league's FPL league yet. Join it on the FPL site first, then try again."
    mockApi({
      'GET /api/leagues': { body: leagues },
      'GET /api/validate-team/314159/123456': { body: { valid: true, team_name: 'Vardy Party' } },
      'POST /api/leagues/6/join': { status: 400, body: { detail: reason, code: 'team_not_in_league' } },
    })
    renderApp('/tournaments')
    const opener = within(await cardNamed('Mates League')).getByRole('button', { name: 'Join' })
    await user.click(opener)
    const dialog = screen.getByRole('dialog', { name: 'Join Mates League' })
    await user.click(within(dialog).getByRole('button', { name: 'Join Tournament' }))

    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent(reason)
    await waitFor(() => expect(alert).toHaveFocus())
    expect(screen.getByRole('dialog', { name: 'Join Mates League' })).toBeInTheDocument()

    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(opener).toHaveFocus()
  })
})

describe('the create check', () => {
  it('says "Your team is not in this league" before the click, and offers no Create', async () => {
    fakeClock()
    storeSession('jwt-1')
    mockApi({
      'GET /api/validate-league/314159': {
        body: { fpl_valid: true, fpl_league_name: 'The Pub League', system_exists: false, commissioner_name: null, team_in_league: false },
      },
    })
    render(
      <MemoryRouter>
        <AppProviders>
          <CreateFlow onDone={() => {}} />
        </AppProviders>
      </MemoryRouter>,
    )
    fireEvent.change(screen.getByLabelText('Tournament name'), { target: { value: 'Pub' } })
    fireEvent.change(screen.getByLabelText('FPL League ID'), { target: { value: '314159' } })
    await advance(500)
    await settle(() => expect(screen.getByText('Your team is not in this league')).toBeInTheDocument())
    expect(screen.queryByText("New league! You'll become the Commissioner.")).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Create Tournament' })).toBeDisabled()
  })
})

describe('the created dialog', () => {
  afterEach(() => Reflect.deleteProperty(navigator, 'clipboard'))

  it('hands out the invite link (copy, WhatsApp) and stays open until closed', async () => {
    fakeClock()
    const writeText = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } })
    const onClose = vi.fn()
    const league = {
      league_id: 42,
      invite_code: 'AbCdEf123456',
      // The server builds the link on the app's public origin (APP_URL), as the invite tab's.
      invite_url: `${window.location.origin}/join/AbCdEf123456`,
      is_commissioner: true,
      message: "Sunday Legends is live, and you're the Commissioner.",
      name: 'Sunday Legends',
    }
    render(
      <MemoryRouter>
        <AppProviders>
          <CreatedDialog league={league} onClose={onClose} />
        </AppProviders>
      </MemoryRouter>,
    )
    const url = `${window.location.origin}/join/AbCdEf123456`
    await advance(30_000)
    expect(onClose).not.toHaveBeenCalled()
    const dialog = screen.getByRole('dialog', { name: 'Tournament Created!' })
    expect(within(dialog).getByRole('textbox')).toHaveValue(url)

    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy invite link' }))
    expect(writeText).toHaveBeenCalledWith(url)
    await settle(() => expect(within(dialog).getByText('Invite link copied to clipboard!')).toBeInTheDocument())
    const whatsapp = within(dialog).getByRole('link', { name: 'Send on WhatsApp' })
    expect(whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\?text=/)
    expect(new URL(whatsapp.getAttribute('href') ?? '').searchParams.get('text')).toBe(`${inviteText('Sunday Legends')} ${url}`)

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalledTimes(1)
  })
})

describe("a new tournament's page", () => {
  it('says it is loading standings, winners and banter, with the stage, then shows them without a reload', async () => {
    fakeClock()
    storeSession('jwt-1')
    const league = { ...leagues.find((l) => l.id === 4)! }
    const waiting = (state: string, pages = 0) => ({ body: leagueDetail(league, { refresh: { state, pages_fetched: pages } }) })
    const empty = { ...standingsAnswer([]), refreshed_at: null }
    const api = mockApi({
      'GET /api/leagues/4': [waiting('queued'), waiting('fetching', 1), { body: leagueDetail(league) }],
      'GET /api/leagues/4/standings?page=1&limit=50': [{ body: empty }, { body: empty }, { body: standingsAnswer(standingRows(3)) }],
      'GET /api/leagues/4/monthly-winners': { body: winnersAnswer },
      'GET /api/leagues/4/banter-stats': { body: { comprehensive_banter_stats: null, message: null } },
    })
    renderApp({ pathname: '/tournaments/4', state: { league } })
    await settle(() => expect(screen.getByRole('heading', { level: 1, name: 'alpha league' })).toBeInTheDocument())
    await advance(150)
    await settle(() => expect(screen.getByRole('heading', { name: /Loading standings, winners and banter/ })).toBeInTheDocument())
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '0')
    expect(screen.getByText('Queued for its first refresh').closest('li')).toHaveAttribute('aria-current', 'step')

    await advance(2200)
    await settle(() => expect(screen.getByText(/Reading the standings from FPL \(1 page so far\)/)).toBeInTheDocument())
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '1')

    await advance(2200)
    await settle(() => expect(screen.queryByRole('heading', { name: /Loading standings, winners and banter/ })).not.toBeInTheDocument())
    await settle(() => expect(screen.getByText('Manager 1')).toBeInTheDocument())
    expect(api.callsTo('GET /api/leagues/4')).toHaveLength(3)
    // Ready: no more asking every few seconds.
    await advance(10_000)
    expect(api.callsTo('GET /api/leagues/4')).toHaveLength(3)
  })
})
