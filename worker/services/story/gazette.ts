import type { Database } from '../../db/client'
import type { StoryContext } from './context'

// Issue 16 helper H2 replaces this: the Gameweek Gazette's publishing statements.
export async function gazetteStatements(
  _db: Database,
  _ctx: StoryContext,
  _story: { race: Record<string, unknown> | null; hallOfFame: Record<string, unknown> | null },
): Promise<D1PreparedStatement[]> {
  return []
}
