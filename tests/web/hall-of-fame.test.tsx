import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { HallRecord, LineageAnswer, RecordsAnswer, SeasonsAnswer } from '../../contract/hall-of-fame'
import { SeasonLineage } from '../../web/src/features/commissioner/SeasonLineage'
import { HallOfFame, recordWhen } from '../../web/src/features/story/HallOfFame'
import { renderWithProviders, storeSession } from './helpers'
import { mockApi } from './mock-api'

// The Hall of Fame's screen and the commissioner's season lineage form (decisions 136 and 137).

const RECORDS = 'GET /api/leagues/1/records'
const SEASONS = 'GET /api/leagues/1/seasons'
const LINEAGE = '/api/leagues/11/lineage'

const holder = (name: string, season: string, gameweek: number | null, extra: Partial<HallRecord['holders'][number]> = {}) => ({
  fpl_team_id: 7,
  player_name: name,
  team_name: `${name} FC`,
  season,
  gameweek,
  gameweek_to: null,
  month: null,
  ...extra,
})

const records: RecordsAnswer = {
  status: 'ready',
  message: null,
  seasons_covered: ['2026/27', '2025/26'],
  computed_at: '2026-11-23T10:00:00.000Z',
  records: [
    {
      kind: 'best_gameweek',
      title: 'Best gameweek',
      value: 150,
      unit: 'points',
      holders: [holder('Ada <b>Legend</b>', '2025/26', 37), holder('Bo', '2026/27', 3)],
      holder_count: 5,
      covers: null,
    },
    {
      kind: 'longest_at_top',
      title: 'Longest time at the top',
      value: 1,
      unit: 'gameweeks',
      holders: [holder('Cy', '2026/27', 3, { gameweek_to: 3 })],
      holder_count: 1,
      covers: null,
    },
    {
      kind: 'worst_captaincy',
      title: 'Worst captaincy',
      value: 2,
      unit: 'points',
      holders: [holder('Di', '2026/27', 12)],
      holder_count: 1,
      covers: 'Gameweeks whose picks were read: 2026/27 GW 12',
    },
  ],
}

const seasons: SeasonsAnswer = {
  status: 'ready',
  message: null,
  computed_at: '2026-11-23T10:00:00.000Z',
  seasons: [
    {
      season: '2026/27',
      source: 'kept',
      league_name: 'The Pub League',
      status: 'so_far',
      through_gameweek: 12,
      total_managers: 120,
      rows: [{ position: 1, fpl_team_id: 7, player_name: 'Bo', team_name: 'Bo FC', total: 800, overall_rank: null }],
    },
    {
      season: '2024/25',
      source: 'fpl_history',
      league_name: '',
      status: 'fpl_history',
      through_gameweek: null,
      total_managers: 2,
      rows: [
        { position: 1, fpl_team_id: 7, player_name: 'Bo', team_name: 'Bo FC', total: 2250, overall_rank: 10_000 },
        { position: 2, fpl_team_id: 8, player_name: 'Cy', team_name: 'Cy FC', total: 2100, overall_rank: 50_000 },
      ],
    },
  ],
}

beforeEach(() => storeSession('jwt-1'))
afterEach(() => vi.unstubAllGlobals())

