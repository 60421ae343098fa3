import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { chanceText, type RaceAnswer, type RaceAnswerPart } from '../../contract/race'
import { RaceCentre } from '../../web/src/features/story/RaceCentre'
import { WinnersTab } from '../../web/src/features/tournaments/detail/WinnersTab'
import type { LeagueData } from '../../web/src/features/tournaments/types'
import { demoUser, renderWithProviders, storeSession } from './helpers'
import { mockApi } from './mock-api'

// The Race Centre (decision 132): who can still win the month and the season, and the Winners tab's sections.

const RACE = 'GET /api/leagues/1/race'
const me = demoUser.fpl_team_id as number

const part = (over: Partial<RaceAnswerPart>): RaceAnswerPart => ({
  name: 'November',
  gameweeks_left: 2,
  first_gameweek: 11,
  last_gameweek: 14,
  total_managers: 4,
  alive_count: 3,
  largest_swing: 61,
  rows: [
    { fpl_team_id: 11, player_name: 'Priya <i>P</i>', points: 180, gap: 0, alive: true, win_chance: 0.62 },
    { fpl_team_id: me, player_name: 'Demo', points: 160, gap: 20, alive: true, win_chance: 0.3 },
    { fpl_team_id: 13, player_name: 'Tom', points: 150, gap: 30, alive: true, win_chance: 0.08 },
    { fpl_team_id: 14, player_name: 'Sam', points: 20, gap: 160, alive: false, win_chance: 0 },
  ],
  catch_up: [
    { fpl_team_id: me, text: 'Demo needs 21 more than Priya <i>P</i> over GW 13-14' },
    { fpl_team_id: 13, text: 'Tom needs 31 more than Priya <i>P</i> over GW 13-14' },
  ],
  ...over,
})

const answer = (over: Partial<RaceAnswer> = {}): RaceAnswer => ({
  month: part({}),
  season: part({ name: 'Season 2026/27', first_gameweek: 1, last_gameweek: 38, gameweeks_left: 26, total_managers: 5000, catch_up: [] }),
  computed_at: '2026-11-23T10:00:00.000Z',
  gameweek: 12,
  provisional: false,
  runs: 10_000,
  message: null,
  ...over,
})

beforeEach(() => storeSession('jwt-1'))
afterEach(() => vi.unstubAllGlobals())

