import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { GazetteAnswer, GazetteEdition } from '../../contract/gazette'
import { GazetteSettings } from '../../web/src/features/commissioner/GazetteSettings'
import { Gazette } from '../../web/src/features/community/Gazette'
import { renderWithProviders, storeSession } from './helpers'
import { mockApi } from './mock-api'

// The Gameweek Gazette on the wall and its switch in the commissioner's settings (decision 134).

const GET = 'GET /api/leagues/1/gazette'

const edition = (gameweek: number, over: Partial<GazetteEdition> = {}): GazetteEdition => ({
  season: '2026/27',
  gameweek,
  kind: 'gameweek',
  published_at: '2026-11-23T10:00:00.000Z',
  pinned: false,
  document: {
    headline: `GW ${gameweek}: <b>Tom</b> soars to 90`,
    standfirst: 'The Pub League, gameweek 12: an average of 54 points across 12 managers, and Priya leads on 700.',
    league_name: 'The Pub League',
    awards: [{ key: 'gameweek_rocket', stat: { manager: 'Tom', player: 'Tom', team_name: 'Tom FC', description: 'Ninety in GW 12.', points: 90 } }],
    month: {
      name: 'November',
      finished: false,
      top: [
        { position: 1, player_name: 'Priya', points: 220 },
        { position: 2, player_name: 'Tom', points: 210 },
        { position: 2, player_name: 'Sam', points: 210 },
      ],
    },
    manager_of_the_month: null,
    race: { name: 'November', gameweeks_left: 1, alive_count: 3, lines: ['Tom needs 11 more than Priya over GW 13'] },
  },
  ...over,
})

const answer = (editions: GazetteEdition[], over: Partial<GazetteAnswer> = {}): GazetteAnswer => ({ enabled: true, can_moderate: true, editions, ...over })

beforeEach(() => {
  storeSession('jwt-1')
  window.localStorage.removeItem('gazette-seen:1:2026/27:13')
})
afterEach(() => vi.unstubAllGlobals())

