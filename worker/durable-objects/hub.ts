/**
 * A tournament's live hub (a Durable Object per tournament): keeps the tournament's live table
 * (services/live/hub-table.ts) for every request, and holds the tournament's open screens as
 * hibernating WebSockets (an idle socket costs nothing) to which it sends a short `live` message
 * on each change; the screens then re-read their page (decision 102). The route has authorized
 * the viewer before any call reaches the hub.
 */
import { DurableObject } from 'cloudflare:workers'
import type { LiveAnswer, LiveSocketMessage, LiveTeamAnswer } from '../../contract/live'
import { LIVE_SOCKET_CLOSE, LIVE_SOCKET_PROTOCOL } from '../../contract/live'
import type { LiveBattleAnswer, LiveGlanceAnswer, LiveOwnershipAnswer } from '../../contract/live-insight'
import { getDb } from '../db/client'
import type { Bindings } from '../env'
import type { HubNews } from '../services/live/fanout'
import { HubTable } from '../services/live/hub-table'
import { pollerOf, tournamentOfHub } from '../services/live/hubs'
import { battleAnswer, glanceAnswer, ownershipAnswer } from '../services/live/insight'
import { overtakesSince, type RanksKept, ranksKept } from '../services/live/overtakes'
import type { LivePlaces } from '../services/live/page-cache'
import { LIVE_SOCKET_HEADER, type LiveSocketRequest, socketRequestOf, socketTags, stillReading, tooManySockets } from '../services/live/sockets'
import { type LiveQuery, liveAnswer, liveTeamAnswer, positionOf, type TournamentLive } from '../services/live/table'

