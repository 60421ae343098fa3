/**
 * The one live poller of the deployment (a Durable Object addressed by a fixed name): an alarm loop
 * that polls FPL once a minute while a fixture is in play or waiting for its bonus and sleeps
 * otherwise (poll.ts decides when), stores each new feed, tells the hubs with open screens, and
 * asks for the picks of the gameweek in play. The cron wakes it every ten minutes, so a crashed or
 * never-started loop is back within ten minutes. Never one poller per league or per viewer.
 */
import { DurableObject } from 'cloudflare:workers'
import { getDb } from '../db/client'
import { type Bindings, isDevelopment } from '../env'
import { log, withLogScope } from '../lib/log'
import { recordMetric } from '../lib/metrics'
import { matchWindow, queueOvertakeChecks } from '../services/notifications/overtakes'
import { queueLiveNews } from './fanout'
import { readFeed, writeFeed } from './feed'
import { pollLive } from './poll'
import { forgetOtherGameweeks, queueMissingSheets } from './sheets'

/** How often the poller looks at FPL when no gameweek is coming (pre-season, after the last one). */
const RESTING_CHECK_MS = 6 * 60 * 60_000
/** How often the poller looks for managers whose picks are not stored yet. */
const SHEETS_EVERY_MS = 5 * 60_000

/** The loop's last poll and the time it set its alarm for (epoch ms), kept with every poll. */
interface PollerLoop {
  lastPollAt: number
  nextPollAt: number
}

/** What the operator's deep health check asks the poller (GET /api/health/deep). */
export interface PollerStatus extends Partial<PollerLoop> {
  /** The alarm set now, null when none is (the cron's wake starts the loop again). */
  alarmAt: number | null
  pollMs: number
}

export class LivePoller extends DurableObject<Bindings> {
  /** The watchdog (the cron, a hub whose feed is idle): start the loop if it is not running. */
  async wake(): Promise<void> {
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now())
  }

  /**
   * A hub with open sockets wants every change; a hub whose last socket closed does not. Written
   * only when it changes (a hub asks when it goes from no socket to one, and back).
   */
  async watch(tournamentId: number, on: boolean): Promise<void> {
    const watchers = new Set((await this.ctx.storage.get<number[]>('watchers')) ?? [])
    if (on === watchers.has(tournamentId)) return
    if (on) watchers.add(tournamentId)
    else watchers.delete(tournamentId)
    await this.ctx.storage.put('watchers', [...watchers])
  }

  override async alarm(): Promise<void> {
    // live_poll_lag: how late this alarm ran against the time the loop set it for.
    const loop = await this.ctx.storage.get<PollerLoop>('loop')
    if (loop) {
      const pace = loop.nextPollAt - loop.lastPollAt < 2 * this.pollMs ? 'match' : 'rest'
      recordMetric(this.env, 'live_poll_lag', { value: Math.max(0, Date.now() - loop.nextPollAt), labels: { pace } })
    }
    await this.pollNow()
  }

  async status(): Promise<PollerStatus> {
    const loop = await this.ctx.storage.get<PollerLoop>('loop')
    return { ...loop, alarmAt: await this.ctx.storage.getAlarm(), pollMs: this.pollMs }
  }

  /** One poll now, then the loop goes on from it (the alarm, and the dev stack's "poll now"). */
  async pollNow(): Promise<{ gen: number; status: string } | null> {
    const startedAt = Date.now()
    let next: number | null = startedAt + this.pollMs
    try {
      const polled = await withLogScope({ component: 'live_poller' }, () => this.poll())
      next = polled.next
      return polled.feed
    } finally {
      // Nothing to wait for (before the season, after its last gameweek): look again in a few hours,
      // so that the loop always has an alarm and `wake` never has to start one that is asleep on purpose.
      const nextPollAt = next ?? Date.now() + RESTING_CHECK_MS
      await this.ctx.storage.setAlarm(nextPollAt)
      await this.ctx.storage.put('loop', { lastPollAt: startedAt, nextPollAt } satisfies PollerLoop)
    }
  }

  private get pollMs(): number {
    return Number(this.env.LIVE_POLL_SECONDS) * 1000 || 60_000
  }

  private async poll(): Promise<{ next: number | null; feed: { gen: number; status: string } | null }> {
    const db = getDb(this.env.DB)
    const previous = await readFeed(db)
    const { feed, changed, nextPollAt } = await pollLive({ env: this.env, pollMs: this.pollMs, neverSleep: isDevelopment(this.env) }, previous)
    if (!feed) return { next: nextPollAt, feed: null }
    if (changed || feed.fetched_at !== previous?.fetched_at) await writeFeed(db, feed)
    const newGameweek = feed.gameweek !== previous?.gameweek
    if (newGameweek) await forgetOtherGameweeks(db, feed.gameweek)
    if (changed) await this.notifyHubs(matchWindow(feed.fixtures))
    await this.askForSheets(feed.gameweek, feed.status, newGameweek)
    return { next: nextPollAt, feed: { gen: feed.gen, status: feed.status } }
  }

  /**
   * The hubs with open screens get the change through the refresh queue, 40 hubs a message
   * (fanout.ts); the leagues with members to alert compare their tables through the notify queue,
   * 40 hubs a message. The poller's work does not grow with either.
   */
  private async notifyHubs(window: string | null): Promise<void> {
    const watchers = (await this.ctx.storage.get<number[]>('watchers')) ?? []
    await queueLiveNews(this.env.REFRESH_QUEUE, watchers).catch((error: unknown) => log.warn('The live news was not queued', { error }))
    await queueOvertakeChecks({ db: getDb(this.env.DB), queue: this.env.NOTIFY_QUEUE }, window).catch((error: unknown) =>
      log.warn('The overtake checks were not queued', { error }),
    )
  }

  /**
   * A gameweek the feed has just moved to is asked for at once: its rows were just forgotten, and a
   * look at the same gameweek number kept from before (a gameweek played again, as the simulator
   * can) must not hold its picks back for minutes.
   */
  private async askForSheets(gameweek: number, status: string, newGameweek: boolean): Promise<void> {
    if (status === 'checked') return
    const now = Date.now()
    const last = (await this.ctx.storage.get<{ gameweek: number; at: number }>('sheets')) ?? null
    if (!newGameweek && last && last.gameweek === gameweek && now - last.at < SHEETS_EVERY_MS) return
    await queueMissingSheets(getDb(this.env.DB), this.env.REFRESH_QUEUE, gameweek, now)
    await this.ctx.storage.put('sheets', { gameweek, at: now })
  }
}
