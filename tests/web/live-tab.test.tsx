import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LiveAnswer } from '../../contract/live'
import { LIVE_REFRESH_MS, LIVE_SOCKET_CLOSE } from '../../contract/live'
import { currentLocation, renderApp, storeSession } from './helpers'
import { LIVE, liveAnswer, liveApi, liveRow, liveRows, liveTeam, message, openLive, STANDINGS, salahGoal, VIEWER_TEAM } from './live-fixtures'
import { FakeWebSocket, mockWebSocket } from './mock-api'
import { advance, fakeClock, settle, standingRows, standingsAnswer } from './tournament-fixtures'

// The Live tab during a gameweek in play (decisions 117, 118).

const liveTable = () => screen.findByRole('list', { name: 'Live table' })
const rowOf = (name: string) => screen.getByRole('link', { name: new RegExp(`^${name} ?\\(open team view\\)`) }).closest('li') as HTMLElement
const clock = (iso: string) => new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })

beforeEach(() => {
  storeSession('jwt-1')
  mockWebSocket()
  Element.prototype.scrollIntoView = vi.fn() as unknown as Element['scrollIntoView']
})
afterEach(() => {
  vi.unstubAllGlobals()
  delete (Element.prototype as Partial<Element>).scrollIntoView
})

describe('live table', () => {
  it('shows every field of a row: rank and movement, names, points so far and total, captain, chip, played, bonus, hit, auto-subs', async () => {
    liveApi({ body: liveAnswer() })
    openLive()
    await liveTable()
    const mine = screen.getByTestId('own-row')
    expect(mine).toHaveAttribute('aria-current', 'true')
    expect(within(mine).getByText('You')).toBeInTheDocument()
    expect(mine).toHaveTextContent('Live rank 3')
    expect(within(mine).getByText('Up 2 places')).toBeInTheDocument()
    expect(mine).toHaveTextContent('Vardy Party')
    expect(mine).toHaveTextContent('Jamie Vardy')
    expect(mine).toHaveTextContent('Gameweek points so far: 71')
    expect(mine).toHaveTextContent('Live total: 1,480')
    expect(mine).toHaveTextContent('C Salah ×3 (39 pts)')
    expect(within(mine).getByText('Triple Captain')).toBeInTheDocument()
    expect(mine).toHaveTextContent('8 played · 3 to play')
    expect(mine).toHaveTextContent('+3 bonus (projected)')
    expect(mine).toHaveTextContent('−4 hit')
    expect(mine).toHaveTextContent('2 auto-subs')

    expect(within(rowOf('Live Team 2')).getByText('Down 1 place')).toBeInTheDocument()
    expect(within(rowOf('Live Team 4')).getByText('No change')).toBeInTheDocument()
    // The vice took the armband; a captain yet to play says so.
    expect(rowOf('Live Team 4')).toHaveTextContent('VC Saka took the armband (Haaland did not play)')
    expect(rowOf('Live Team 5')).toHaveTextContent('C Salah ×2 (yet to play)')
    expect(rowOf('Salah Fingers')).not.toHaveTextContent('hit')
  })

  it('marks the rivals directly above and below the viewer, and nobody else', async () => {
    liveApi({ body: liveAnswer() })
    openLive()
    const table = await liveTable()
    const rivals = within(table)
      .getAllByText('Rival')
      .map((badge) => badge.closest('li')?.textContent)
    expect(rivals).toHaveLength(2)
    expect(within(rowOf('Live Team 2')).getByText('Rival')).toBeInTheDocument()
    expect(within(rowOf('Live Team 4')).getByText('Rival')).toBeInTheDocument()
    expect(within(rowOf('Salah Fingers')).queryByText('Rival')).not.toBeInTheDocument()
  })

  it('says what Rival means: a key above the table, read with it, and on each badge on hover and to screen readers (decision 164)', async () => {
    liveApi({ body: liveAnswer() })
    openLive()
    const table = await liveTable()
    const key = 'Rival the managers just above and below you in the live table.'
    expect(table).toHaveAccessibleDescription(key)
    expect(table.previousElementSibling).toHaveTextContent(key)
    const badge = within(rowOf('Live Team 2')).getByText('Rival')
    expect(badge).toHaveAttribute('title', 'Rival: the manager just above or below you in the live table')
    expect(badge).toHaveTextContent('Rival: the manager just above or below you in the live table')
  })

  it('shows no Rival key when the viewer is not on the page (no rivals to explain)', async () => {
    liveApi({
      body: liveAnswer(
        {},
        liveRows().map((r) => ({ ...r, is_current_user: false })),
      ),
    })
    openLive()
    const table = await liveTable()
    expect(within(table).queryByText('Rival')).not.toBeInTheDocument()
    expect(screen.queryByText(/just above and below you/)).not.toBeInTheDocument()
    expect(table).not.toHaveAttribute('aria-describedby')
  })

  it('LIVE: the pulsing state, the time of the data and the fixtures count', async () => {
    liveApi({ body: liveAnswer() })
    openLive()
    const banner = await screen.findByRole('region', { name: 'Gameweek 7 state' })
    expect(banner).toHaveClass('live-banner--live')
    expect(banner).toHaveTextContent('Live')
    expect(within(banner).getByText(clock('2026-11-21T15:42:00.000Z'))).toHaveAttribute('datetime', '2026-11-21T15:42:00.000Z')
    expect(banner).toHaveTextContent(/Updated \d\d:\d\d \(\d+ h ago\)/)
    expect(banner).toHaveTextContent('6 of 10 matches started, 4 finished')
  })

  it('PROVISIONAL once every match is played and FPL has not checked', async () => {
    liveApi({ body: liveAnswer({ status: 'finished', fixtures: { total: 10, started: 10, finished: 10 } }) })
    openLive()
    const banner = await screen.findByRole('region', { name: 'Gameweek 7 state' })
    expect(banner).toHaveTextContent('Provisional')
    expect(banner).toHaveTextContent('All matches played; FPL has not checked the gameweek yet.')
    expect(banner).toHaveTextContent('10 of 10 matches started, 10 finished')
  })

  it('FPL UPDATING: the numbers of the last good read, with its time', async () => {
    liveApi({ body: liveAnswer({ updating: true }) })
    openLive()
    const banner = await screen.findByRole('region', { name: 'Gameweek 7 state' })
    expect(banner).toHaveTextContent('FPL updating')
    expect(banner).toHaveTextContent(`FPL is updating the game; these numbers are from ${clock('2026-11-21T15:42:00.000Z')}.`)
  })

  it('a checked gameweek, or one at rest before its deadline, shows the stored standings as before (the socket listens for the next one)', async () => {
    const api = liveApi([{ body: liveAnswer({ status: 'checked', provisional: false }) }])
    openLive()
    await waitFor(() => expect(api.callsTo(LIVE)).toHaveLength(1))
    expect(await screen.findByRole('list', { name: 'League table' })).toHaveTextContent('Team 1')
    expect(screen.queryByRole('list', { name: 'Live table' })).not.toBeInTheDocument()
    expect(FakeWebSocket.instances).toHaveLength(1)
  })

  it('upcoming without a read of the poller is the gameweek at rest: standings; after the deadline, the live table', async () => {
    liveApi({ body: liveAnswer({ status: 'upcoming', updated_at: null }) })
    const view = openLive()
    expect(await screen.findByRole('list', { name: 'League table' })).toBeInTheDocument()
    view.unmount()
    liveApi({ body: liveAnswer({ status: 'upcoming', fixtures: { total: 10, started: 0, finished: 0 } }) })
    openLive()
    await liveTable()
    expect(screen.getByRole('region', { name: 'Gameweek 7 state' })).toHaveTextContent('Deadline passed')
  })

  it('a failed live read keeps the standings and offers a retry', async () => {
    const user = userEvent.setup()
    liveApi([{ status: 500, body: {} }, { body: liveAnswer() }])
    openLive()
    const retry = await screen.findByRole('button', { name: 'Retry live scores' })
    expect(retry.closest('p')).toHaveTextContent('The live scores could not be loaded.')
    expect(screen.getByRole('list', { name: 'League table' })).toBeInTheDocument()
    await user.click(retry)
    await liveTable()
    expect(screen.queryByRole('button', { name: 'Retry live scores' })).not.toBeInTheDocument()
  })

  it('an empty live table says so', async () => {
    liveApi({ body: liveAnswer({}, []) })
    openLive()
    expect(await screen.findByText('No managers yet.')).toBeInTheDocument()
  })
})

