import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LiveAnswer, LiveStandingRow, LiveTeamAnswer } from '../../contract/live'
import { LIVE_REFRESH_MS } from '../../contract/live'
import { currentLocation, storeSession } from './helpers'
import { LIVE, liveAnswer, liveApi, liveRow, liveRows, liveTeam, message, openLive, pick, STANDINGS, VIEWER_TEAM, watkinsAppearance } from './live-fixtures'
import { FakeWebSocket, mockWebSocket } from './mock-api'
import { advance, fakeClock, gameweekSummary, settle, standingRows, standingsAnswer } from './tournament-fixtures'

// The Live tab on a Saturday, with the table rules on screen (decision 143): tried as a new user
// would, with the tab left open.

const liveTable = () => screen.findByRole('list', { name: 'Live table' })
const leagueTable = () => screen.findByRole('list', { name: 'League table' })
const headerFacts = () => screen.getByRole('list', { name: 'About this tournament' })
const card = () => screen.getByRole('heading', { name: /This Gameweek/ }).closest('section') as HTMLElement
const fact = (term: string) => within(card()).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent

/** The stored standings at the end of `gameweek` (checked by FPL). */
const storedAt = (gameweek: number, rows = standingRows(20), total = rows.length) => ({
  ...standingsAnswer(rows, { total }),
  gameweek,
  gameweek_summary: gameweekSummary(total, { gameweek }),
})

/** GW 6 checked and stored, the next gameweek not yet at its deadline: the answer at rest. */
const atRest = liveAnswer({ gameweek: 6, status: 'checked', provisional: false, updated_at: null, swings: [], gameweek_summary: null })

beforeEach(() => {
  storeSession('jwt-1')
  mockWebSocket()
  Element.prototype.scrollIntoView = vi.fn() as unknown as Element['scrollIntoView']
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  delete (Element.prototype as Partial<Element>).scrollIntoView
})

describe('it goes live by itself', () => {
  it('a tab opened at rest hears the first kick-off on its socket and shows the live table, Auto-refresh off', async () => {
    const api = liveApi([{ body: atRest }, { body: liveAnswer() }], { [STANDINGS]: { body: storedAt(6) } })
    openLive()
    await leagueTable()
    expect(screen.getByRole('switch', { name: 'Auto-refresh' })).toHaveAttribute('aria-checked', 'false')
    // At rest the socket is open too: the hub's news of the kick-off reaches the tab.
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1))
    act(() => FakeWebSocket.last().accept())
    act(() => FakeWebSocket.last().receive(message()))
    await liveTable()
    expect(screen.getByRole('region', { name: 'Gameweek 7 state' })).toHaveTextContent('Live')
    expect(api.callsTo(STANDINGS)).toHaveLength(1)
  })

  it('without a socket, a tab at rest still reads every 60 s and switches at kick-off by itself', async () => {
    fakeClock()
    const api = liveApi([{ body: atRest }, { body: liveAnswer() }], { [STANDINGS]: { body: storedAt(6) } })
    openLive()
    await advance(300)
    await settle(() => expect(screen.getByRole('list', { name: 'League table' })).toBeInTheDocument())
    expect(api.callsTo(LIVE)).toHaveLength(1)
    // A proxy refuses the socket: it never opens, and the 60 s refresh carries on at rest (decision 181, R9).
    await advance(LIVE_REFRESH_MS)
    await settle(() => expect(screen.getByRole('list', { name: 'Live table' })).toBeInTheDocument())
    expect(api.callsTo(LIVE)).toHaveLength(2)
  })

  it('checked by FPL but not yet stored (still provisional): the live table and its socket stay', async () => {
    liveApi({ body: liveAnswer({ status: 'checked', provisional: true, fixtures: { total: 10, started: 10, finished: 10 } }) })
    openLive()
    await liveTable()
    expect(FakeWebSocket.instances).toHaveLength(1)
    expect(fact('Gameweek')).toBe('GW 7 (provisional)')
    expect(screen.getByRole('region', { name: 'Gameweek 7 state' })).toHaveTextContent(
      'ProvisionalGW 7FPL has checked the gameweek; its final points are on their way.',
    )
  })

  it("at FPL's check the final table shows and the page re-reads its standings; never the older gameweek's table", async () => {
    let storeChecked: () => void = () => {}
    const checkedStored = new Promise<void>((resolve) => {
      storeChecked = resolve
    })
    const final = liveAnswer({ status: 'checked', provisional: false, updated_at: '2026-11-23T09:00:00.000Z' })
    const api = liveApi([{ body: liveAnswer() }, { body: final }], {
      [STANDINGS]: [
        { body: storedAt(6) },
        async () => {
          await checkedStored
          return { body: storedAt(7, standingRows(20, { from: 101 })) }
        },
      ],
    })
    openLive()
    await liveTable()
    act(() => FakeWebSocket.last().accept())
    // The hub's news once the refresh stored FPL's checked table.
    act(() => FakeWebSocket.last().receive(message()))
    await waitFor(() => expect(screen.getByRole('region', { name: 'Gameweek 7 state' })).toHaveTextContent('Final'))
    await waitFor(() => expect(api.callsTo(STANDINGS)).toHaveLength(2))
    // While the page's standings are still GW 6's, the GW 7 table stays on screen.
    expect(screen.getByRole('list', { name: 'Live table' })).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'League table' })).not.toBeInTheDocument()
    expect(fact('Gameweek')).toBe('GW 7')
    storeChecked()
    expect(await leagueTable()).toHaveTextContent('Team 101')
    expect(within(headerFacts()).getByText('GW 7')).toBeInTheDocument()
  })

  it('the Auto-refresh switch is remembered on this device', async () => {
    const user = userEvent.setup()
    liveApi({ body: liveAnswer() })
    const first = openLive()
    await user.click(await screen.findByRole('switch', { name: 'Auto-refresh' }))
    first.unmount()
    openLive()
    expect(await screen.findByRole('switch', { name: 'Auto-refresh' })).toHaveAttribute('aria-checked', 'true')
  })
})

