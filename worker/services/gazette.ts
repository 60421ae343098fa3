import { and, desc, eq, isNull } from 'drizzle-orm'
import type { GazetteAnswer, GazetteDocument, GazetteFinale } from '../../contract/gazette'
import { rowsOf } from '../db/batch'
import type { Database } from '../db/client'
import { gazetteEditions } from '../db/schema'
import { ApiError } from '../lib/errors'
import type { SessionUser } from './auth/sessions'
import { setGazetteEnabled, type Tournament } from './tournaments'

// The wall's Gameweek Gazette (decision 134): the refresh publishes editions
// (services/story/gazette.ts); members read them, the commissioner deletes one or turns it off.

/** Editions a wall shows: enough for a month and a bit. */
const EDITIONS_SHOWN = 6

export const editionsRead = (db: Database, tournamentId: number) =>
  rowsOf(
    db
      .select()
      .from(gazetteEditions)
      .where(and(eq(gazetteEditions.tournamentId, tournamentId), isNull(gazetteEditions.deletedAt)))
      .orderBy(desc(gazetteEditions.publishedAt))
      .limit(EDITIONS_SHOWN),
  )

type EditionRow = typeof gazetteEditions.$inferSelect

/**
 * The champion as the tournament's newest season finale crowned them (decision 184), or null
 * before any season has finished (or when the commissioner removed the finale from the wall).
 * Seasons ("2026/27") sort as text; a season has one finale, its last gameweek's edition.
 */
export async function newestFinale(db: Database, tournamentId: number): Promise<GazetteFinale | null> {
  const [row] = await db
    .select({ document: gazetteEditions.document })
    .from(gazetteEditions)
    .where(and(eq(gazetteEditions.tournamentId, tournamentId), eq(gazetteEditions.kind, 'finale'), isNull(gazetteEditions.deletedAt)))
    .orderBy(desc(gazetteEditions.season))
    .limit(1)
  return (row?.document as unknown as GazetteDocument | undefined)?.finale ?? null
}

/** An edition's insert, to run in its snapshot's batch: once, as the primary key (tournament, season, gameweek) refuses a second. */
export const publishEditionStatement = (db: Database, edition: typeof gazetteEditions.$inferInsert) =>
  db
    .insert(gazetteEditions)
    .values(edition)
    .onConflictDoNothing({ target: [gazetteEditions.tournamentId, gazetteEditions.season, gazetteEditions.gameweek] })

export function gazetteAnswer(tournament: Tournament, viewer: SessionUser, rows: EditionRow[]): GazetteAnswer {
  return {
    enabled: tournament.gazetteEnabled,
    can_moderate: tournament.commissionerId === viewer.id,
    // The newest edition is pinned until the next one (while the Gazette is on).
    editions: rows.map((row, i) => ({
      season: row.season,
      gameweek: row.gameweek,
      kind: row.kind,
      published_at: row.publishedAt.toISOString(),
      pinned: i === 0 && tournament.gazetteEnabled,
      document: row.document as unknown as GazetteDocument,
    })),
  }
}

/** The commissioner removes an edition for good: the row stays (deleted), so no refresh publishes it again. */
export async function deleteEdition(db: Database, tournament: Tournament, moderator: SessionUser, season: string, gameweek: number) {
  const rows = await db
    .update(gazetteEditions)
    .set({ deletedAt: new Date(), deletedBy: moderator.id })
    .where(
      and(
        eq(gazetteEditions.tournamentId, tournament.id),
        eq(gazetteEditions.season, season),
        eq(gazetteEditions.gameweek, gameweek),
        isNull(gazetteEditions.deletedAt),
      ),
    )
    .returning({ gameweek: gazetteEditions.gameweek })
  if (rows.length === 0) throw new ApiError(404, 'That Gazette edition is not on the wall.', { code: 'edition_not_found' })
  return { message: `The GW ${gameweek} Gazette is removed from the wall.` }
}

/** On or off for the next checked gameweek; editions already published stay until deleted. */
export async function setGazette(db: Database, tournament: Tournament, enabled: boolean) {
  await setGazetteEnabled(db, tournament.id, enabled)
  return {
    enabled,
    message: enabled
      ? 'The Gameweek Gazette is on: the next edition comes when FPL checks the gameweek.'
      : 'The Gameweek Gazette is off: no new editions will be posted.',
  }
}
