import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LiveState } from '../../contract/live'
import type { LiveBattleAnswer, LiveBattleSide, LiveGlanceAnswer, LiveInsightPlayer, LiveOwnedPlayer, LiveOwnershipAnswer } from '../../contract/live-insight'
import { demoUser, storeSession } from './helpers'
import { liveAnswer, liveApi, liveRows, message, openLive, VIEWER_TEAM } from './live-fixtures'
import { FakeWebSocket, mockWebSocket, type Reply } from './mock-api'

// The Live tab's league insight (contract/live-insight.ts): ownership, battle and the gameweek at
// a glance, the projected auto-subs switch, re-read with the table.

const UPDATED = '2026-11-21T15:42:00.000Z'
const state: LiveState = { gameweek: 7, status: 'live', provisional: true, updating: false, updated_at: UPDATED }
const base = { ...state, auto_subs: true, managers: 5 }

const player = (element: number, name: string, club: string, points: number, extra: Partial<LiveInsightPlayer> = {}): LiveInsightPlayer => ({
  element,
  name,
  club,
  element_type: 3,
  points,
  fixture_state: 'finished',
  ...extra,
})

const owned = (p: LiveInsightPlayer, owners: number, starters: number, captains: number, triple: number, eo: number): LiveOwnedPlayer => ({
  ...p,
  owners,
  starters,
  captains,
  triple_captains: triple,
  eo,
  projected_bonus: 0,
})

const salah = player(328, 'Salah', 'LIV', 13, { fixture_state: 'in_play' })
const haaland = player(351, 'Haaland', 'MCI', 0, { element_type: 4, fixture_state: 'not_started' })
const watkins = player(64, 'Watkins', 'AVL', 2, { element_type: 4 })
const saka = player(20, 'Saka', 'ARS', 1)

function ownership(extra: Partial<LiveOwnershipAnswer> = {}): LiveOwnershipAnswer {
  return {
    ...base,
    average_points: 59.8,
    players: [owned(salah, 4, 4, 3, 1, 160), owned(haaland, 3, 3, 1, 0, 60), owned(watkins, 1, 1, 0, 0, 20)],
    // Salah 13 × (3 − 1.6) = 18.2; Watkins 2 × (1 − 0.2) = 1.6; Haaland 0 whatever.
    mine: {
      fpl_team_id: VIEWER_TEAM,
      picks: [
        { ...salah, multiplier: 3, eo: 160, worth: 18.2 },
        { ...watkins, multiplier: 1, eo: 20, worth: 1.6 },
        { ...haaland, multiplier: 1, eo: 60, worth: 0 },
      ],
      gain: 3.6,
    },
    ...extra,
  }
}

const side = (fpl_team_id: number, team_name: string, player_name: string, extra: Partial<LiveBattleSide> = {}): LiveBattleSide => ({
  fpl_team_id,
  team_name,
  player_name,
  live_points: 60,
  live_total: 1480,
  transfers_cost: 0,
  active_chip: null,
  differentials: [],
  differential_points: 0,
  left_to_play: 0,
  differentials_to_play: [],
  ...extra,
})

/** The viewer (Salah ×3, Watkins) against `rival` (Haaland ×2 yet to play); Saka in common. */
function battle(rival = side(2, 'Live Team 2', 'Tom B'), extra: Partial<LiveBattleAnswer> = {}): LiveBattleAnswer {
  return {
    ...base,
    viewer: side(VIEWER_TEAM, 'Vardy Party', 'Jamie Vardy', {
      live_points: 71,
      active_chip: '3xc',
      transfers_cost: 4,
      differentials: [
        { ...salah, multiplier: 3, shared: false, worth: 39 },
        { ...watkins, multiplier: 1, shared: false, worth: 2 },
      ],
      differential_points: 41,
      left_to_play: 3,
      differentials_to_play: [328],
    }),
    rival: {
      ...rival,
      live_points: 58,
      differentials: [{ ...haaland, multiplier: 2, shared: false, worth: 0 }],
      left_to_play: 2,
      differentials_to_play: [351],
    },
    captaincy: {
      viewer: { element: 328, name: 'Salah', multiplier: 3, points: 13 },
      rival: { element: 351, name: 'Haaland', multiplier: 2, points: 0 },
      points: 26,
    },
    live_gap: 13,
    total_gap: -20,
    common: [{ element: 20, name: 'Saka', multiplier: 1, points: 1 }],
    ...extra,
  }
}

