import { describe, expect, it } from 'vitest'
import type { BanterManager, PublicStats, PublicTournamentInput } from '../../../worker/fpl/stats'
import { computePublicStats, hasPublicStats, PUBLIC_STATS_ERROR } from '../../../worker/fpl/stats'
import { ELEMENTS, GW, leagueLive, leagueManagers } from './league'

// The Crown & Anchor data (league.ts), split over two tournaments that share Eve:
//   "The Crown & Anchor": Alice 101, Ben 102, Cara 103, Dev 104, Eve 105
//   "Sunday Shandy League": Eve 105 (again), Finn 106
function tournaments(managers: BanterManager[] = leagueManagers()): PublicTournamentInput[] {
  const by = (ids: number[]) => managers.filter((m) => ids.includes(m.entryId))
  return [
    { name: 'The Crown & Anchor', gameweek: GW, managers: by([101, 102, 103, 104, 105]), live: leagueLive(), elements: ELEMENTS },
    { name: 'Sunday Shandy League', gameweek: GW, managers: by([105, 106]), live: leagueLive(), elements: ELEMENTS },
  ]
}

function statsOf(input: PublicTournamentInput[]): PublicStats {
  const result = computePublicStats(input)
  if (!hasPublicStats(result.stats)) throw new Error('no stats')
  return result.stats
}

