/**
 * A tournament's live hub (a Durable Object per tournament): computes the tournament's live table
 * once per feed generation and keeps it for every request, and holds the tournament's open
 * screens as hibernating WebSockets (an idle socket costs nothing) to which it sends a short
 * `live` message on each change; the screens then re-read their page (decision 102).
 * The route has authorized the viewer before any call reaches the hub.
 */
import { DurableObject } from 'cloudflare:workers'
import type { LiveAnswer, LiveSocketMessage, LiveTeamAnswer } from '../../contract/live'
import { LIVE_SOCKET_PROTOCOL } from '../../contract/live'
import { getDb } from '../db/client'
import type { Bindings } from '../env'
import { stillReadable } from '../services/access'
import { notifyOvertakes } from '../services/notifications/overtakes'
import { type FeedGen, type LiveFeed, readFeed, readFeedGen } from './feed'
import { pollerOf } from './hubs'
import {
  liveAnswer,
  liveState,
  liveTeamAnswer,
  loadManagers,
  type SnapshotKey,
  snapshotKey,
  type TournamentLive,
  type TournamentManagers,
  tournamentLive,
} from './table'

/** The route names the tournament and the viewer (a user id, absent when signed out) of an upgrade. */
export const LIVE_TOURNAMENT_HEADER = 'x-live-tournament'
export const LIVE_VIEWER_HEADER = 'x-live-viewer'

interface SocketViewer {
  viewer: number | null
}

/** The live ranks of the last table an alert compared, kept across the hub's evictions. */
interface RanksKept {
  gameweek: number
  ranks: [entry: number, rank: number][]
}

/** A feed older than this (three polls) may mean the poller is not running. */
const IDLE_FEED_MS = 3 * 60_000
const WAKE_EVERY_MS = 10 * 60_000
/** While some managers' picks are still being fetched, the managers are read again this often. */
const PENDING_RELOAD_MS = 10_000