describe('the Gazette on the wall', () => {
  it('pins the newest edition as a product post: headline as text, award cards, the month top three, the race; older ones folded', async () => {
    mockApi({ [GET]: { body: answer([edition(12, { pinned: true }), edition(11)]) } })
    renderWithProviders(<Gazette leagueId="1" moderator={false} />)
    const post = await screen.findByRole('article', { name: 'GW 12: <b>Tom</b> soars to 90' })
    expect(within(post).getByText('The Gameweek Gazette')).toBeTruthy()
    expect(within(post).getByText('Pinned')).toBeTruthy()
    const awards = within(post).getByRole('list', { name: 'GW 12 awards' })
    expect(within(awards).getByText('Gameweek Rocket')).toBeTruthy()
    expect(within(awards).getByText('90 pts')).toBeTruthy()
    const top = within(post).getByRole('region', { name: 'November top three' })
    expect(
      within(top)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1Priya220 pts', '2Tom210 pts', '2Sam210 pts'])
    expect(within(post).getByText('Tom needs 11 more than Priya over GW 13')).toBeTruthy()
    expect(within(post).queryByRole('button', { name: /Remove/ })).toBeNull()
    expect(screen.getByText('Earlier editions (1)')).toBeTruthy()
  })

  it('throws confetti for a Manager of the Month edition the first time only', async () => {
    const month = edition(13, {
      kind: 'month',
      pinned: true,
      document: {
        ...edition(13).document,
        headline: "Priya is November's Manager of the Month",
        manager_of_the_month: { month: 'November', winners: ['Priya'], points: 250 },
      },
    })
    mockApi({ [GET]: { body: answer([month]) } })
    const first = renderWithProviders(<Gazette leagueId="1" moderator={false} />)
    await screen.findByText("Priya is November's Manager of the Month")
    expect(screen.getByText(/Manager of the Month:/)).toBeTruthy()
    expect(screen.getByTestId('confetti')).toBeTruthy()
    first.unmount()
    renderWithProviders(<Gazette leagueId="1" moderator={false} />)
    await screen.findByText("Priya is November's Manager of the Month")
    expect(screen.queryByTestId('confetti')).toBeNull()
  })

  const finale = edition(38, {
    kind: 'finale',
    pinned: true,
    document: {
      ...edition(38).document,
      headline: 'Priya is the The Pub League champion of 2026/27!',
      month: null,
      race: null,
      finale: {
        season: '2026/27',
        champions: ['Priya'],
        points: 2310,
        podium: [
          { position: 1, player_name: 'Priya', points: 2310 },
          { position: 2, player_name: 'Tom', points: 2290 },
          { position: 3, player_name: 'Sam <i>', points: 2201 },
        ],
        records: [{ title: 'Best gameweek', value: 112, unit: 'points', holders: ['Tom'] }],
      },
    },
  })

  it('crowns the champion in the season finale: the podium and the season records, with confetti', async () => {
    window.localStorage.removeItem('gazette-seen:1:2026/27:38')
    mockApi({ [GET]: { body: answer([finale]) } })
    renderWithProviders(<Gazette leagueId="1" moderator={false} />)
    const post = await screen.findByRole('article', { name: 'Priya is the The Pub League champion of 2026/27!' })
    expect(within(post).getByText(/Season finale · GW 38 · 2026\/27/)).toBeTruthy()
    const crown = within(post).getByRole('region', { name: '2026/27 champion' })
    expect(crown.querySelector('.gazette__mom')?.textContent).toBe('🏆 Champion: Priya · 2,310 pts')
    expect(
      within(within(post).getByRole('region', { name: 'Final top three' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1Priya2,310 pts', '2Tom2,290 pts', '3Sam <i>2,201 pts'])
    expect(within(post).getByRole('region', { name: 'Season records' }).textContent).toContain('Best gameweek: Tom · 112 points')
    expect(screen.getByTestId('confetti')).toBeTruthy()
  })

  it("shares the champion through the share flow, as the finale's champion card (decision 184)", async () => {
    const shared: Record<string, unknown> = {
      emoji: '🏆',
      achievement_title: 'Season champion 2026/27',
      achievement_description: 'Champion of The Pub League with 2,310 points',
      player_name: 'Priya',
      league_name: 'The Pub League',
      league_members: 4,
    }
    const api = mockApi({
      [GET]: { body: answer([finale, edition(37)]) },
      'POST /api/banter/share': {
        status: 201,
        body: { share_id: 'c'.repeat(32), share_url: `https://banter.test/share/banter/${'c'.repeat(32)}`, stat_data: shared },
      },
    })
    const user = userEvent.setup()
    renderWithProviders(<Gazette leagueId="1" moderator={false} />)
    const post = await screen.findByRole('article', { name: 'Priya is the The Pub League champion of 2026/27!' })
    // Only the finale has one: a week's edition crowns nobody.
    expect(screen.getAllByRole('button', { name: /Share the champion/ })).toHaveLength(1)
    await user.click(within(post).getByRole('button', { name: /Share the champion/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Share This Achievement' })
    expect(within(dialog).getByText('Season champion 2026/27')).toBeTruthy()
    expect(within(dialog).getByText('Priya')).toBeTruthy()
    expect(within(dialog).getByText('Champion of The Pub League with 2,310 points')).toBeTruthy()
    await screen.findByRole('img', { name: 'Share image: Season champion 2026/27, Priya' })
    const posts = api.callsTo('POST /api/banter/share')
    expect(posts).toHaveLength(1)
    expect(posts[0]!.body).toMatchObject({ league_id: 1, stat_type: 'season_champion', stat_data: { manager: 'Priya', title: 'Season champion 2026/27' } })
  })

  it('lets the commissioner remove an edition, after saying what that does', async () => {
    const api = mockApi({
      [GET]: [{ body: answer([edition(12, { pinned: true })]) }, { body: answer([]) }],
      'DELETE /api/leagues/1/gazette/2026-27/12': { body: { message: 'The GW 12 Gazette is removed from the wall.' } },
    })
    renderWithProviders(<Gazette leagueId="1" moderator />)
    await userEvent.click(await screen.findByRole('button', { name: /Remove/ }))
    const dialog = screen.getByRole('alertdialog', { name: 'Remove the GW 12 Gazette?' })
    expect(within(dialog).getByText(/won't be posted again/)).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }))
    await vi.waitFor(() => expect(api.callsTo('DELETE /api/leagues/1/gazette/2026-27/12')).toHaveLength(1))
    await vi.waitFor(() => expect(screen.queryByRole('article')).toBeNull())
  })
})

describe("the Gazette's switch", () => {
  it('shows whether it is on and turns it off', async () => {
    const api = mockApi({
      [GET]: [{ body: answer([]) }, { body: answer([], { enabled: false }) }],
      'PUT /api/leagues/1/gazette/settings': { body: { enabled: false, message: 'The Gameweek Gazette is off: no new editions will be posted.' } },
    })
    renderWithProviders(<GazetteSettings leagueId="1" />)
    const box = await screen.findByRole('checkbox', { name: 'Post the Gameweek Gazette on the wall' })
    await vi.waitFor(() => expect((box as HTMLInputElement).disabled).toBe(false))
    expect((box as HTMLInputElement).checked).toBe(true)
    await userEvent.click(box)
    expect(await screen.findByText('The Gameweek Gazette is off: no new editions will be posted.')).toBeTruthy()
    expect(api.callsTo('PUT /api/leagues/1/gazette/settings')[0]?.body).toEqual({ enabled: false })
    await vi.waitFor(() => expect((box as HTMLInputElement).checked).toBe(false))
  })
})