function glance(extra: Partial<LiveGlanceAnswer> = {}): LiveGlanceAnswer {
  return {
    ...base,
    captaincy: [
      { element: 328, name: 'Salah', managers: 3, percent: 60, triple: 1, points: 13 },
      { element: 351, name: 'Haaland', managers: 1, percent: 20, triple: 0, points: 0 },
      { element: null, name: null, managers: 1, percent: 20, triple: 0, points: 0 },
    ],
    chips: [{ chip: '3xc', managers: 1, percent: 20, named: [{ fpl_team_id: VIEWER_TEAM, team_name: 'Vardy Party', player_name: 'Jamie Vardy' }] }],
    blanks: [{ ...saka, owners: 4, percent: 80, starters: 4, eo: 80 }],
    differential: {
      ...watkins,
      points: 15,
      multiplier: 1,
      haul: 15,
      owners: 1,
      named: [{ fpl_team_id: VIEWER_TEAM, team_name: 'Vardy Party', player_name: 'Jamie Vardy', multiplier: 1 }],
    },
    transfers: null,
    ...extra,
  }
}

const route = (view: string, query: string) => `GET /api/leagues/1/live/${view}?${query}`
const OWNERSHIP = route('ownership', 'auto_subs=true')
const OWNERSHIP_OFF = route('ownership', 'auto_subs=false')
const BATTLE = route('battle', 'auto_subs=true')
const GLANCE = route('glance', 'auto_subs=true')

/** The Live tab of tournament 1 in GW 7 with the insight's routes as given. */
function insightApi(routes: Record<string, Reply | Reply[]>) {
  return liveApi({ body: liveAnswer() }, routes)
}

const insight = async () => screen.findByRole('region', { name: 'League insight' })
const openView = async (name: string) => {
  const section = await insight()
  await userEvent.click(within(section).getByRole('tab', { name }))
  return within(section).getByRole('tabpanel')
}

beforeEach(() => {
  storeSession('jwt-1')
  mockWebSocket()
})
afterEach(() => vi.unstubAllGlobals())

describe('ownership', () => {
  it("lists the league's players with EO, owners, starters, captains (TC), points and match, and the viewer's worth and gain", async () => {
    insightApi({ [OWNERSHIP]: { body: ownership() } })
    openLive()
    const section = await insight()
    const table = await within(section).findByRole('table', { name: /League ownership/ })
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
    expect(headers).toEqual(['Player', 'EO', 'Owners', 'Starting', 'Captains (TC)', 'Pts', 'Match', 'Worth to you'])
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [within(r).getByRole('rowheader'), ...within(r).getAllByRole('cell')].map((c) => c.textContent))
    expect(rows).toEqual([
      ['Salah LIV', '160%', '4', '4', '3 (1)', '13', 'Playing', '+18.2'],
      ['Haaland MCI', '60%', '3', '3', '1', '0', 'To play', '0'],
      ['Watkins AVL', '20%', '1', '1', '0', '2', 'Done', '+1.6'],
    ])
    expect(within(section).getByText('You are +3.6 on the league average')).toBeInTheDocument()
    expect(section).toHaveTextContent('League average so far: 59.8 pts, over the 5 managers whose picks are in.')
  })

  it('a visitor (no team in the table) sees the ownership without the worth column', async () => {
    insightApi({ [OWNERSHIP]: { body: ownership({ mine: null }) } })
    openLive()
    const table = await within(await insight()).findByRole('table', { name: /League ownership/ })
    expect(within(table).queryByRole('columnheader', { name: 'Worth to you' })).not.toBeInTheDocument()
    expect(screen.queryByText(/on the league average/)).not.toBeInTheDocument()
  })

  it('a failed read says so and retries', async () => {
    insightApi({ [OWNERSHIP]: [{ status: 500, body: {} }, { body: ownership() }] })
    openLive()
    const section = await insight()
    expect(await within(section).findByText(/The league ownership could not be loaded/)).toBeInTheDocument()
    await userEvent.click(within(section).getByRole('button', { name: 'Try again' }))
    expect(await within(section).findByRole('table', { name: /League ownership/ })).toBeInTheDocument()
  })
})