export class LiveHub extends DurableObject<Bindings> {
  private cached: TournamentLive | null = null
  private managers: { loaded: TournamentManagers; at: number } | null = null
  private wokeAt = 0

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env)
    // Keep-alive pings are answered without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'))
  }

  async live(tournamentId: number, query: { page: number; limit: number; viewerTeamId: number | null }): Promise<LiveAnswer> {
    return liveAnswer(await this.table(tournamentId), query)
  }

  async team(tournamentId: number, fplTeamId: number): Promise<LiveTeamAnswer | null> {
    return liveTeamAnswer(await this.table(tournamentId), fplTeamId)
  }

  /**
   * The poller's news of a new feed: push it to the open screens whose viewer may still read the
   * tournament (a member the commissioner removed since is disconnected). Answers how many are open.
   */
  async changed(tournamentId: number): Promise<number> {
    const sockets = await this.readers(tournamentId)
    if (sockets.length === 0) return 0
    const live = await this.table(tournamentId, { byThePoller: true })
    const message: LiveSocketMessage = { type: 'live', ...liveState(live), fixtures: live.fixtures, swings: live.swings }
    const text = JSON.stringify(message)
    for (const socket of sockets) {
      try {
        socket.send(text)
      } catch {
        // A socket closing as we send: its close handler tidies up.
      }
    }
    return sockets.length
  }

  /**
   * The poller's news of a new feed for a league whose members want to hear of overtakes: compare
   * its live table with the one of the previous news and queue a push for each member passed by a
   * rival (only inside a match window, and never on the first table of a gameweek: there is nothing
   * to compare with). Answers how many members were told.
   */
  async alert(tournamentId: number, window: string | null): Promise<number> {
    const live = await this.table(tournamentId, { byThePoller: true })
    const before = await this.ctx.storage.get<RanksKept>('ranks')
    await this.ctx.storage.put('ranks', { gameweek: live.gameweek, ranks: live.rows.map((r) => [r.fpl_team_id, r.live_rank]) } satisfies RanksKept)
    if (window === null || before?.gameweek !== live.gameweek || live.status === 'checked') return 0
    return notifyOvertakes(
      { db: getDb(this.env.DB), queue: this.env.NOTIFY_QUEUE },
      { id: tournamentId, gameweek: live.gameweek, window },
      new Map(before.ranks),
      live.rows,
    )
  }

  /**
   * The WebSocket upgrade the route forwards once the viewer may read the tournament (the route is
   * the only way in: it names the tournament and the viewer).
   */
  override async fetch(request: Request): Promise<Response> {
    const tournamentId = Number(request.headers.get(LIVE_TOURNAMENT_HEADER))
    const viewer = Number(request.headers.get(LIVE_VIEWER_HEADER)) || null
    const pair = new WebSocketPair()
    this.ctx.acceptWebSocket(pair[1])
    pair[1].serializeAttachment({ viewer } satisfies SocketViewer)
    await this.ctx.storage.put('tournament', tournamentId)
    await pollerOf(this.env).watch(tournamentId, true)
    const offered = (request.headers.get('sec-websocket-protocol') ?? '').split(',').map((p) => p.trim())
    const headers = offered.includes(LIVE_SOCKET_PROTOCOL) ? { 'sec-websocket-protocol': LIVE_SOCKET_PROTOCOL } : undefined
    return new Response(null, { status: 101, webSocket: pair[0], headers })
  }

  override async webSocketMessage(): Promise<void> {
    // Screens only listen; anything they send but the keep-alive ping is ignored.
  }

  override async webSocketClose(socket: WebSocket, code: number): Promise<void> {
    socket.close(code === 1005 || code === 1006 ? 1000 : code, 'closed')
    await this.forgetIfIdle()
  }

  override async webSocketError(): Promise<void> {
    await this.forgetIfIdle()
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

  /** The open sockets whose viewer may still read the tournament; the others are closed. */
  private async readers(tournamentId: number): Promise<WebSocket[]> {
    const sockets = this.ctx.getWebSockets().filter((s) => s.readyState === WebSocket.OPEN)
    if (sockets.length === 0) return []
    const viewerOf = (s: WebSocket) => (s.deserializeAttachment() as SocketViewer | null)?.viewer ?? null
    const allowed = await stillReadable(getDb(this.env.DB), tournamentId, [...new Set(sockets.map(viewerOf))])
    return sockets.filter((socket) => {
      if (allowed.has(viewerOf(socket))) return true
      socket.close(4403, 'You can no longer see this league.')
      return false
    })
  }

  private async forgetIfIdle(): Promise<void> {
    const open = this.ctx.getWebSockets().filter((s) => s.readyState === WebSocket.OPEN)
    if (open.length > 0) return
    const tournamentId = await this.ctx.storage.get<number>('tournament')
    if (tournamentId !== undefined) await pollerOf(this.env).watch(tournamentId, false)
  }

  /**
   * The table of the current feed generation, computed at most once per generation from the
   * managers and picks kept for the gameweek (read again only while picks are arriving or after the
   * refresh stored a new table). A reader wakes an idle poller; the poller's own news does not.
   */
  private async table(tournamentId: number, { byThePoller = false } = {}): Promise<TournamentLive> {
    const db = getDb(this.env.DB)
    const [gen, snapshot] = await Promise.all([readFeedGen(db), snapshotKey(db, tournamentId)])
    const now = Date.now()
    if (!byThePoller) await this.wakeThePollerIfIdle(gen, now)
    const kept = this.managers
    const managersFresh =
      kept !== null &&
      kept.loaded.gameweek === (gen?.gameweek ?? snapshot?.gameweek) &&
      sameSnapshot(kept.loaded.snapshot, snapshot) &&
      (kept.loaded.pending === 0 || now - kept.at < PENDING_RELOAD_MS)
    if (this.cached && managersFresh && gen && this.cached.gen === gen.gen) {
      this.cached.updated_at = gen.fetched_at
      return this.cached
    }
    const feed = (gen && (await readFeed(db))) || restingFeed(snapshot)
    const loaded = managersFresh && kept ? kept.loaded : await loadManagers(db, tournamentId, feed.gameweek, snapshot)
    if (!managersFresh) this.managers = { loaded, at: now }
    this.cached = tournamentLive(feed, loaded)
    return this.cached
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