describe('one gameweek everywhere', () => {
  it('the page header names the live gameweek, not the stored table’s', async () => {
    liveApi({ body: liveAnswer() }, { [STANDINGS]: { body: storedAt(6) } })
    openLive()
    await liveTable()
    expect(within(headerFacts()).getByText('GW 7')).toBeInTheDocument()
    expect(within(headerFacts()).queryByText('GW 6')).not.toBeInTheDocument()
    expect(fact('Gameweek')).toBe('GW 7 (provisional)')
  })
})

describe('phone first', () => {
  it('the swing feed and the banter are folded under their newest line; the summary comes before the table, the feed after it', async () => {
    const banter: LiveAnswer['banter'] = [
      {
        key: 'gameweek_rocket',
        title: 'Gameweek Rocket so far',
        managers: [{ fpl_team_id: VIEWER_TEAM, team_name: 'Vardy Party', player_name: 'Jamie Vardy' }],
        value: 71,
        text: 'Jamie Vardy has 71 points so far, the most in the league.',
      },
    ]
    const swing = watkinsAppearance
    liveApi({ body: liveAnswer({ banter, swings: [swing] }) })
    openLive()
    await liveTable()
    const feed = screen.getByText('What changed').closest('details') as HTMLDetailsElement
    expect(feed.open).toBe(false)
    expect(feed.querySelector('summary')).toHaveTextContent("Watkins: appearance +2, ARS 1-0 CHE 34' — +2 for you")
    const fold = within(screen.getByRole('region', { name: /Live banter/ }))
      .getByText(/Gameweek Rocket so far: Jamie Vardy/)
      .closest('details') as HTMLDetailsElement
    expect(fold.open).toBe(false)
    // Reading order: the compact summary, then the table (the feed folded above its rows).
    const table = screen.getByRole('list', { name: 'Live table' })
    expect(card().compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(card()).toHaveClass('gameweek-card')
  })

  it('the live table opens on the viewer’s row even in the top five', async () => {
    liveApi({ body: liveAnswer() })
    openLive()
    await liveTable()
    const own = screen.getByTestId('own-row')
    await waitFor(() => expect(Element.prototype.scrollIntoView).toHaveBeenCalled())
    const calls = vi.mocked(Element.prototype.scrollIntoView).mock
    expect(calls.contexts.at(-1)).toBe(own)
    expect(calls.calls.at(-1)?.[0]).toEqual({ behavior: 'smooth', block: 'nearest' })
  })
})

describe('the team view tells the story', () => {
  /** FPL GW 1 2025/26 shapes: Calafiori's `explain` at Old Trafford (MUN 0-1 ARS); Saka out, Watkins still to play. */
  function storyTeam(): LiveTeamAnswer {
    const team = liveTeam()
    const swap: Record<number, (typeof team.picks)[number]> = {
      328: pick(430, 'Haaland', 5, 4, {
        is_captain: true,
        multiplier: 2,
        minutes: 20,
        points: 1,
        fixture_state: 'in_play',
        fixtures: [{ fixture: 18, opponent: 'TOT', home: true, kickoff_time: '2025-08-23T11:30:00Z', state: 'in_play', minutes: 64 }],
        breakdown: [{ identifier: 'minutes', value: 20, points: 1 }],
      }),
      3: pick(7, 'Calafiori', 3, 2, {
        minutes: 71,
        points: 13,
        fixtures: [{ fixture: 9, opponent: 'MUN', home: false, kickoff_time: '2025-08-17T15:30:00Z', state: 'finished', minutes: 90 }],
        breakdown: [
          { identifier: 'minutes', value: 71, points: 2 },
          { identifier: 'goals_scored', value: 1, points: 6 },
          { identifier: 'clean_sheets', value: 1, points: 4 },
          { identifier: 'yellow_cards', value: 1, points: -1 },
          { identifier: 'bonus', value: 2, points: 2 },
        ],
      }),
      7: pick(235, 'Palmer', 7, 3, {
        minutes: 0,
        points: 0,
        fixture_state: 'not_started',
        fixtures: [{ fixture: 20, opponent: 'WHU', home: false, kickoff_time: '2025-08-22T19:00:00Z', state: 'not_started', minutes: 0 }],
      }),
      6: pick(16, 'Saka', 6, 3, { minutes: 0, points: 0, sub_pending: true }),
      16: pick(160, 'Burn', 15, 2),
      15: pick(64, 'Watkins', 14, 4, {
        minutes: 0,
        points: 0,
        fixture_state: 'not_started',
        sub_pending: true,
        fixtures: [{ fixture: 12, opponent: 'BOU', home: true, kickoff_time: '2025-08-23T14:00:00Z', state: 'not_started', minutes: 0 }],
      }),
    }
    return { ...team, pending_subs: [{ out: 16, waiting_for: 64 }], picks: team.picks.map((p) => swap[p.element] ?? p) }
  }

  it("opponent and kick-off for those to play, each player's points line by line, a pending sub as pending, the captain's points once", async () => {
    const rows = liveRows()
    rows[2] = { ...rows[2]!, pending_subs: [{ out: 16, waiting_for: 64 }] }
    liveApi({ body: liveAnswer({}, rows) }, { [`GET /api/leagues/1/live/${VIEWER_TEAM}`]: { body: storyTeam() } })
    openLive()
    await liveTable()
    expect(screen.getByTestId('own-row')).toHaveTextContent('1 auto-sub pending')
    await userEvent.setup().click(screen.getByRole('link', { name: /^Vardy Party ?\(open team view\)/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Vardy Party' })

    // A captain's raw 1 counts 2: shown once, never "2 ×2".
    const haaland = within(dialog).getByTestId('pick-430')
    expect(haaland.querySelector('.pick__points')).toHaveTextContent(/^2 points \(doubled by the armband\)$/)
    expect(haaland).not.toHaveTextContent('×')
    expect(haaland).toHaveTextContent("v TOT (H) 64'")

    const calafiori = within(dialog).getByTestId('pick-7')
    expect(within(calafiori).getByRole('list', { name: 'Calafiori: points' })).toHaveTextContent(
      ['71 min +2', '1 goal +6', 'clean sheet +4', '1 yellow card −1', 'bonus +2'].join(''),
    )
    expect(calafiori).toHaveTextContent('13 points')
    expect(calafiori).toHaveTextContent('v MUN (A) FT')

    const kickoff = new Date('2025-08-22T19:00:00Z').toLocaleString('en-GB', { weekday: 'short', hour: '2-digit', minute: '2-digit' })
    expect(within(dialog).getByTestId('pick-235')).toHaveTextContent(`To playv WHU (A) · ${kickoff}`)

    expect(within(dialog).getByTestId('pick-16')).toHaveTextContent('Sub pending: Watkins, still to play')
    expect(within(dialog).getByTestId('pick-64')).toHaveTextContent('Still to play: may come on for Saka')
    expect(within(dialog).getByTestId('pick-16')).not.toHaveTextContent('Auto-sub out')
  })

  it('a team still loading, or none this gameweek, says so instead of an empty pitch', async () => {
    liveApi(
      { body: liveAnswer() },
      {
        'GET /api/leagues/1/live/4': {
          body: { ...liveTeam(), team_name: 'Live Team 4', player_name: 'Manager 4', live_points: 0, team_status: 'loading', picks: [] },
        },
      },
    )
    openLive('?team=4')
    const dialog = await screen.findByRole('dialog', { name: 'Live Team 4' })
    expect(dialog).toHaveTextContent('Manager 4 · GW 7: loading his team (FPL has not given us his picks yet).')
    expect(dialog).not.toHaveTextContent('0 pts')
  })
})

describe('big leagues while live', () => {
  const SEARCH = 'GET /api/leagues/1/live?page=1&limit=50&search=vardy'

  it('the standings search box searches the live table; "Your position" goes back to the viewer’s live page', async () => {
    const user = userEvent.setup()
    const mine = liveRows()[2]!
    const found = liveAnswer(
      {
        pagination_metadata: { current_page: 1, per_page: 50, total_members: 1, total_pages: 1, has_previous: false, has_next: false },
        current_user_position: 3,
        current_user_page: 1,
      },
      [mine],
    )
    const api = liveApi(
      { body: liveAnswer() },
      {
        [SEARCH]: { body: found },
        'GET /api/leagues/1/standings?page=1&limit=50&search=vardy': { body: standingsAnswer([], { found: { query: 'vardy', total_matches: 0 } }) },
      },
    )
    openLive()
    await liveTable()
    await user.type(screen.getByRole('searchbox', { name: 'Find a manager or team' }), 'vardy{Enter}')
    await waitFor(() => expect(api.callsTo(SEARCH)).toHaveLength(1))
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Live table' })).getAllByRole('listitem')).toHaveLength(1))
    expect(screen.getByText('1 match for “vardy”')).toBeInTheDocument()
    expect(screen.getByTestId('own-row')).toHaveTextContent('Gameweek points so far: 71')

    await user.click(screen.getByRole('button', { name: /#3/ }))
    await waitFor(() => expect(currentLocation().path).toBe('/tournaments/1?page=1'))
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Live table' })).getAllByRole('listitem')).toHaveLength(5))
  })

  it('a 180-manager league over four pages: the card gives the live top scorer and average, never "—"', async () => {
    const page1 = liveAnswer({
      scope: { complete: true, kept: 180, league_size: 180 },
      pagination_metadata: { current_page: 1, per_page: 50, total_members: 180, total_pages: 4, has_previous: false, has_next: true },
      gameweek_summary: {
        gameweek: 7,
        top_scorer: { player_name: 'Sam K', team_name: 'Expected Toulouse', points: 88, tied_with: 1 },
        average_points: 47,
        provisional: true,
        managers_counted: 180,
      },
    })
    liveApi({ body: page1 }, { [STANDINGS]: { body: storedAt(6, standingRows(50), 180) } })
    openLive()
    await liveTable()
    expect(fact('Top scorer so far')).toBe('Sam K and 1 other (88 pts)')
    expect(fact('Average so far')).toBe('47 pts')
    expect(card()).not.toHaveTextContent('—')
  })

  it('a big league: FPL’s rank with its gameweek and the live move among the managers followed, never a bare place', async () => {
    const kept = (rank: number, extra: Partial<LiveStandingRow>) => liveRow(rank, { fpl_rank: 20_000 + rank, ...extra })
    const rows = [
      kept(3, { last_rank: 5, fpl_rank: 19_998 }),
      kept(4, { fpl_team_id: VIEWER_TEAM, team_name: 'Vardy Party', is_current_user: true, last_rank: 6, fpl_rank: 20_001 }),
      kept(5, { last_rank: 3 }),
    ]
    const scope = { complete: false, kept: 5000, league_size: 240_000 }
    const paged = { current_page: 1, per_page: 50, total_members: 5000, total_pages: 100, has_previous: false, has_next: true }
    const after = rows.map((r) => (r.is_current_user ? { ...r, live_rank: 2 } : r))
    liveApi(
      [
        { body: liveAnswer({ scope, pagination_metadata: paged, current_user_position: 4 }, rows) },
        { body: liveAnswer({ scope, pagination_metadata: paged, current_user_position: 2, updated_at: '2026-11-21T15:43:00.000Z' }, after) },
      ],
      { [STANDINGS]: { body: { ...storedAt(6, standingRows(50), 240_000), current_user_position: 20_001 } } },
    )
    openLive()
    await liveTable()
    const own = screen.getByTestId('own-row')
    expect(own).toHaveTextContent('FPL rank 20,001 · GW 6')
    expect(own).toHaveTextContent('Up 2 places among the managers followed')
    expect(own).not.toHaveTextContent('Live rank')
    expect(screen.getByTestId('live-scope')).toHaveTextContent('This league has 240,000 managers; the live table follows 5,000 of them')
    expect(fact('Your FPL rank (GW 6)')).toBe('#20,001 (show your row in the table)')
    expect(card()).not.toHaveTextContent('#4')

    act(() => FakeWebSocket.last().accept())
    act(() => FakeWebSocket.last().receive(message()))
    await waitFor(() => expect(screen.getByTestId('swing-feed-live')).toHaveTextContent('You climb 2 places among the managers followed'))
    expect(screen.getByTestId('swing-feed-live')).not.toHaveTextContent('2nd')
  })
})

describe('the table rules on screen', () => {
  it('gameweek 1: no movement arrows (there is no last rank)', async () => {
    liveApi({
      body: liveAnswer(
        { gameweek: 1 },
        liveRows().map((r) => ({ ...r, last_rank: null })),
      ),
    })
    openLive()
    const table = await liveTable()
    expect(table.querySelector('.movement')).toBeNull()
    expect(table).not.toHaveTextContent(/No change|Up \d|Down \d/)
  })

  it('picks still arriving: "loading his team"; no picks this gameweek: "no team this gameweek"; never 0 points', async () => {
    const rows = liveRows()
    rows[3] = { ...rows[3]!, live_points: 0, team_status: 'loading', captain: null, vice_captain: null }
    rows[4] = { ...rows[4]!, live_points: 0, team_status: 'no_team', captain: null, vice_captain: null }
    liveApi({ body: liveAnswer({}, rows) })
    openLive()
    await liveTable()
    const loading = screen.getByRole('link', { name: /^Live Team 4/ }).closest('li') as HTMLElement
    expect(loading).toHaveTextContent('loading his team')
    expect(loading).not.toHaveTextContent('Gameweek points so far')
    const none = screen.getByRole('link', { name: /^Live Team 5/ }).closest('li') as HTMLElement
    expect(none).toHaveTextContent('no team this gameweek')
    expect(none).not.toHaveTextContent('Gameweek points so far')
  })
})
