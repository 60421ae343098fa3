/**
 * What a tournament's hub (worker/durable-objects/hub.ts) keeps in memory: the live table computed once per
 * feed generation for every request, the managers and picks it is computed from (read again only
 * while picks are arriving or after the refresh stored a new table), and the one computation that
 * readers arriving together share.
 */
import { getDb } from '../../db/client'
import type { Bindings } from '../../env'
import { type FeedGen, type LiveFeed, readFeed, readFeedGen } from './feed'
import { pollerOf } from './hubs'
import { loadManagers, type SnapshotKey, snapshotKey, type TournamentLive, type TournamentManagers, tournamentLive, withArrivedSheets } from './table'

/** A feed older than this (three polls) may mean the poller is not running. */
const IDLE_FEED_MS = 3 * 60_000
const WAKE_EVERY_MS = 10 * 60_000
/** While some managers' picks are still being fetched, the managers are read again this often. */
const PENDING_RELOAD_MS = 10_000

export class HubTable {
  private cached: TournamentLive | null = null
  private managers: { loaded: TournamentManagers; at: number } | null = null
  /** The table being computed, by the version of what it is made of (the feed's generation, the stored table). */
  private building: { version: string; table: Promise<TournamentLive> } | null = null
  private wokeAt = 0

  constructor(
    private readonly env: Pick<Bindings, 'DB' | 'LIVE_POLLER'>,
    readonly tournamentId: number,
  ) {}

  /**
   * The table of the current feed generation, computed at most once per generation from the
   * managers and picks kept for the gameweek. A reader wakes an idle poller; the poller's own news
   * does not.
   */
  async table({ byThePoller = false } = {}): Promise<TournamentLive> {
    const db = getDb(this.env.DB)
    const [gen, snapshot] = await Promise.all([readFeedGen(db), snapshotKey(db, this.tournamentId)])
    const now = Date.now()
    if (!byThePoller) await this.wakeThePollerIfIdle(gen, now)
    const kept = this.managers
    const sameManagers = kept !== null && kept.loaded.gameweek === (gen?.gameweek ?? snapshot?.gameweek) && sameSnapshot(kept.loaded.snapshot, snapshot)
    const managersFresh = sameManagers && (kept.loaded.pending === 0 || now - kept.at < PENDING_RELOAD_MS)
    if (this.cached && managersFresh && gen && this.cached.gen === gen.gen) {
      this.cached.updated_at = gen.fetched_at
      return this.cached
    }
    // Readers arriving together (a page and the edge's `places` for one viewer, a burst after a
    // push) share one computation of this version of the table.
    const version = `${gen?.gen}/${snapshot?.gameweek}/${snapshot?.status}/${snapshot?.revision}`
    if (this.building?.version === version) return this.building.table
    const table = (async () => {
      const feed = (gen && (await readFeed(db))) || restingFeed(snapshot)
      const loaded =
        managersFresh && kept
          ? kept.loaded
          : sameManagers && kept
            ? await withArrivedSheets(db, this.tournamentId, kept.loaded)
            : await loadManagers(db, this.tournamentId, feed.gameweek, snapshot)
      if (!managersFresh) this.managers = { loaded, at: now }
      this.cached = tournamentLive(feed, loaded)
      return this.cached
    })()
    this.building = { version, table }
    try {
      return await table
    } finally {
      if (this.building?.table === table) this.building = null
    }
  }

  /**
   * A reader finds no feed, or one that has not moved for a while: make sure the poller's loop runs
   * (a deployment whose cron has not fired yet, a loop that died). `wake` does nothing when it
   * runs; a hub asks at most every ten minutes.
   */
  private async wakeThePollerIfIdle(gen: FeedGen | null, now: number): Promise<void> {
    const idle = !gen?.fetched_at || now - Date.parse(gen.fetched_at) > IDLE_FEED_MS
    if (!idle || now - this.wokeAt < WAKE_EVERY_MS) return
    this.wokeAt = now
    await pollerOf(this.env).wake()
  }
}

const sameSnapshot = (a: SnapshotKey | null, b: SnapshotKey | null) => a?.gameweek === b?.gameweek && a?.status === b?.status && a?.revision === b?.revision

/** Before the poller's first feed: the tournament's stored gameweek, with nothing live on top. */
function restingFeed(snapshot: SnapshotKey | null): LiveFeed {
  const status = (snapshot?.status ?? 'upcoming') as LiveFeed['status']
  return {
    gen: 0,
    gameweek: snapshot?.gameweek ?? 0,
    status,
    fetched_at: null,
    updating: false,
    state_at: 0,
    next_deadline: null,
    event: { finished: status === 'checked' || status === 'finished', data_checked: status === 'checked' },
    eventStatus: null,
    elements: [],
    live: [],
    fixtures: [],
    changes: [],
  }
}
