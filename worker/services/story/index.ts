import { and, eq, isNotNull, ne, or } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { Database } from '../../db/client'
import { tournamentSnapshots } from '../../db/schema'
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

/** The league's story for a snapshot the refresh is about to write (issue 16, decision 131). */
export async function storyStep(db: Database, ctx: StoryContext): Promise<StoryStep> {
  const kept = await keptGameweeks(db, ctx.tournament.id, ctx.season)
  const keep = gameweeksToKeep(ctx, kept)
  const race = raceDocument(ctx)
  const hallOfFame = ctx.status === 'checked' ? await hallOfFameDocument(db, ctx, keep) : null
  const gazette = ctx.status === 'checked' ? await gazetteStep(db, ctx, { race }) : null
  return {
    race,
    hallOfFame,
    gazette,
    statements: [...keepStatements(db, ctx, keep), ...(gazette?.statements ?? []), supersede(db, ctx, hallOfFame !== null)],
  }
}

// Only the newest race and Hall of Fame are ever read: older snapshots let theirs go, so a season
// stores one of each per tournament rather than one per gameweek (decision 138).
const supersede = (db: Database, ctx: StoryContext, newHallOfFame: boolean) =>
  db
    .update(tournamentSnapshots)
    .set(newHallOfFame ? { race: null, hallOfFame: null } : { race: null })
    .where(
      and(
        eq(tournamentSnapshots.tournamentId, ctx.tournament.id),
        ne(tournamentSnapshots.gameweek, ctx.gameweek),
        newHallOfFame ? or(isNotNull(tournamentSnapshots.race), isNotNull(tournamentSnapshots.hallOfFame)) : isNotNull(tournamentSnapshots.race),
      ),
    )