describe('battle', () => {
  it('shows the gap, the captaincy difference, each side with its differentials and what is left to play', async () => {
    insightApi({ [OWNERSHIP]: { body: ownership() }, [BATTLE]: { body: battle() } })
    openLive()
    const panel = await openView('Battle')
    expect(await within(panel).findByText('You lead Tom B by 13 so far')).toBeInTheDocument()
    expect(panel).toHaveTextContent('(overall −20)')
    expect(panel).toHaveTextContent('Captaincy: you Salah ×3, them Haaland ×2: +26 to you')
    const you = within(panel).getByRole('region', { name: 'You Vardy Party' })
    expect(you).toHaveTextContent('71 pts so far')
    expect(you).toHaveTextContent('3 left to play')
    expect(you).toHaveTextContent('Triple Captain')
    expect(you).toHaveTextContent('−4 hit')
    const mine = within(within(you).getByRole('list', { name: 'Vardy Party: differentials' })).getAllByRole('listitem')
    expect(mine.map((li) => li.textContent)).toEqual(['Salah LIV39 pts (13 ×3)To play', 'Watkins AVL2 pts'])
    expect(you).toHaveTextContent('Differentials: +41, 1 still to play')
    const rival = within(panel).getByRole('region', { name: 'Rival Live Team 2' })
    expect(rival).toHaveTextContent('2 left to play')
    expect(within(rival).getByRole('listitem')).toHaveTextContent('Haaland MCI0 pts (0 ×2)To play')
    expect(panel).toHaveTextContent('1 player cancels out')
  })

  it("lists the live table's managers as rivals (the server's choice first); picking one reads the battle with=", async () => {
    const api = insightApi({
      [OWNERSHIP]: { body: ownership() },
      [BATTLE]: { body: battle() },
      [`${BATTLE}&with=4`]: { body: battle(side(4, 'Live Team 4', 'Dan M'), { live_gap: -2 }) },
    })
    openLive()
    const panel = await openView('Battle')
    await within(panel).findByText('You lead Tom B by 13 so far')
    const picker = within(panel).getByRole('combobox', { name: 'Rival' })
    const options = within(picker)
      .getAllByRole('option')
      .map((o) => o.textContent)
    expect(options).toEqual([
      'Nearest: just above you (below if you lead)',
      '1. Salah Fingers (Priya S)',
      '2. Live Team 2 (Tom B)',
      '4. Live Team 4 (Dan M)',
      '5. Live Team 5 (Alex R)',
    ])
    expect(picker).toHaveValue('')
    await userEvent.selectOptions(picker, '4')
    expect(await within(panel).findByText('You trail Dan M by 2 so far')).toBeInTheDocument()
    expect(api.callsTo(`${BATTLE}&with=4`)).toHaveLength(1)
  })

  it('a rival without picks says so and keeps the picker', async () => {
    insightApi({
      [OWNERSHIP]: { body: ownership() },
      [BATTLE]: { body: battle() },
      [`${BATTLE}&with=5`]: { status: 404, body: { detail: 'Your team and your rival must both be in this league', code: 'battle_not_found' } },
    })
    openLive()
    const panel = await openView('Battle')
    await within(panel).findByText('You lead Tom B by 13 so far')
    await userEvent.selectOptions(within(panel).getByRole('combobox', { name: 'Rival' }), '5')
    expect(await within(panel).findByText('No battle yet: your picks or your rival’s are not in.')).toBeInTheDocument()
    expect(within(panel).getByRole('combobox', { name: 'Rival' })).toBeInTheDocument()
  })

  it('a member without an FPL team, or a reader whose team is not in the league, is told why there is no battle (no read)', async () => {
    storeSession('jwt-1', { ...demoUser, fpl_team_id: null })
    const api = insightApi({ [OWNERSHIP]: { body: ownership({ mine: null }) } })
    const view = openLive()
    let panel = await openView('Battle')
    expect(panel).toHaveTextContent('Add your FPL team to your account to battle a rival in this league.')
    view.unmount()

    storeSession('jwt-1')
    liveApi(
      {
        body: liveAnswer(
          {},
          liveRows().map((r) => ({ ...r, is_current_user: false })),
        ),
      },
      { [OWNERSHIP]: { body: ownership({ mine: null }) } },
    )
    openLive()
    panel = await openView('Battle')
    expect(panel).toHaveTextContent("Battles are between this league's managers, and your team is not in its live table.")
    expect(api.callsTo(BATTLE)).toHaveLength(0)
  })
})