describe('the Race Centre', () => {
  it('shows each race: the leader, who is out, the chances, the viewer marked with his own catch-up line', async () => {
    mockApi({ [RACE]: { body: answer() } })
    renderWithProviders(<RaceCentre leagueId="1" />)
    const month = await screen.findByRole('region', { name: 'November' })
    expect(within(month).getByText('GW 11-14 · 2 gameweeks left')).toBeTruthy()
    // Names are text, never markup.
    expect(within(month).getByText('Priya <i>P</i> leads · 3 can still win')).toBeTruthy()
    expect(within(month).getByText('You need 21 more than Priya <i>P</i> over GW 13-14 to overtake.')).toBeTruthy()
    // The viewer's line is not repeated in the third person; the others' lines are listed.
    expect(within(month).queryByText(/^Demo needs/)).toBeNull()
    expect(within(month).getByText('Tom needs 31 more than Priya <i>P</i> over GW 13-14')).toBeTruthy()
    const mine = within(month)
      .getAllByRole('listitem')
      .find((li) => li.getAttribute('aria-current') === 'true') as HTMLElement
    expect(within(mine).getByText('You')).toBeTruthy()
    expect(mine.textContent).toContain('30%')
    expect(within(month).getByText('Mathematically out')).toBeTruthy()
    expect(within(month).getByText(/biggest one-week swing this season \(61 points\)/)).toBeTruthy()

    const season = screen.getByRole('region', { name: 'Season 2026/27' })
    expect(within(season).getByText(/Showing the top 4 and our members of 5,000 managers/)).toBeTruthy()
    expect(screen.getByText(/10,000 simulated finishes/)).toBeTruthy()
  })

  it('says a decided race was won, but only "so far" while the gameweek is provisional', async () => {
    const decided = part({ gameweeks_left: 0, catch_up: [], alive_count: 1 })
    mockApi({ [RACE]: { body: answer({ month: decided, season: null }) } })
    const { unmount } = renderWithProviders(<RaceCentre leagueId="1" />)
    expect(await screen.findByText('Won by Priya <i>P</i>')).toBeTruthy()
    unmount()

    mockApi({ [RACE]: { body: answer({ month: decided, season: null, provisional: true }) } })
    renderWithProviders(<RaceCentre leagueId="1" />)
    expect(await screen.findByText('Priya <i>P</i> leads so far')).toBeTruthy()
    expect(screen.getByText(/Includes GW 12 points so far/)).toBeTruthy()
    expect(screen.queryByText(/Won by/)).toBeNull()
  })

  it('says when the race is pending, members only, or failed', async () => {
    mockApi({ [RACE]: { body: answer({ month: null, season: null, computed_at: null, message: 'The race appears after the next data refresh.' }) } })
    const { unmount } = renderWithProviders(<RaceCentre leagueId="1" />)
    expect(await screen.findByText('The race appears after the next data refresh.')).toBeTruthy()
    unmount()
    mockApi({ [RACE]: { status: 403, body: { error: 'Members only', message: 'Members only' } } })
    const members = renderWithProviders(<RaceCentre leagueId="1" />)
    expect(await screen.findByRole('heading', { name: 'Members only' })).toBeTruthy()
    expect(screen.getByText(/The races of this private tournament are for its members/)).toBeTruthy()
    members.unmount()
    mockApi({ [RACE]: { status: 500, body: { error: 'Boom', message: 'Boom' } } })
    renderWithProviders(<RaceCentre leagueId="1" />)
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy()
  })

  it('writes chances a person reads: a real chance is never rounded to 0% or 100% (decision 161)', () => {
    expect([0, 1e-9, 0.0004, 0.0012, 0.004, 0.0096, 0.01, 0.374, 0.99, 0.996, 0.9996, 1 - 1e-9, 1].map(chanceText)).toEqual([
      '0%',
      '< 0.1%',
      '< 0.1%',
      '0.1%',
      '0.4%',
      '1%',
      '1%',
      '37%',
      '99%',
      '99.6%',
      '> 99.9%',
      '> 99.9%',
      '100%',
    ])
  })

  it('"12 can still win" sits over 12 chances above 0%, and level managers told apart say why (decision 161)', async () => {
    // The Pub League's season at GW 12 as the refresh answers it: all 12 within reach, the last
    // four far too far back to win any of 10,000 runs, two level on 566 on different forms.
    const chances: Array<[string, number, number]> = [
      ['Hana', 653, 0.8111377],
      ['Ivo', 610, 0.1041484],
      ['Jo', 602, 0.0239996],
      ['Kai', 601, 0.0300995],
      ['Lea', 599, 0.0234996],
      ['Max', 583, 0.0033999],
      ['Nia', 576, 0.00275],
      ['Oli', 566, 0.00085],
      ['Pat', 566, 0.0000124],
      ['Quin', 546, 0.0000027],
      ['Rae', 543, 0.0001],
      ['Sol', 518, 6.8e-8],
    ]
    const season = part({
      name: 'Season 2026/27',
      first_gameweek: 1,
      last_gameweek: 38,
      gameweeks_left: 26,
      total_managers: 12,
      alive_count: 12,
      catch_up: [],
      rows: chances.map(([player_name, points, win_chance], i) => ({ fpl_team_id: 100 + i, player_name, points, gap: 653 - points, alive: true, win_chance })),
    })
    mockApi({ [RACE]: { body: answer({ month: null, season }) } })
    renderWithProviders(<RaceCentre leagueId="1" />)
    const card = await screen.findByRole('region', { name: 'Season 2026/27' })
    expect(within(card).getByText('Hana leads · 12 can still win')).toBeTruthy()
    // What each row shows (the signs' spoken words aside).
    const shown = within(card)
      .getAllByRole('listitem')
      .map((li) =>
        (li.querySelector('.race-row__percent [aria-hidden="true"]') ?? li.querySelector('.race-row__percent'))?.textContent?.replace('Chance to win: ', ''),
      )
    expect(shown).toEqual(['81%', '10%', '2%', '3%', '2%', '0.3%', '0.3%', '0.1%', '< 0.1%', '< 0.1%', '< 0.1%', '< 0.1%'])
    expect(shown.filter((text) => text !== '0%').length).toBe(12)
    // Read out in words: a screen reader may skip the sign.
    expect(within(card).getAllByText('less than 0.1%')).toHaveLength(4)
    expect(within(card).getByText(/Level on points, different chances/)).toBeTruthy()
  })
})

describe('the Winners tab', () => {
  it('keeps the months first and opens the race and the Hall of Fame as sections', async () => {
    mockApi({
      [RACE]: { body: answer() },
      'GET /api/leagues/1/records': {
        body: {
          status: 'pending',
          message: 'The Hall of Fame appears once FPL has checked a gameweek of this league.',
          records: [],
          seasons_covered: [],
          computed_at: null,
        },
      },
      'GET /api/leagues/1/seasons': { body: { status: 'pending', message: 'x', seasons: [], computed_at: null } },
    })
    const data = { access: 'open', monthlyWinners: [] } as unknown as LeagueData
    renderWithProviders(<WinnersTab leagueId="1" data={data} loading={false} signedIn />)
    expect(screen.getByRole('tab', { name: /Months/, selected: true })).toBeTruthy()
    expect(screen.getByText('No monthly winners yet')).toBeTruthy()
    await userEvent.click(screen.getByRole('tab', { name: /Race/ }))
    expect(await screen.findByRole('region', { name: 'November' })).toBeTruthy()
    await userEvent.click(screen.getByRole('tab', { name: /Hall of Fame/ }))
    expect(await screen.findByText('The Hall of Fame appears once FPL has checked a gameweek of this league.')).toBeTruthy()
  })
})