describe('computePublicStats', () => {
  const result = computePublicStats(tournaments())
  const s = statsOf(tournaments())

  it('counts each manager once, across all tournaments', () => {
    expect(result.total_players).toBe(6) // Eve is in both
    expect(result.total_leagues).toBe(2)
    expect(result.data_source).toBe('live')
    expect(result.message).toBe('Live banter from 6 managers across 2 tournaments.')
  })

  it('top_scorer / lowest_scorer on net GW points: Dev 88 (Ben 94 − 8 = 86), Eve 20', () => {
    expect(s.top_scorer).toMatchObject({ manager: 'Dev Dhillon', player: 'Dev Dhillon', team_name: 'Dev-astating XI', points: 88 })
    expect(s.lowest_scorer).toMatchObject({ manager: 'Eve Ellis', points: 20 })
  })

  it('source_tournament_name / league: the first tournament that lists the manager', () => {
    expect(s.lowest_scorer).toMatchObject({ source_tournament_name: 'The Crown & Anchor', league: 'The Crown & Anchor' }) // Eve, in both
    expect(s.captain_catastrophe).toMatchObject({ manager: 'Finn Foster', source_tournament_name: 'Sunday Shandy League', league: 'Sunday Shandy League' })
  })

  it('benched_beast: Eve’s 25 excluded (Bench Boost); Ben and Dev tie on 9 → better overall rank (Ben 90,000 < Dev 120,000)', () => {
    expect(s.benched_beast).toMatchObject({ manager: 'Ben Bishop', points: 9 })
  })

  it('captain_catastrophe: Finn 0 (captain Palmer and vice Haaland both 0 min)', () => {
    expect(s.captain_catastrophe).toMatchObject({ points: 0, captain: 'Palmer' })
  })

  it('gameweek_rocket: best net GW of the season so far, with its GW: Dev 88 in GW4', () => {
    expect(s.gameweek_rocket).toMatchObject({ manager: 'Dev Dhillon', points: 88, gameweek: 4 })
    expect(s.gameweek_rocket?.description).toContain('Gameweek 4')
    // Without Dev and Ben: Cara's 70 in GW1 beats Eve 65 (GW1), Alice 60 (GW1), Finn 60 (GW3)
    const others = leagueManagers().filter((m) => m.entryId !== 104 && m.entryId !== 102)
    const rocket = statsOf(tournaments(others)).gameweek_rocket
    expect(rocket).toMatchObject({ manager: 'Cara Cole', points: 70, gameweek: 1 })
    expect(rocket?.description).toContain('Gameweek 1')
  })

  it('comeback_king: biggest overall-rank climb this GW, Ben 1,500,000 → 90,000 = 1,410,000', () => {
    // Alice 200k → 150k (+50k), Dev 500k → 120k (+380k); Cara, Eve, Finn went down.
    expect(s.comeback_king).toMatchObject({ manager: 'Ben Bishop', improvement: 1_410_000 })
    expect(s.comeback_king?.description).toContain('1,410,000')
  })

  it('overall_rank_king: Ben at 90,000', () => {
    expect(s.overall_rank_king).toMatchObject({ manager: 'Ben Bishop', rank: 90_000 })
  })

  it('transfer_tornado: Cara, 6 transfers and 12 hit points (Ben 6 and 8)', () => {
    expect(s.transfer_tornado).toMatchObject({ manager: 'Cara Cole', transfers: 6, hits: 3, points_spent: 12 })
  })

  it('hot_streak: Alice and Dev improved 3 GWs running; Dev has the better rank (120k < 150k)', () => {
    expect(s.hot_streak).toMatchObject({ manager: 'Dev Dhillon', streak: 3 })
  })

  it('cold_streak: Cara and Eve worsened 3 GWs running; Cara has the better rank (800k < 2.0M)', () => {
    expect(s.cold_streak).toMatchObject({ manager: 'Cara Cole', streak: 3 })
  })

  it('fighting_back: biggest climb over the last 3 GWs, Ben 2,000,000 → 90,000 = 1,910,000', () => {
    // Alice 300k → 150k, Dev 1.0M → 120k (880k); Finn has no GW1 rank and is left out.
    expect(s.fighting_back).toMatchObject({ manager: 'Ben Bishop', improvement: 1_910_000 })
  })

  it('a streak of one GW is not a streak', () => {
    // Ben: GW3 worse, GW4 better → hot 1; Finn: GW4 worse, no GW2 → cold 1.
    const only = leagueManagers().filter((m) => m.entryId === 102 || m.entryId === 106)
    const t = statsOf([{ name: 'Two', gameweek: GW, managers: only, live: leagueLive(), elements: ELEMENTS }])
    expect(t.hot_streak).toBeNull()
    expect(t.cold_streak).toBeNull()
  })

  it('a manager with missing picks drops out of the captain stat only', () => {
    const managers = leagueManagers().map((m) => (m.entryId === 106 ? { ...m, picks: null } : m))
    const t = statsOf(tournaments(managers))
    expect(t.captain_catastrophe).toMatchObject({ manager: 'Cara Cole', points: 4, captain: 'Isak' }) // Isak 2 × 2
    expect(computePublicStats(tournaments(managers)).total_players).toBe(6)
  })

  it('every card carries the common fields and plain-text descriptions', () => {
    for (const [key, card] of Object.entries(s)) {
      expect(card, key).not.toBeNull()
      expect(card, key).toMatchObject({
        manager: expect.any(String),
        player: expect.any(String),
        team_name: expect.any(String),
        description: expect.any(String),
        source_tournament_name: expect.any(String),
        league: expect.any(String),
      })
      expect((card as { description: string }).description).not.toMatch(/[<>]/)
    }
  })

  it('no managers: empty stats, zero players, a message', () => {
    expect(computePublicStats([])).toEqual({ stats: {}, total_players: 0, total_leagues: 0, data_source: 'live', message: 'No managers yet.' })
    const empty = tournaments().map((t) => ({ ...t, managers: [] }))
    expect(computePublicStats(empty)).toMatchObject({ stats: {}, total_players: 0, total_leagues: 2 })
    expect(hasPublicStats(computePublicStats(empty).stats)).toBe(false)
    expect(hasPublicStats(result.stats)).toBe(true)
  })

  it('the error shape has the fallback answer’s exact text (decision 181, R8)', () => {
    expect(PUBLIC_STATS_ERROR).toEqual({
      stats: {},
      total_players: 0,
      total_leagues: 0,
      data_source: 'error',
      message: 'Unable to load public banter stats at this time.',
    })
  })
})
