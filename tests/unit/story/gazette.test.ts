import { describe, expect, it } from 'vitest'
import { LOW_PROFILE } from '../../../contract/gazette'
import type { StoryContext } from '../../../worker/services/story/context'
import { composeEdition } from '../../../worker/services/story/gazette'
import { raceDocument } from '../../../worker/services/story/race'
import { league, type Manager } from './hand-league'

// The Gazette's words (decision 134) on a hand-built league: facts only, the same words for the
// same gameweek, variety across gameweeks, nobody named who switched sharing off.

const priya: Manager = { id: 1, name: 'Priya <script>', scores: [70, 60, 70, 40] }
const tom: Manager = { id: 2, name: 'Tom', scores: [60, 70, 60, 90] }
const sam: Manager = { id: 3, name: 'Sam', scores: [30, 40, 30, 20] }

const banter = (ctx: StoryContext) =>
  ({
    gameweek_rocket: { manager: 'Tom', player: 'Tom', team_name: 'Tom FC', description: 'Tom scored 90 in GW 4.', points: 90 },
    tournament_leader: {
      manager: 'Priya <script>',
      player: 'Priya <script>',
      team_name: 'Priya <script> FC',
      description: '280 points, 10 clear of Tom.',
      points: 280,
    },
    captain_catastrophe: null,
    league_context: { gameweek: ctx.gameweek },
  }) as unknown as StoryContext['banter']

function ctxAt(gameweek: number, tournamentId = 7): StoryContext {
  const ctx = league([priya, tom, sam], { gameweek })
  return { ...ctx, tournament: { ...ctx.tournament, id: tournamentId }, banter: banter(ctx) }
}