export class LiveHub extends DurableObject<Bindings> {
  private tournamentId: number | undefined
  private kept: HubTable | undefined

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env)
    // Keep-alive pings are answered without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'))
  }

  async live(query: LiveQuery): Promise<LiveAnswer> {
    return liveAnswer(await this.table().table(), query)
  }

  /** The table's order (entries, the positions they show) for the edge's kept pages (page-cache.ts) to place a viewer. */
  async places(): Promise<LivePlaces> {
    const live = await this.table().table()
    return { entries: live.rows.map((r) => r.fpl_team_id), positions: live.rows.map((r) => positionOf(live, r)) }
  }

  async team(fplTeamId: number): Promise<LiveTeamAnswer | null> {
    return liveTeamAnswer(await this.table().table(), fplTeamId)
  }

  /** The league's matchday insight (services/live/insight.ts), from the same table. */
  async ownership(autoSubs: boolean, viewer: number | null): Promise<LiveOwnershipAnswer> {
    return ownershipAnswer(await this.table().table(), autoSubs, viewer)
  }

  async battle(autoSubs: boolean, viewer: number, rival: number | null): Promise<LiveBattleAnswer | null> {
    return battleAnswer(await this.table().table(), autoSubs, viewer, rival)
  }

  async glance(autoSubs: boolean): Promise<LiveGlanceAnswer> {
    return glanceAnswer(await this.table().table(), autoSubs)
  }

  /**
   * The poller's news of a new feed (fanout.ts), from one table: push it to the open screens (a hub
   * found without one, its sockets gone without a close it saw, stops being watched), and compare
   * the table for overtakes. Answers how many screens are open.
   */
  async news({ push, compare, window }: HubNews): Promise<number> {
    const table = this.tableOnce()
    const sockets = push ? await this.push(table) : 0
    if (compare) await this.compare(window, table)
    if (push && sockets === 0) await this.forgetIfIdle()
    return sockets
  }

  /** The refresh stored a new table for the tournament: the open screens re-read (no poller call when there are none). */
  async stored(): Promise<number> {
    return this.push(this.tableOnce())
  }

  /**
   * A `live` message to the open screens whose viewer may still read the tournament (a member the
   * commissioner removed since, or a session that ended, is disconnected). Answers how many are open.
   */
  private async push(table: () => Promise<TournamentLive>): Promise<number> {
    const sockets = await stillReading(getDb(this.env.DB), this.tournament(), this.openSockets())
    if (sockets.length === 0) return 0
    const live = await table()
    const text = JSON.stringify({ type: 'live', gen: live.gen } satisfies LiveSocketMessage)
    for (const socket of sockets) {
      try {
        socket.send(text)
      } catch {
        // A socket closing as we send: its close handler tidies up.
      }
    }
    return sockets.length
  }

  /** Compares the new table with the one of the previous news; the ranks are kept across evictions. Answers how many members were told. */
  private async compare(window: string | null, table: () => Promise<TournamentLive>): Promise<number> {
    const live = await table()
    const before = await this.ctx.storage.get<RanksKept>('ranks')
    await this.ctx.storage.put('ranks', ranksKept(live))
    return overtakesSince({ db: getDb(this.env.DB), queue: this.env.NOTIFY_QUEUE }, this.tournament(), before, live, window)
  }

  /**
   * The WebSocket upgrade the route forwards once the viewer may read the tournament (the route is
   * the only way in: it names the tournament, the session and the address). Within the caps it
   * costs no storage write: only a hub going from no socket to one asks the poller to watch it.
   */
  override async fetch(request: Request): Promise<Response> {
    const socket = JSON.parse(request.headers.get(LIVE_SOCKET_HEADER) ?? 'null') as LiveSocketRequest
    const tags = socketTags(socket)
    if (tags.some(([tag, cap]) => this.openSockets(tag).length >= cap)) return tooManySockets()
    const first = this.openSockets().length === 0
    const pair = new WebSocketPair()
    this.ctx.acceptWebSocket(
      pair[1],
      tags.map(([tag]) => tag),
    )
    pair[1].serializeAttachment(socket satisfies LiveSocketRequest)
    if (first) await pollerOf(this.env).watch(this.tournament(pair[1]), true)
    const offered = (request.headers.get('sec-websocket-protocol') ?? '').split(',').map((p) => p.trim())
    const headers = offered.includes(LIVE_SOCKET_PROTOCOL) ? { 'sec-websocket-protocol': LIVE_SOCKET_PROTOCOL } : undefined
    return new Response(null, { status: 101, webSocket: pair[0], headers })
  }

  override async webSocketMessage(): Promise<void> {
    // Screens only listen; anything they send but the keep-alive ping is ignored.
  }

  override async webSocketClose(socket: WebSocket, code: number): Promise<void> {
    socket.close(code === 1005 || code === 1006 ? LIVE_SOCKET_CLOSE.normal : code, 'closed')
    await this.forgetIfIdle(socket)
  }

  override async webSocketError(socket: WebSocket): Promise<void> {
    await this.forgetIfIdle(socket)
  }

  /**
   * The hub's tournament, learnt once per instance from its name: `hubOf` names the hub after it
   * and every call through that name carries it, so no method takes it and nothing is stored. An
   * instance woken from hibernation by a socket's event may come up without its name; that socket's
   * attachment (kept with every socket, it survives hibernation) names the tournament then. The hub
   * has no alarm, so nothing else can wake it nameless.
   */
  private tournament(socket?: WebSocket): number {
    this.tournamentId ??= tournamentOfHub(this.ctx.id.name) ?? (socket && socketRequestOf(socket)?.tournamentId)
    if (this.tournamentId === undefined) throw new Error('A live hub does not know its tournament')
    return this.tournamentId
  }

  /** The table for one piece of news, read at most once however many steps use it (the poller's news wakes no poller). */
  private tableOnce(): () => Promise<TournamentLive> {
    let live: Promise<TournamentLive> | undefined
    return () => {
      live ??= this.table().table({ byThePoller: true })
      return live
    }
  }

  private table(): HubTable {
    this.kept ??= new HubTable(this.env, this.tournament())
    return this.kept
  }

  private openSockets(tag?: string): WebSocket[] {
    return this.ctx.getWebSockets(tag).filter((s) => s.readyState === WebSocket.OPEN)
  }

  /**
   * No socket is open: the poller stops watching. A socket opened meanwhile (its watch may have
   * reached the poller first) watches again.
   */
  private async forgetIfIdle(socket?: WebSocket): Promise<void> {
    if (this.openSockets().length > 0) return
    const tournamentId = this.tournament(socket)
    const poller = pollerOf(this.env)
    await poller.watch(tournamentId, false)
    if (this.openSockets().length > 0) await poller.watch(tournamentId, true)
  }
}