describe('gates', () => {
  it('signed out: the sign-in gate as before, no live read and no socket', async () => {
    window.localStorage.clear()
    const api = liveApi({ body: liveAnswer() })
    openLive()
    expect(await screen.findByTestId('sign-in-gate')).toHaveTextContent('Sign in to view standings for your league.')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(api.callsTo(LIVE)).toHaveLength(0)
    expect(FakeWebSocket.instances).toHaveLength(0)
  })

  it('a private tournament for a non-member: members only, no live read', async () => {
    const api = liveApi({ body: liveAnswer() }, { [STANDINGS]: { status: 403, body: { detail: 'Members only' } } })
    openLive()
    expect(await screen.findByRole('heading', { name: 'Members only' })).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(api.callsTo(LIVE)).toHaveLength(0)
  })
})

describe('the socket and the refresh', () => {
  it('sends the token as the bearer subprotocol, never in the address', async () => {
    liveApi({ body: liveAnswer() })
    openLive()
    await liveTable()
    const socket = FakeWebSocket.last()
    expect(socket.url).toBe(`ws://${window.location.host}/api/leagues/1/live/socket`)
    expect(socket.url).not.toContain('jwt-1')
    expect(socket.protocols).toEqual(['bearer', 'jwt-1'])
  })

  it('a live message re-reads the page and the new numbers show without a reload', async () => {
    const updated = liveRows()
    updated[2] = { ...updated[2]!, live_points: 79, live_total: 1488 }
    const api = liveApi([{ body: liveAnswer() }, { body: liveAnswer({ updated_at: '2026-11-21T15:43:00.000Z' }, updated) }])
    openLive()
    await liveTable()
    expect(screen.getByTestId('own-row')).toHaveTextContent('Gameweek points so far: 71')
    act(() => FakeWebSocket.last().accept())
    act(() => FakeWebSocket.last().receive(message()))
    await waitFor(() => expect(screen.getByTestId('own-row')).toHaveTextContent('Gameweek points so far: 79'))
    expect(screen.getByTestId('own-row')).toHaveTextContent('Live total: 1,488')
    expect(api.callsTo(LIVE)).toHaveLength(2)
    // Only the live page was read again: the page itself did not reload.
    expect(api.callsTo(STANDINGS)).toHaveLength(1)
    expect(api.callsTo('GET /api/leagues/1')).toHaveLength(1)
  })

  it('ignores what is not a live message (the keep-alive pong, junk)', async () => {
    const api = liveApi({ body: liveAnswer() })
    openLive()
    await liveTable()
    act(() => FakeWebSocket.last().accept())
    act(() => FakeWebSocket.last().receive('pong'))
    act(() => FakeWebSocket.last().receive('{not json'))
    act(() => FakeWebSocket.last().receive({ type: 'other' }))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(api.callsTo(LIVE)).toHaveLength(1)
  })

  it('without an open socket the page is read every 60 s; with one, not', async () => {
    fakeClock()
    const api = liveApi({ body: liveAnswer() })
    openLive()
    await advance(150)
    await advance(150)
    await settle(() => expect(screen.getByRole('list', { name: 'Live table' })).toBeInTheDocument())
    expect(api.callsTo(LIVE)).toHaveLength(1)
    // The socket never opens (a proxy refuses it): the 60 s auto-refresh reads the page (decision 181, R9).
    await advance(LIVE_REFRESH_MS)
    expect(api.callsTo(LIVE)).toHaveLength(2)
    await advance(LIVE_REFRESH_MS)
    expect(api.callsTo(LIVE)).toHaveLength(3)
    await act(async () => FakeWebSocket.last().accept())
    // Once a socket is open the pushes take over: no more reads on the clock.
    const afterOpen = api.callsTo(LIVE).length
    await advance(LIVE_REFRESH_MS * 3)
    expect(api.callsTo(LIVE)).toHaveLength(afterOpen)
  })

  it('reconnects with backoff when the socket drops, and re-reads once it is back', async () => {
    fakeClock()
    const api = liveApi({ body: liveAnswer() })
    openLive()
    await advance(300)
    await settle(() => expect(screen.getByRole('list', { name: 'Live table' })).toBeInTheDocument())
    await act(async () => FakeWebSocket.last().accept())
    expect(api.callsTo(LIVE)).toHaveLength(1)
    await act(async () => FakeWebSocket.last().drop())
    expect(FakeWebSocket.instances).toHaveLength(1)
    await advance(1000)
    expect(FakeWebSocket.instances).toHaveLength(2)
    // Refused again: the next try waits twice as long.
    await act(async () => FakeWebSocket.last().drop())
    await advance(1999)
    expect(FakeWebSocket.instances).toHaveLength(2)
    await advance(1)
    expect(FakeWebSocket.instances).toHaveLength(3)
    expect(FakeWebSocket.last().protocols).toEqual(['bearer', 'jwt-1'])
    await act(async () => FakeWebSocket.last().accept())
    await settle(() => expect(api.callsTo(LIVE)).toHaveLength(2))
  })

  it('a viewer removed from the tournament (4403) is not reconnected: the page reads again and shows members only', async () => {
    const api = liveApi({ body: liveAnswer() })
    openLive()
    await liveTable()
    act(() => FakeWebSocket.last().accept())
    api.on(STANDINGS, { status: 403, body: { detail: 'Members only' } })
    api.on(LIVE, { status: 403, body: { detail: 'Members only' } })
    act(() => FakeWebSocket.last().drop(LIVE_SOCKET_CLOSE.revoked, 'You can no longer see this league.'))
    expect(await screen.findByRole('heading', { name: 'Members only' })).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Live table' })).not.toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(FakeWebSocket.instances).toHaveLength(1)
  })

  it('closes the socket when the tab is left, and when the page stays hidden; reopens on return', async () => {
    const user = userEvent.setup()
    liveApi({ body: liveAnswer() })
    openLive()
    await liveTable()
    const first = FakeWebSocket.last()
    act(() => first.accept())
    await user.click(screen.getByRole('tab', { name: /Winners/ }))
    expect(first.closedBy).toBe('client')
    await user.click(screen.getByRole('tab', { name: /Live/ }))
    await liveTable()
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2))

    fakeClock()
    const second = FakeWebSocket.last()
    act(() => second.accept())
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    act(() => void document.dispatchEvent(new Event('visibilitychange')))
    await advance(60_000)
    expect(second.closedBy).toBeNull()
    await advance(5 * 60_000)
    expect(second.closedBy).toBe('client')
    visibility.mockReturnValue('visible')
    act(() => void document.dispatchEvent(new Event('visibilitychange')))
    expect(FakeWebSocket.instances).toHaveLength(3)
  })
})

