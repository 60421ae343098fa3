import { Hono } from 'hono'
import { RACE_PENDING_MESSAGE, type RaceAnswer } from '../../contract/race'
import type { AppEnv } from '../env'
import { idParam } from '../lib/params'
import { validate } from '../lib/validation'
import { session } from '../middleware/session'
import { latestSnapshotRead, type SnapshotView } from '../services/snapshot-store'
import type { RaceDocument } from '../services/story/race'
import { tournamentData } from './tournament-access'

// /api/leagues/{id}/race: the Race Centre (issue 16), as the refresh computed it for the newest
// snapshot, for whoever may read the standings.

function raceAnswer(snapshot: SnapshotView | null): RaceAnswer {
  const race = (snapshot?.document as RaceDocument | null | undefined) ?? null
  if (!race)
    return { month: null, season: null, computed_at: null, gameweek: snapshot?.gameweek ?? null, provisional: false, runs: 0, message: RACE_PENDING_MESSAGE }
  return { ...race, message: null }
}

export const raceRoutes = new Hono<AppEnv>().get('/:id/race', validate('param', idParam), session('optional'), async (c) => {
  const { id } = c.req.valid('param')
  return c.json(
    await tournamentData(
      c,
      id,
      () => latestSnapshotRead(c.var.db, id, 'race'),
      (_t, _v, snapshot) => raceAnswer(snapshot),
    ),
  )
})
