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
import { errorBody } from '../lib/errors'
import { type SocketSession, stillReadable } from '../services/access'
import { comparableRanks, notifyOvertakes } from '../services/notifications/overtakes'
import { type FeedGen, type LiveFeed, readFeed, readFeedGen } from './feed'
import { pollerOf } from './hubs'
import type { LivePlaces } from './page-cache'
import {
  liveAnswer,
  liveState,
  liveTeamAnswer,
  loadManagers,
  positionOf,
  type SnapshotKey,
  snapshotKey,
  type TournamentLive,
  type TournamentManagers,
  tournamentLive,
  withArrivedSheets,
} from './table'

/** The route's header naming an upgrade's socket (JSON of `LiveSocketRequest`): only the route reaches the hub. */
export const LIVE_SOCKET_HEADER = 'x-live-socket'

/** What the hub keeps of a socket (its attachment, which survives hibernation). */
export interface LiveSocketRequest {
  tournamentId: number
  /** The session the socket was opened with, re-checked at every push; null when signed out. */
  session: SocketSession | null
  /** The caller's address (rate-limit.ts's clientAddress), for the per-address cap. */
  address: string
}

/**
 * Open sockets a hub takes per signed-in user and per address (decision 142): a manager's phone,
 * laptop and a few tabs; a pub's or an office's shared address. Past them the upgrade is refused
 * with 429; a user's sockets across tournaments are bounded by the route's upgrade rate limit.
 */
export const SOCKETS_PER_USER = 10
export const SOCKETS_PER_ADDRESS = 100

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
  /** The table being computed, by the version of what it is made of (the feed's generation, the stored table). */
  private building: { version: string; table: Promise<TournamentLive> } | null = null
  private wokeAt = 0
  private tournamentId: number | undefined

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env)
    // Keep-alive pings are answered without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'))
  }

  async live(tournamentId: number, query: { page: number; limit: number; search: string | null; viewerTeamId: number | null }): Promise<LiveAnswer> {
    return liveAnswer(await this.table(tournamentId), query)
  }

  /** The table's order (entries, the positions they show) for the edge's kept pages (page-cache.ts) to place a viewer. */
  async places(tournamentId: number): Promise<LivePlaces> {
    const live = await this.table(tournamentId)
    return { entries: live.rows.map((r) => r.fpl_team_id), positions: live.rows.map((r) => positionOf(live, r)) }
  }

  async team(tournamentId: number, fplTeamId: number): Promise<LiveTeamAnswer | null> {
    return liveTeamAnswer(await this.table(tournamentId), fplTeamId)
  }

  /**
   * The poller's news of a new feed (fanout.ts): push it to the open screens. A hub found without
   * one (its sockets went without a close it saw) stops being watched. Answers how many are open.
   */
  async changed(tournamentId: number): Promise<number> {
    const sockets = await this.push(tournamentId)
    if (sockets === 0) await this.forgetIfIdle(tournamentId)
    return sockets
  }

  /** The refresh stored a new table for the tournament: the open screens re-read (no poller call when there are none). */
  async stored(tournamentId: number): Promise<number> {
    return this.push(tournamentId)
  }

  /**
   * A `live` message to the open screens whose viewer may still read the tournament (a member the
   * commissioner removed since, or a session that ended, is disconnected). Answers how many are open.
   */
  private async push(tournamentId: number): Promise<number> {
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
    await this.ctx.storage.put('ranks', { gameweek: live.gameweek, ranks: comparableRanks(live.rows) } satisfies RanksKept)
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
   * the only way in: it names the tournament, the session and the address). Within the caps it
   * costs no storage write: the tournament id is written once in the hub's life, and only a hub
   * going from no socket to one asks the poller to watch it.
   */
  override async fetch(request: Request): Promise<Response> {
    const socket = JSON.parse(request.headers.get(LIVE_SOCKET_HEADER) ?? 'null') as LiveSocketRequest
    const tags = [`address:${socket.address}`, ...(socket.session ? [`user:${socket.session.userId}`] : [])]
    const full = this.openSockets(tags[0]).length >= SOCKETS_PER_ADDRESS || (tags[1] !== undefined && this.openSockets(tags[1]).length >= SOCKETS_PER_USER)
    if (full) return tooManySockets()
    const first = this.openSockets().length === 0
    const pair = new WebSocketPair()
    this.ctx.acceptWebSocket(pair[1], tags)
    pair[1].serializeAttachment(socket satisfies LiveSocketRequest)
    await this.rememberTournament(socket.tournamentId)
    if (first) await pollerOf(this.env).watch(socket.tournamentId, true)
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

  private openSockets(tag?: string): WebSocket[] {
    return this.ctx.getWebSockets(tag).filter((s) => s.readyState === WebSocket.OPEN)
  }

  /**
   * The open sockets whose viewer may still read the tournament with the session they opened it
   * with; the others (a member removed, a session signed out, reset or expired) are closed with
   * 4403. All of them checked in one query.
   */
  private async readers(tournamentId: number): Promise<WebSocket[]> {
    const sockets = this.openSockets()
    if (sockets.length === 0) return []
    const sessionOf = (s: WebSocket) => (s.deserializeAttachment() as LiveSocketRequest | null)?.session ?? null
    const sessions = new Map<string, SocketSession>()
    for (const socket of sockets) {
      const session = sessionOf(socket)
      if (session) sessions.set(session.tokenId, session)
    }
    const allowed = await stillReadable(getDb(this.env.DB), tournamentId, [...sessions.values()])
    return sockets.filter((socket) => {
      if (allowed.has(sessionOf(socket)?.tokenId ?? null)) return true
      socket.close(4403, 'You can no longer see this league.')
      return false
    })
  }

  /** The tournament's id, written once: the alarm-free hub needs it after an eviction to unwatch itself. */
  private async rememberTournament(tournamentId: number): Promise<void> {
    if (this.tournamentId === tournamentId) return
    if ((await this.ctx.storage.get<number>('tournament')) !== tournamentId) await this.ctx.storage.put('tournament', tournamentId)
    this.tournamentId = tournamentId
  }

  /**
   * No socket is open: the poller stops watching. A socket opened meanwhile (its watch may have
   * reached the poller first) watches again.
   */
  private async forgetIfIdle(known?: number): Promise<void> {
    if (this.openSockets().length > 0) return
    const tournamentId = known ?? this.tournamentId ?? (await this.ctx.storage.get<number>('tournament'))
    if (tournamentId === undefined) return
    const poller = pollerOf(this.env)
    await poller.watch(tournamentId, false)
    if (this.openSockets().length > 0) await poller.watch(tournamentId, true)
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
            ? await withArrivedSheets(db, tournamentId, kept.loaded)
            : await loadManagers(db, tournamentId, feed.gameweek, snapshot)
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
}

const tooManySockets = () =>
  Response.json(errorBody('Too many live connections are open. Close another tab or device and try again.', 'too_many_sockets'), {
    status: 429,
    headers: { 'Retry-After': '60' },
  })

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