describe('the Hall of Fame', () => {
  it('shows each record as a card (holders escaped, joint holders counted, what it covers) and a season picker', async () => {
    mockApi({ [RECORDS]: { body: records }, [SEASONS]: { body: seasons } })
    renderWithProviders(<HallOfFame leagueId="1" />)
    const best = await screen.findByRole('article', { name: 'Best gameweek' })
    expect(within(best).getByText('150 points')).toBeTruthy()
    // A name is text, never markup.
    expect(within(best).getByText('Ada <b>Legend</b>')).toBeTruthy()
    expect(within(best).getByText('2025/26 · GW 37')).toBeTruthy()
    expect(within(best).getByText('Joint record')).toBeTruthy()
    expect(within(best).getByText('and 3 more level on it')).toBeTruthy()
    expect(within(screen.getByRole('article', { name: 'Longest time at the top' })).getByText('1 gameweek')).toBeTruthy()
    expect(screen.getByText('Gameweeks whose picks were read: 2026/27 GW 12')).toBeTruthy()
    expect(screen.getByText(/2026\/27, 2025\/26/)).toBeTruthy()

    const table = screen.getByRole('table')
    expect(within(table).getByText('800')).toBeTruthy()
    expect(screen.getByText('So far, after GW 12')).toBeTruthy()
    expect(screen.getByText('Top 1 of 120 managers.')).toBeTruthy()
    await userEvent.selectOptions(screen.getByLabelText('Season'), '2024/25')
    expect(screen.getByText("From the managers' FPL history")).toBeTruthy()
    expect(screen.getByRole('columnheader', { name: 'Overall rank' })).toBeTruthy()
    expect(within(screen.getByRole('table')).getByText('50,000')).toBeTruthy()
  })

  it('says when it is pending', async () => {
    const pending = { status: 'pending', message: 'The Hall of Fame appears once FPL has checked a gameweek of this league.', computed_at: null }
    mockApi({ [RECORDS]: { body: { ...pending, records: [], seasons_covered: [] } }, [SEASONS]: { body: { ...pending, seasons: [] } } })
    renderWithProviders(<HallOfFame leagueId="1" />)
    expect(await screen.findByText('No records yet')).toBeTruthy()
    expect(screen.getByText(pending.message)).toBeTruthy()
  })

  it("is members-only for a private league's outsiders, and offers a retry on a failure", async () => {
    const refused = { status: 403, body: { detail: 'Only members of this league can see this.', code: 'not_a_member' } }
    mockApi({ [RECORDS]: refused, [SEASONS]: refused })
    const { unmount } = renderWithProviders(<HallOfFame leagueId="1" />)
    expect(await screen.findByText('Members only')).toBeTruthy()
    unmount()

    const api = mockApi({ [RECORDS]: [{ status: 500, body: { detail: 'Boom' } }, { body: records }], [SEASONS]: { body: seasons } })
    renderWithProviders(<HallOfFame leagueId="1" />)
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 }))
    expect(await screen.findByRole('article', { name: 'Best gameweek' })).toBeTruthy()
    expect(api.callsTo(RECORDS).length).toBeGreaterThanOrEqual(2)
  })

  it('says when a record was set', () => {
    expect(recordWhen(holder('A', '2026/27', 3, { gameweek_to: 9 }))).toBe('2026/27 · GW 3-9')
    expect(recordWhen(holder('A', '2026/27', null, { month: 'August (2026/27)' }))).toBe('August (2026/27)')
  })
})

describe('season lineage', () => {
  const unlinked: LineageAnswer = { previous_fpl_league_id: null, previous_tournament: null, message: '' }

  it('checks the id, links it and says when the Hall of Fame includes it', async () => {
    const linked: LineageAnswer = {
      previous_fpl_league_id: 990001,
      previous_tournament: { id: 4, name: 'The Pub League 25/26', fpl_season: '2025/26' },
      message: 'Linked to The Pub League 25/26. The Hall of Fame includes its seasons from the next checked gameweek.',
    }
    const api = mockApi({ [`GET ${LINEAGE}`]: { body: unlinked }, [`PUT ${LINEAGE}`]: { body: linked } })
    renderWithProviders(<SeasonLineage leagueId="11" />)
    expect(await screen.findByText('No previous season linked.')).toBeTruthy()
    expect(screen.getByText(/FPL starts every league afresh each July/)).toBeTruthy()
    const field = screen.getByLabelText("Last season's FPL league ID")
    await userEvent.type(field, '12ab')
    await userEvent.click(screen.getByRole('button', { name: 'Link league' }))
    expect(screen.getByText('Enter the league ID as a positive whole number, like 314159.')).toBeTruthy()
    expect(api.callsTo(`PUT ${LINEAGE}`)).toHaveLength(0)

    await userEvent.clear(field)
    await userEvent.type(field, '990001')
    await userEvent.click(screen.getByRole('button', { name: 'Link league' }))
    expect(await screen.findByText(linked.message)).toBeTruthy()
    expect(api.callsTo(`PUT ${LINEAGE}`)[0]?.body).toEqual({ previous_fpl_league_id: 990001 })
    expect(screen.getByTestId('lineage-current').textContent).toBe('Linked to FPL league 990001 (The Pub League 25/26, 2025/26).')
    await userEvent.click(screen.getByRole('button', { name: 'Unlink' }))
    expect(api.callsTo(`PUT ${LINEAGE}`)[1]?.body).toEqual({ previous_fpl_league_id: null })
  })

  it("shows the server's refusal", async () => {
    mockApi({
      [`GET ${LINEAGE}`]: { body: unlinked },
      [`PUT ${LINEAGE}`]: { status: 409, body: { detail: 'That league already leads back to this one: linking it would make a loop.', code: 'lineage_loop' } },
    })
    renderWithProviders(<SeasonLineage leagueId="11" />)
    await userEvent.type(await screen.findByLabelText("Last season's FPL league ID"), '5')
    await userEvent.click(screen.getByRole('button', { name: 'Link league' }))
    expect(await screen.findByText('That league already leads back to this one: linking it would make a loop.')).toBeTruthy()
  })
})
