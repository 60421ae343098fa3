import type { Database } from '../../db/client'
import type { StoryContext } from './context'
import type { KeptGameweek } from './history'

// Issue 16 helper H3 replaces this: records and seasons from the kept gameweeks.
export async function hallOfFameDocument(_db: Database, _ctx: StoryContext, _keep: KeptGameweek[]): Promise<Record<string, unknown> | null> {
  return null
}
