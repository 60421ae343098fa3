import type { BatchItem } from 'drizzle-orm/batch'
import type { Database } from '../../db/client'
import { supersedeStoryStatement } from '../snapshot-store'
import type { ArchiveStore } from './archive'
import type { StoryContext } from './context'
import { type GazetteStep, gazetteStep } from './gazette'
import { hallOfFameDocument } from './hall-of-fame'
import { gameweeksToKeep, keepStatements, keptGameweeks } from './history'
import { raceDocument } from './race'

export type { StoryContext } from './context'

export interface StoryStep {
  /** The snapshot's race (Race Centre). */
  race: Record<string, unknown> | null
  /** The snapshot's Hall of Fame: on a checked gameweek only; readers take the newest one. */
  hallOfFame: Record<string, unknown> | null
  /** To run in the snapshot's batch (one transaction): the kept gameweeks and seasons, the Gazette. */
  statements: Array<BatchItem<'sqlite'>>
  /** A checked gameweek's edition: what the notifications announce once the batch is written. */
  gazette: GazetteStep | null
}

/** The league's story for a snapshot the refresh is about to write (decision 131). */
export async function storyStep(db: Database, archive: ArchiveStore, ctx: StoryContext): Promise<StoryStep> {
  const kept = await keptGameweeks(db, ctx.tournament.id, ctx.season)
  const keep = gameweeksToKeep(ctx, kept)
  const race = raceDocument(ctx)
  const hallOfFame = ctx.status === 'checked' ? await hallOfFameDocument(db, archive, ctx, keep) : null
  const seasonRecords = hallOfFame?.summaries.find((s) => s.tournament_id === ctx.tournament.id && s.season === ctx.season)?.records
  const gazette = ctx.status === 'checked' ? await gazetteStep(db, ctx, { race, seasonRecords }) : null
  return {
    race,
    hallOfFame,
    gazette,
    statements: [
      ...keepStatements(db, ctx, keep),
      ...(gazette?.statements ?? []),
      supersedeStoryStatement(db, ctx.tournament.id, ctx.season, ctx.gameweek, hallOfFame !== null),
    ],
  }
}
