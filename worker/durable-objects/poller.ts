/**
 * The one live poller of the deployment (a Durable Object addressed by a fixed name): an alarm loop
 * that polls FPL once a minute while a fixture is in play or waiting for its bonus and sleeps
 * otherwise (services/live/poll.ts decides when), stores each new feed, tells the hubs that want
 * it, and asks for the picks of the gameweek in play. The cron wakes it every ten minutes, so a
 * crashed or never-started loop is back within ten minutes. Never one poller per league or per viewer.
 */
import { DurableObject } from 'cloudflare:workers'
import { getDb } from '../db/client'
import type { Bindings } from '../env'
import { withLogScope } from '../lib/log'
import { recordMetric } from '../lib/metrics'
import { RESTING_CHECK_MS } from '../services/live/poll'
import { type PollerLoop, type PollerStatus, pollInterval, pollOnce } from '../services/live/polling'
import { queueMissingSheets, type SheetsAsked, sheetsDue } from '../services/live/sheets'

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
    const watchers = new Set(await this.watchers())
    if (on === watchers.has(tournamentId)) return
    if (on) watchers.add(tournamentId)
    else watchers.delete(tournamentId)
    await this.ctx.storage.put('watchers', [...watchers])
  }

  override async alarm(): Promise<void> {
    // live_poll_lag: how late this alarm ran against the time the loop set it for.
    const loop = await this.ctx.storage.get<PollerLoop>('loop')
    if (loop) {
      const pace = loop.nextPollAt - loop.lastPollAt < 2 * pollInterval(this.env) ? 'match' : 'rest'
      recordMetric(this.env, 'live_poll_lag', { value: Math.max(0, Date.now() - loop.nextPollAt), labels: { pace } })
    }
    await this.pollNow()
  }

  async status(): Promise<PollerStatus> {
    const loop = await this.ctx.storage.get<PollerLoop>('loop')
    return { ...loop, alarmAt: await this.ctx.storage.getAlarm(), pollMs: pollInterval(this.env) }
  }

  /** One poll now, then the loop goes on from it (the alarm, and the dev stack's "poll now"). */
  async pollNow(): Promise<{ gen: number; status: string } | null> {
    const startedAt = Date.now()
    let next: number | null = startedAt + pollInterval(this.env)
    try {
      const polled = await withLogScope({ component: 'live_poller' }, () => pollOnce(this.env, () => this.watchers()))
      next = polled.next
      if (!polled.feed) return null
      await this.askForSheets(polled.feed.gameweek, polled.feed.status, polled.newGameweek)
      return { gen: polled.feed.gen, status: polled.feed.status }
    } finally {
      // Nothing to wait for (before the season, after its last gameweek): look again in a few hours,
      // so that the loop always has an alarm and `wake` never has to start one that is asleep on purpose.
      const nextPollAt = next ?? Date.now() + RESTING_CHECK_MS
      await this.ctx.storage.setAlarm(nextPollAt)
      await this.ctx.storage.put('loop', { lastPollAt: startedAt, nextPollAt } satisfies PollerLoop)
    }
  }

  private async watchers(): Promise<number[]> {
    return (await this.ctx.storage.get<number[]>('watchers')) ?? []
  }

  /** The picks still missing, at most every few minutes (sheets.ts `sheetsDue`). */
  private async askForSheets(gameweek: number, status: string, newGameweek: boolean): Promise<void> {
    const now = Date.now()
    if (!sheetsDue(await this.ctx.storage.get<SheetsAsked>('sheets'), { gameweek, status, newGameweek }, now)) return
    await queueMissingSheets(getDb(this.env.DB), this.env.REFRESH_QUEUE, gameweek, now)
    await this.ctx.storage.put('sheets', { gameweek, at: now } satisfies SheetsAsked)
  }
}