describe('swing feed', () => {
  it("lists what changed at each update, with the viewer's move, politely announced; never announces the first load", async () => {
    const before = liveAnswer({ swings: [{ ...salahGoal, name: 'Saka', events: ['assist'], points: 3, managers: [] }] })
    const dropped = liveRows()
    dropped[2] = { ...dropped[2]!, live_rank: 4 }
    const after = liveAnswer({ updated_at: '2026-11-21T15:43:00.000Z', swings: [salahGoal], current_user_position: 4 }, dropped)
    liveApi([{ body: before }, { body: after }])
    openLive()
    await liveTable()
    const announced = screen.getByTestId('swing-feed-live')
    expect(announced).toHaveAttribute('aria-live', 'polite')
    expect(announced).toBeEmptyDOMElement()
    // The update the page opened on is shown, outside the announced line.
    expect(screen.getAllByText('Saka assist: +3, nobody here has him', { exact: false }).length).toBeGreaterThan(0)

    act(() => FakeWebSocket.last().accept())
    act(() => FakeWebSocket.last().receive(message()))
    await waitFor(() => expect(announced).toHaveTextContent('Salah goal: +16 for Priya S (C), +8 for you; you drop to 4th'))
    expect(within(announced).getByText(clock('2026-11-21T15:43:00.000Z'))).toBeInTheDocument()
  })
})

