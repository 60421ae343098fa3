import type { FplHistory, FplLive } from '../../../worker/fpl/schemas'
import type { StoryContext } from '../../../worker/services/story/context'

// A hand-built league for the story's pure steps: four gameweeks, one month ("August", GW 1-4),
// managers whose net scores are written out by each test.

export interface Manager {
  id: number
  name: string
  /** Net points per gameweek played so far. */
  scores: number[]
}

const history = (scores: number[]): FplHistory =>
  ({
    current: scores.map((points, i) => ({
      event: i + 1,
      points,
      total_points: scores.slice(0, i + 1).reduce((a, b) => a + b, 0),
      rank: 1,
      rank_sort: 1,
      overall_rank: 1,
      percentile_rank: 1,
      bank: 0,
      value: 1000,
      event_transfers: 0,
      event_transfers_cost: 0,
      points_on_bench: 0,
    })),
    past: [],
    chips: [],
  }) as FplHistory

export function league(
  managers: Manager[],
  options: { gameweek: number; status?: StoryContext['status']; version?: string; cohort?: Manager[] },
): StoryContext {
  const played = options.status === 'upcoming' ? options.gameweek - 1 : options.gameweek
  const total = (m: Manager) => m.scores.slice(0, played).reduce((a, b) => a + b, 0)
  const ranked = [...managers].sort((a, b) => total(b) - total(a) || a.id - b.id)
  const rows = ranked.map((m, i) => ({
    position: i + 1,
    fpl_team_id: m.id,
    team_name: `${m.name} FC`,
    player_name: m.name,
    total_points: total(m),
    gameweek_points: m.scores[played - 1] ?? 0,
    rank: i + 1,
    last_rank: null,
  }))
  return {
    tournament: { id: 7, name: 'Hand League', type: 'private', gazetteEnabled: true, previousTournamentId: null },
    season: '2026/27',
    gameweek: options.gameweek,
    status: options.status ?? 'checked',
    version: options.version ?? `${options.gameweek}:checked`,
    bootstrap: {
      events: [1, 2, 3, 4].map((id) => ({
        id,
        deadline_time: '',
        finished: id <= played,
        data_checked: id <= played,
        is_current: id === options.gameweek,
        is_next: false,
      })),
      phases: [
        { id: 1, name: 'Overall', start_event: 1, stop_event: 4 },
        { id: 2, name: 'August', start_event: 1, stop_event: 4 },
      ],
    } as unknown as StoryContext['bootstrap'],
    rows,
    meta: { league_name: 'Hand League', total_members: managers.length, truncated: false, last_updated_data: null, fpl_active_members: 1 },
    cohort: (options.cohort ?? managers).map((m) => ({
      entryId: m.id,
      teamName: `${m.name} FC`,
      playerName: m.name,
      history: history(m.scores.slice(0, played)),
      picks: null,
    })),
    phaseTables: new Map([[2, ranked.map((m) => ({ entry: m.id, player_name: m.name, team_name: `${m.name} FC`, total: total(m) }))]]),
    monthlyWinners: [],
    banter: null,
    live: { elements: [] } as unknown as FplLive,
  }
}
