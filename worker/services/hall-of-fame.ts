import { HALL_OF_FAME_PENDING, type RecordsAnswer, type SeasonsAnswer } from '../../contract/hall-of-fame'
import { type BatchRead, mapRead, rowsOf } from '../db/batch'
import type { Database } from '../db/client'
import { type HallOfFameDocument, newestHallOfFameQuery } from './story/hall-of-fame'

// The Hall of Fame's answers (GET /api/leagues/{id}/records and /seasons, decision 136): read from the
// newest snapshot that has one (the refresh computes it on each checked gameweek,
// services/story/hall-of-fame.ts), shaped here so the routes only check who may read them.

const newestHallOfFameRead = (db: Database, tournamentId: number): BatchRead<HallOfFameDocument | null> =>
  mapRead(rowsOf(newestHallOfFameQuery(db, tournamentId)), ([row]) => (row ? (row.document as HallOfFameDocument) : null))

const pending = { status: 'pending' as const, message: HALL_OF_FAME_PENDING, computed_at: null }

export const recordsRead = (db: Database, tournamentId: number): BatchRead<RecordsAnswer> =>
  mapRead(newestHallOfFameRead(db, tournamentId), (document) =>
    document
      ? { status: 'ready', message: null, records: document.records, seasons_covered: document.seasons_covered, computed_at: document.computed_at }
      : { ...pending, records: [], seasons_covered: [] },
  )

export const seasonsRead = (db: Database, tournamentId: number): BatchRead<SeasonsAnswer> =>
  mapRead(newestHallOfFameRead(db, tournamentId), (document) =>
    document ? { status: 'ready', message: null, seasons: document.seasons, computed_at: document.computed_at } : { ...pending, seasons: [] },
  )