describe('at a glance', () => {
  it('lists the captaincy split with percentages, the chips, the most-owned blanks and the biggest differential haul; no transfers while unread', async () => {
    insightApi({ [OWNERSHIP]: { body: ownership() }, [GLANCE]: { body: glance() } })
    openLive()
    const panel = await openView('At a glance')
    const captaincy = await within(panel).findByRole('region', { name: 'Captaincy' })
    expect(
      within(captaincy)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Salah 60% (3 managers, 1 triple) · 13 pts', 'Haaland 20% (1 manager) · 0 pts', 'No armband 20% (1 manager) — captain and vice without a game'])
    expect(within(panel).getByRole('region', { name: 'Chips played' })).toHaveTextContent('Triple Captain 1 manager (20%) Jamie Vardy')
    expect(within(panel).getByRole('region', { name: 'Most-owned blanks' })).toHaveTextContent('Saka ARS 1 pt · owned by 80%, EO 80%')
    expect(within(panel).getByRole('region', { name: 'Biggest differential haul' })).toHaveTextContent('Watkins AVL 15 pts for Jamie Vardy')
    expect(within(panel).queryByRole('region', { name: 'Transfers' })).not.toBeInTheDocument()
  })
})

describe('projected auto-subs switch', () => {
  it('is on by default; turned off it reads auto_subs=false, and stays off on this device', async () => {
    const api = insightApi({ [OWNERSHIP]: { body: ownership() }, [OWNERSHIP_OFF]: { body: ownership({ auto_subs: false, mine: null }) } })
    const view = openLive()
    const section = await insight()
    const toggle = within(section).getByRole('switch', { name: 'Projected auto-subs' })
    expect(toggle).toHaveAttribute('aria-checked', 'true')
    expect(toggle).toHaveAccessibleDescription(/substitutions FPL will make .* Remembered on this device\./)
    await within(section).findByRole('table', { name: /League ownership/ })
    await userEvent.click(toggle)
    expect(toggle).toHaveAttribute('aria-checked', 'false')
    await waitFor(() => expect(api.callsTo(OWNERSHIP_OFF)).toHaveLength(1))
    view.unmount()

    openLive()
    const again = await insight()
    expect(within(again).getByRole('switch', { name: 'Projected auto-subs' })).toHaveAttribute('aria-checked', 'false')
    await waitFor(() => expect(api.callsTo(OWNERSHIP_OFF)).toHaveLength(2))
    expect(api.callsTo(OWNERSHIP)).toHaveLength(1)
  })
})

describe('pushed like the table', () => {
  it("the socket's news of a new generation re-reads the open view and shows its new numbers", async () => {
    const api = insightApi({ [OWNERSHIP]: [{ body: ownership() }, { body: ownership({ mine: { ...ownership().mine!, gain: 9.4 } }) }] })
    openLive()
    const section = await insight()
    expect(await within(section).findByText('You are +3.6 on the league average')).toBeInTheDocument()
    act(() => FakeWebSocket.last().accept())
    act(() => FakeWebSocket.last().receive(message()))
    expect(await within(section).findByText('You are +9.4 on the league average')).toBeInTheDocument()
    expect(api.callsTo(OWNERSHIP)).toHaveLength(2)
    // Only the open view is read: the battle and the glance are not on screen.
    expect(api.callsTo(BATTLE)).toHaveLength(0)
    expect(api.callsTo(GLANCE)).toHaveLength(0)
  })

  it('a table newer than the view (read on the clock, no socket) re-reads it once', async () => {
    const older = '2026-11-21T15:41:00.000Z'
    const api = insightApi({ [OWNERSHIP]: [{ body: ownership({ updated_at: older }) }, { body: ownership() }] })
    openLive()
    await within(await insight()).findByRole('table', { name: /League ownership/ })
    await waitFor(() => expect(api.callsTo(OWNERSHIP)).toHaveLength(2))
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(api.callsTo(OWNERSHIP)).toHaveLength(2)
  })
})

describe('keyboard', () => {
  it('the views are a tab list: arrows, Home and End move between them', async () => {
    const user = userEvent.setup()
    insightApi({ [OWNERSHIP]: { body: ownership() }, [BATTLE]: { body: battle() }, [GLANCE]: { body: glance() } })
    openLive()
    const section = await insight()
    const tabs = within(section).getByRole('tablist', { name: 'League insight views' })
    const tab = (name: string) => within(tabs).getByRole('tab', { name })
    expect(tab('Ownership')).toHaveAttribute('aria-selected', 'true')
    act(() => tab('Ownership').focus())
    await user.keyboard('{ArrowRight}')
    expect(tab('Battle')).toHaveFocus()
    expect(tab('Battle')).toHaveAttribute('aria-selected', 'true')
    expect(within(section).getByRole('tabpanel', { name: 'Battle' })).toBeInTheDocument()
    await user.keyboard('{End}')
    expect(tab('At a glance')).toHaveFocus()
    expect(await within(section).findByRole('region', { name: 'Captaincy' })).toBeInTheDocument()
    await user.keyboard('{Home}')
    expect(tab('Ownership')).toHaveFocus()
  })
})
