import { and, desc, eq, isNotNull } from 'drizzle-orm'
import { Hono } from 'hono'
import * as z from 'zod/mini'
import { HALL_OF_FAME_PENDING, type HallSeason, type RecordsResponse, type SeasonsResponse } from '../../contract/hall-of-fame'
import { constant, mapRead, rowsOf } from '../db/batch'
import type { Database } from '../db/client'
import { tournamentSnapshots } from '../db/schema'
import type { AppEnv } from '../env'
import { idParam } from '../lib/params'
import { validate } from '../lib/validation'
import { session } from '../middleware/session'
import { lineageOf, linkLineage } from '../services/lineage'
import type { HallOfFameDocument } from '../services/story/hall-of-fame'
import { managed, managedWith, tournamentData } from './tournament-access'

// /api/leagues/{id}/records, /seasons and /lineage: the Hall of Fame (issue 16), read from the
// newest snapshot that has one (the refresh computes it on each checked gameweek), for whoever may
// read the standings; the season lineage is the commissioner's.

const lineageBody = z.object({
  previous_fpl_league_id: z.nullable(
    z
      .number({ error: 'FPL league ID must be a positive number, or null to unlink' })
      .check(z.int('FPL league ID must be a whole number'), z.positive('FPL league ID must be a positive number'), z.maximum(2_147_483_647)),
  ),
})

function hallOfFameRead(db: Database, id: number) {
  const newest = db
    .select({ document: tournamentSnapshots.hallOfFame })
    .from(tournamentSnapshots)
    .where(and(eq(tournamentSnapshots.tournamentId, id), isNotNull(tournamentSnapshots.hallOfFame)))
    .orderBy(desc(tournamentSnapshots.refreshedAt))
    .limit(1)
  return mapRead(rowsOf(newest), ([row]) => (row ? { document: row.document as HallOfFameDocument } : null))
}

type HallRead = { document: HallOfFameDocument } | null

const pending = { status: 'pending' as const, message: HALL_OF_FAME_PENDING, computed_at: null }

function recordsResponse(read: HallRead): RecordsResponse {
  if (!read) return { ...pending, records: [], seasons_covered: [] }
  const { document } = read
  return {
    status: 'ready',
    message: null,
    records: document.records,
    seasons_covered: document.seasons_covered,
    computed_at: document.computed_at,
  }
}

function seasonsResponse(read: HallRead): SeasonsResponse {
  if (!read) return { ...pending, seasons: [] }
  const { document } = read
  const seasons: HallSeason[] = document.seasons
  return { status: 'ready', message: null, seasons, computed_at: document.computed_at }
}

export const hallOfFameRoutes = new Hono<AppEnv>()
  .get('/:id/records', validate('param', idParam), session('optional'), async (c) => {
    const { id } = c.req.valid('param')
    return c.json(
      await tournamentData(
        c,
        id,
        () => hallOfFameRead(c.var.db, id),
        (_t, _v, read) => recordsResponse(read),
      ),
    )
  })
  .get('/:id/seasons', validate('param', idParam), session('optional'), async (c) => {
    const { id } = c.req.valid('param')
    return c.json(
      await tournamentData(
        c,
        id,
        () => hallOfFameRead(c.var.db, id),
        (_t, _v, read) => seasonsResponse(read),
      ),
    )
  })
  .get('/:id/lineage', validate('param', idParam), session('required'), async (c) =>
    c.json(await lineageOf(c.var.db, await managed(c, c.req.valid('param').id))),
  )
  .put('/:id/lineage', validate('param', idParam), validate('json', lineageBody), session('required'), async (c) => {
    const { tournament, user } = await managedWith(c, c.req.valid('param').id, constant(null))
    return c.json(await linkLineage(c.var.db, tournament, user, c.req.valid('json').previous_fpl_league_id))
  })