describe('team view', () => {
  it('opens from a row at ?team=, the eleven on a pitch by line and the bench below; Escape returns focus to the row', async () => {
    const user = userEvent.setup()
    liveApi({ body: liveAnswer() }, { [`GET /api/leagues/1/live/${VIEWER_TEAM}`]: { body: liveTeam() } })
    openLive()
    await liveTable()
    const link = screen.getByRole('link', { name: /^Vardy Party ?\(open team view\)/ })
    await user.click(link)
    const dialog = await screen.findByRole('dialog', { name: 'Vardy Party' })
    expect(currentLocation().path).toBe(`/tournaments/1?team=${VIEWER_TEAM}`)
    expect(dialog).toHaveTextContent('Jamie Vardy · GW 7: 71 pts so far (provisional)')
    const lines = ['Goalkeeper', 'Defenders', 'Midfielders', 'Forwards'].map((name) => within(dialog).getByRole('list', { name }))
    expect(lines.map((l) => within(l).getAllByRole('listitem').length)).toEqual([1, 3, 5, 2])
    const bench = within(dialog).getByRole('list', { name: 'Bench' })
    expect(
      within(bench)
        .getAllByRole('listitem')
        .map((p) => p.querySelector('.pick__name')?.textContent),
    ).toEqual(['Flekken', 'Rice', 'Wissa', 'Burn'])
    const salah = within(dialog).getByTestId('pick-328')
    expect(salah).toHaveTextContent('SalahC39 points (tripled by the armband)67 min')
    expect(within(dialog).getByTestId('pick-351')).toHaveTextContent('HaalandV0 pointsTo play')
    expect(within(dialog).getByTestId('pick-14')).toHaveTextContent('Auto-sub in')
    expect(within(dialog).getByTestId('pick-40')).toHaveTextContent('Auto-sub out')
    expect(within(dialog).getByRole('button', { name: 'Back to the table' })).toHaveFocus()

    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(currentLocation().path).toBe('/tournaments/1')
    expect(screen.getByRole('link', { name: /^Vardy Party ?\(open team view\)/ })).toHaveFocus()
  })

  it('a link to ?team= opens the team view; closing it stays on the tournament', async () => {
    const user = userEvent.setup()
    liveApi({ body: liveAnswer() }, { 'GET /api/leagues/1/live/4': { body: { ...liveTeam(), fpl_team_id: 4, team_name: 'Live Team 4' } } })
    renderApp(`/tournaments/1?team=4`)
    const dialog = await screen.findByRole('dialog', { name: 'Live Team 4' })
    await user.click(within(dialog).getByRole('button', { name: 'Back to the table' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(currentLocation().path).toBe('/tournaments/1')
  })
})

describe('"so far", never final', () => {
  it('the This Gameweek card reads the live table: top scorer and average so far, the gameweek provisional', async () => {
    liveApi({ body: liveAnswer() })
    openLive()
    await liveTable()
    const card = screen.getByRole('heading', { name: /This Gameweek/ }).closest('section') as HTMLElement
    const fact = (term: string) => within(card).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent
    expect(fact('Gameweek')).toBe('GW 7 (provisional)')
    expect(fact('Top scorer so far')).toBe('Jamie Vardy (71 pts)')
    expect(fact('Average so far')).toBe(`${Math.round((59 + 58 + 71 + 56 + 55) / 5)} pts`)
    expect(fact('Your position (live)')).toBe('#3 (show your row in the table)')
    expect(card).not.toHaveTextContent(/\bbest\b|\bwon\b|winner/i)
  })

  it('live banter sits under "Live banter", labelled so far', async () => {
    const banter: LiveAnswer['banter'] = [
      {
        key: 'captain_catastrophe',
        title: 'Captain Catastrophe so far',
        managers: [{ fpl_team_id: 4, team_name: 'Live Team 4', player_name: 'Dan M' }],
        value: 0,
        text: "Dan M's captain Haaland has 0 points so far.",
      },
    ]
    liveApi({ body: liveAnswer({ banter }) })
    openLive()
    const heading = await screen.findByRole('heading', { name: /Live banter/ })
    expect(heading).toHaveTextContent('Live banter so far')
    const section = heading.closest('section') as HTMLElement
    expect(section).toHaveTextContent('Captain Catastrophe so far')
    expect(section).toHaveTextContent("Dan M's captain Haaland has 0 points so far.")
  })
})

describe('pages and the own row', () => {
  it("pages through the live table, and the card's position jumps to the viewer's live page", async () => {
    const user = userEvent.setup()
    const page1 = liveAnswer(
      {
        pagination_metadata: { current_page: 1, per_page: 50, total_members: 60, total_pages: 2, has_previous: false, has_next: true },
        current_user_position: 55,
        current_user_page: 2,
      },
      [liveRow(1), liveRow(2)],
    )
    const page2 = liveAnswer(
      {
        pagination_metadata: { current_page: 2, per_page: 50, total_members: 60, total_pages: 2, has_previous: true, has_next: false },
        current_user_position: 55,
        current_user_page: 2,
      },
      [liveRow(54), { ...liveRow(55), fpl_team_id: VIEWER_TEAM, team_name: 'Vardy Party', is_current_user: true }],
    )
    liveApi(
      { body: page1 },
      {
        'GET /api/leagues/1/live?page=2&limit=50': { body: page2 },
        'GET /api/leagues/1/standings?page=2&limit=50': { body: standingsAnswer(standingRows(2)) },
      },
    )
    openLive()
    await liveTable()
    await user.click(screen.getByRole('button', { name: /#55/ }))
    await waitFor(() => expect(screen.getByTestId('own-row')).toHaveFocus())
    expect(currentLocation().path).toBe('/tournaments/1?page=2')
    expect(within(screen.getByRole('navigation', { name: 'Standings pages' })).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
  })
})
