import type { StoryContext } from '../../../worker/services/story/context'

/** A checked gameweek's story context with nothing in it but what a test gives (the refresh builds the real one). */
export function storyContext(
  tournament: Pick<StoryContext['tournament'], 'id' | 'name'> & Partial<StoryContext['tournament']>,
  over: Partial<StoryContext> = {},
): StoryContext {
  const gameweek = over.gameweek ?? 38
  return {
    tournament: { type: 'private', gazetteEnabled: true, previousTournamentId: null, ...tournament },
    season: '2026/27',
    gameweek,
    status: 'checked',
    version: `${gameweek}:checked`,
    bootstrap: { phases: [], events: [] },
    rows: [],
    meta: { league_name: tournament.name, total_members: 0, truncated: false, last_updated_data: null, fpl_active_members: 0 },
    cohort: [],
    phaseTables: new Map(),
    monthlyWinners: [],
    banter: null,
    live: { elements: [] } as unknown as StoryContext['live'],
    ...over,
  }
}
