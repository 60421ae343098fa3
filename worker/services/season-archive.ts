import type { Database } from '../db/client'
import { getDb } from '../db/client'
import type { Bindings } from '../env'
import { log } from '../lib/log'
import { recordMetric } from '../lib/metrics'
import { type BatchSender, sendInBatches } from '../lib/queues'
import { archiveSeason, seasonsToArchive } from './story/archive'

// The season archive's job (decision 186): after the rollover, each cron run queues what D1 still
// holds of closed seasons, one (tournament, season) per message on the refresh queue; a message
// moves it into the archive. A failure is retried, then dead-lettered (decision 156): never lost.

export interface SeasonArchiveMessage {
  season_archive: { tournament_id: number; season: string }
}

export const isSeasonArchiveMessage = (body: unknown): body is SeasonArchiveMessage => typeof body === 'object' && body !== null && 'season_archive' in body

/**
 * Pairs queued per cron run (every 10 minutes): 10,000 tournaments are archived in under four
 * hours, and a run's messages are done long before the next run could queue them again.
 */
const ARCHIVES_PER_RUN = 500

/** Queues the closed seasons left in D1 (none before the first rollover); answers how many. */
export async function queueSeasonArchives(db: Database, queue: BatchSender<SeasonArchiveMessage>, currentSeason: string): Promise<number> {
  const pairs = await seasonsToArchive(db, currentSeason, ARCHIVES_PER_RUN)
  await sendInBatches(
    queue,
    pairs.map((p) => ({ body: { season_archive: { tournament_id: p.tournamentId, season: p.season } } })),
  )
  return pairs.length
}

export async function handleSeasonArchiveMessage(env: Bindings, body: SeasonArchiveMessage) {
  const { tournament_id: tournamentId, season } = body.season_archive
  try {
    const archived = await archiveSeason(getDb(env.DB), env.ARCHIVE, tournamentId, season)
    recordMetric(env, 'season_archive', { value: archived.bytes, labels: { outcome: archived.bytes ? 'archived' : 'nothing_left' } })
    if (archived.bytes) log.info('Season archived', { tournament_id: tournamentId, season, ...archived })
  } catch (error) {
    recordMetric(env, 'season_archive', { value: 0, labels: { outcome: 'error' } })
    throw error
  }
}
