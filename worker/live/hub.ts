/**
 * A tournament's live hub (a Durable Object per tournament): computes the tournament's live table
 * once per feed generation and keeps it for every request, and holds the tournament's open
 * screens as hibernating WebSockets (an idle socket costs nothing) to which it sends a short
 * `live` message on each change; the screens then re-read their page (decision 102).
 * The route has authorized the viewer before any call reaches the hub.
 */
import { DurableObject } from 'cloudflare:workers'
import { desc, eq } from 'drizzle-orm'
import type { LiveAnswer, LiveSocketMessage, LiveTeamAnswer } from '../../contract/live'
import { LIVE_SOCKET_PROTOCOL } from '../../contract/live'
import { getDb } from '../db/client'
import { tournamentSnapshots } from '../db/schema'
import type { Bindings } from '../env'
import { stillReadable } from '../services/access'
import { type LiveFeed, readFeed, readFeedGen } from './feed'
import { pollerOf } from './hubs'
import { computeTournamentLive, liveAnswer, liveTeamAnswer, type TournamentLive } from './table'

/** The route names the tournament and the viewer (a user id, absent when signed out) of an upgrade. */
export const LIVE_TOURNAMENT_HEADER = 'x-live-tournament'
export const LIVE_VIEWER_HEADER = 'x-live-viewer'

interface SocketViewer {
  viewer: number | null
}

/** A computed table is kept this long within one generation (the stored table may change under it). */
const KEEP_MS = 60_000
/** ...and this long while some managers' picks are still being fetched. */
const KEEP_PENDING_MS = 10_000

export class LiveHub extends DurableObject<Bindings> {
  private cached: { live: TournamentLive; at: number } | null = null

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
    const live = await this.table(tournamentId)
    const message: LiveSocketMessage = {
      type: 'live',
      gameweek: live.gameweek,
      status: live.status,
      provisional: live.status !== 'checked',
      updating: live.updating,
      updated_at: live.updated_at,
      fixtures: live.fixtures,
      swings: live.swings,
    }
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

  /** The table of the current feed generation, computed at most once per generation. */
  private async table(tournamentId: number): Promise<TournamentLive> {
    const db = getDb(this.env.DB)
    const gen = await readFeedGen(db)
    const now = Date.now()
    const kept = this.cached
    if (kept && gen && kept.live.gen === gen.gen && now - kept.at < (kept.live.pendingSheets > 0 ? KEEP_PENDING_MS : KEEP_MS)) {
      kept.live.updated_at = gen.fetched_at
      return kept.live
    }
    const feed = (gen && (await readFeed(db))) || (await this.restingFeed(tournamentId))
    const live = await computeTournamentLive(db, tournamentId, feed)
    this.cached = { live, at: now }
    return live
  }

  /** Before the poller's first feed: the tournament's stored gameweek, with nothing live on top. */
  private async restingFeed(tournamentId: number): Promise<LiveFeed> {
    const [snapshot] = await getDb(this.env.DB)
      .select({ gameweek: tournamentSnapshots.gameweek, status: tournamentSnapshots.gameweekStatus })
      .from(tournamentSnapshots)
      .where(eq(tournamentSnapshots.tournamentId, tournamentId))
      .orderBy(desc(tournamentSnapshots.gameweek))
      .limit(1)
    return {
      gen: 0,
      gameweek: snapshot?.gameweek ?? 0,
      status: snapshot?.status ?? 'upcoming',
      fetched_at: null,
      updating: false,
      state_at: 0,
      next_deadline: null,
      event: { finished: snapshot?.status === 'checked' || snapshot?.status === 'finished', data_checked: snapshot?.status === 'checked' },
      eventStatus: null,
      elements: [],
      live: [],
      fixtures: [],
      changes: [],
    }
  }
}