describe('composeEdition', () => {
  it('tells the week from the facts: the average, the leader, the awards, the month and the race', () => {
    const ctx = ctxAt(3)
    const { kind, document } = composeEdition(ctx, { race: raceDocument(ctx) }, [])
    expect(kind).toBe('gameweek')
    // GW 3: 70, 60, 30 → average 53; Priya leads on 200.
    expect(document.standfirst).toBe('Hand League, gameweek 3: an average of 53 points across 3 managers, and Priya <script> leads on 200.')
    expect(document.awards.map((a) => a.key)).toEqual(['gameweek_rocket'])
    expect(document.month).toEqual({
      name: 'August',
      finished: false,
      top: [
        { position: 1, player_name: 'Priya <script>', points: 200 },
        { position: 2, player_name: 'Tom', points: 190 },
        { position: 3, player_name: 'Sam', points: 100 },
      ],
    })
    expect(document.race?.lines).toEqual(['Tom needs 11 more than Priya <script> over GW 4'])
    expect(document.manager_of_the_month).toBeNull()
  })

  it('writes the same words for the same gameweek, and varies them across gameweeks and leagues', () => {
    const once = composeEdition(ctxAt(3), { race: null }, []).document.headline
    expect(composeEdition(ctxAt(3), { race: null }, []).document.headline).toBe(once)
    const headlines = new Set(Array.from({ length: 12 }, (_, i) => composeEdition(ctxAt(3, 100 + i), { race: null }, []).document.headline))
    expect(headlines.size).toBeGreaterThan(1)
    // Every headline states a fact of the week: the top score (70), the leader or the bottom score.
    for (const h of headlines) expect(h).toMatch(/70|Priya <script>/)
  })

  it("is the month's Manager of the Month edition on its last gameweek", () => {
    const ctx: StoryContext = {
      ...ctxAt(4),
      monthlyWinners: [
        {
          month: 'August',
          year: 2026,
          phase_id: 2,
          start_event: 1,
          stop_event: 4,
          status: 'finished',
          gameweeks_played: 4,
          prize: 0,
          leading_player: 'Tom',
          leading_points: 280,
          joint_leaders: ['Tom', 'Priya <script>'],
          winner: 'Tom',
          joint_winners: ['Tom', 'Priya <script>'],
          monthly_points: 280,
          average_per_gw: 70,
          runners_up: [],
        },
      ],
    }
    const { kind, document } = composeEdition(ctx, { race: null }, [])
    expect(kind).toBe('month')
    expect(document.headline).toBe("Tom and Priya <script> share August's Manager of the Month with 280 points")
    expect(document.manager_of_the_month).toEqual({ month: 'August', winners: ['Tom', 'Priya <script>'], points: 280 })
    expect(document.month?.finished).toBe(true)
  })

  it('never names a manager who switched sharing off: not in the headline, the awards, the month or the race', () => {
    const ctx = ctxAt(3)
    for (let id = 0; id < 12; id++) {
      const { document } = composeEdition({ ...ctx, tournament: { ...ctx.tournament, id } }, { race: raceDocument(ctx) }, [
        'Priya <script>',
        'Priya <script> FC',
      ])
      const text = JSON.stringify(document)
      expect(text).not.toContain('Priya')
      expect(text).toContain(LOW_PROFILE)
      // A sentence that now opens with the stand-in opens with a capital.
      expect(document.headline.startsWith('a manager')).toBe(false)
    }
  })

  describe('the season finale (decision 184)', () => {
    // Totals after the hand league's four weeks: Tom 280, Priya 240, Sam 120. Played as the season's last gameweek.
    const lastGameweek = (): StoryContext => ({ ...ctxAt(4), gameweek: 38 })
    const bestGameweek = {
      kind: 'best_gameweek' as const,
      title: 'Best gameweek',
      value: 90,
      unit: 'points' as const,
      holders: [{ fpl_team_id: 2, player_name: 'Tom', team_name: 'Tom FC', season: '2026/27', gameweek: 4, gameweek_to: null, month: null }],
      holder_count: 1,
      covers: null,
    }

    it('crowns the champion with the final podium and the season records', () => {
      const { kind, document } = composeEdition(lastGameweek(), { race: null, seasonRecords: [bestGameweek] }, [])
      expect(kind).toBe('finale')
      expect(document.headline).toBe('Tom is the Hand League champion of 2026/27!')
      expect(document.standfirst).toBe('Hand League, 2026/27 is over: Tom finished on 280 points, 40 ahead of Priya <script>.')
      expect(document.finale).toEqual({
        season: '2026/27',
        champions: ['Tom'],
        points: 280,
        podium: [
          { position: 1, player_name: 'Tom', points: 280 },
          { position: 2, player_name: 'Priya <script>', points: 240 },
          { position: 3, player_name: 'Sam', points: 120 },
        ],
        records: [{ title: 'Best gameweek', value: 90, unit: 'points', holders: ['Tom'] }],
      })
    })

    it('shares the title between managers FPL ranks level, and says a tie-break settled it', () => {
      const level = lastGameweek()
      level.rows = level.rows.map((r) => (r.player_name === 'Sam' ? r : { ...r, total_points: 280, rank: 1 }))
      expect(composeEdition(level, { race: null }, []).document.headline).toBe('Tom and Priya <script> share the Hand League title for 2026/27')

      const tieBreak = lastGameweek()
      tieBreak.rows = tieBreak.rows.map((r) => (r.player_name === 'Priya <script>' ? { ...r, total_points: 280 } : r))
      expect(composeEdition(tieBreak, { race: null }, []).document.standfirst).toBe(
        "Hand League, 2026/27 is over: Tom finished on 280 points, level with Priya <script> and ahead on FPL's tie-break.",
      )
    })

    it('never names a champion who switched sharing off', () => {
      const { document } = composeEdition(lastGameweek(), { race: null, seasonRecords: [bestGameweek] }, ['Tom', 'Tom FC'])
      expect(JSON.stringify(document)).not.toContain('Tom')
      expect(document.finale?.champions).toEqual([`A${LOW_PROFILE.slice(1)}`])
      expect(document.headline).toBe(`A${LOW_PROFILE.slice(1)} is the Hand League champion of 2026/27!`)
    })

    it('is only the last gameweek: the one before is a month edition as before', () => {
      const { kind, document } = composeEdition({ ...ctxAt(4), gameweek: 37 }, { race: null, seasonRecords: [bestGameweek] }, [])
      expect(kind).not.toBe('finale')
      expect(document.finale).toBeUndefined()
    })
  })
})
