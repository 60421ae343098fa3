import { RACE_PENDING_MESSAGE, type RaceAnswer } from '../../contract/race'
import { type BatchRead, mapRead } from '../db/batch'
import type { Database } from '../db/client'
import { latestSnapshotRead } from './snapshot-store'
import type { RaceDocument } from './story/race'

// The Race Centre's answer (GET /api/leagues/{id}/race, decision 132): the races the refresh computed
// for the newest snapshot (services/story/race.ts), or why there are none yet.

export const raceRead = (db: Database, tournamentId: number): BatchRead<RaceAnswer> =>
  mapRead(latestSnapshotRead(db, tournamentId, 'race'), (snapshot) => {
    const race = (snapshot?.document as RaceDocument | null | undefined) ?? null
    if (!race)
      return { month: null, season: null, computed_at: null, gameweek: snapshot?.gameweek ?? null, provisional: false, runs: 0, message: RACE_PENDING_MESSAGE }
    return { ...race, message: null }
  })
