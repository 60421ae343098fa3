import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '../../worker/db/client'
import { fetchSheets, forgetOtherGameweeks, type LiveSheetsMessage, queueMissingSheets, type SheetsSender } from '../../worker/services/live/sheets'
import { routeFplToSimulator, simulator } from './helpers/fpl'
import { officeLeagueWithBoss, runCronAndQueue } from './helpers/world'

// Picks of the gameweek in play: once per manager per gameweek, through the queue, 40 a message.

class SheetsQueue implements SheetsSender {
  readonly messages: LiveSheetsMessage[] = []
  async sendBatch(batch: Iterable<MessageSendRequest<LiveSheetsMessage>>) {
    for (const message of batch) this.messages.push(message.body)
  }
}

const db = () => getDb(env.DB)
let managers: number[]

beforeAll(async () => {
  const sim = simulator()
  await officeLeagueWithBoss(sim)
  await runCronAndQueue()
  sim.setGameweek(13, 'live')
  routeFplToSimulator(sim)
  const rows = await env.DB.prepare('SELECT DISTINCT fpl_team_id FROM standings_rows ORDER BY fpl_team_id').all<{ fpl_team_id: number }>()
  managers = rows.results.map((r) => r.fpl_team_id)
})

describe('the picks of the gameweek in play', () => {
  it('queues every manager of the stored tables once, 40 a message, and fetches each once', async () => {
    expect(managers.length).toBeGreaterThanOrEqual(180)
    const queue = new SheetsQueue()
    const queued = await queueMissingSheets(db(), queue, 13, Date.now())
    expect(queued).toBe(managers.length)
    expect(queue.messages).toHaveLength(Math.ceil(managers.length / 40))
    expect(queue.messages.every((m) => m.live_sheets.gameweek === 13 && m.live_sheets.entries.length <= 40)).toBe(true)
    expect(queue.messages.flatMap((m) => m.live_sheets.entries).sort((a, b) => a - b)).toEqual(managers)
    // Queued managers are not queued again while their fetch is on its way.
    expect(await queueMissingSheets(db(), new SheetsQueue(), 13, Date.now())).toBe(0)

    const sim = simulator()
    sim.resetStats()
    for (const message of queue.messages) await fetchSheets({ env, db: db() }, message)
    expect(sim.stats().byKind.picks).toBe(managers.length)
    // A message delivered twice (the queue is at-least-once) fetches nothing again.
    await fetchSheets({ env, db: db() }, queue.messages[0] as LiveSheetsMessage)
    expect(sim.stats().byKind.picks).toBe(managers.length)
    expect(await queueMissingSheets(db(), new SheetsQueue(), 13, Date.now())).toBe(0)
  })

  it("stores the sheet as picked and the gameweek's transfers from the picks' own entry history (not its overall total)", async () => {
    const entry = 1000101
    const row = await env.DB.prepare('SELECT sheet, event_transfers FROM live_sheets WHERE gameweek = 13 AND fpl_team_id = ?')
      .bind(entry)
      .first<{ sheet: string; event_transfers: number }>()
    const picks = (await (await simulator().fetch(new Request(`http://fpl.simulator/api/entry/${entry}/event/13/picks/`))).json()) as {
      entry_history: { event_transfers: number }
    }
    expect(row?.event_transfers).toBe(picks.entry_history.event_transfers)
    const sheet = JSON.parse(row?.sheet ?? '{}') as { picks: unknown[]; automatic_subs: unknown[] }
    expect(sheet.picks).toHaveLength(15)
    expect(sheet.automatic_subs).toEqual([])
  })

  it('requeues a manager whose fetch never landed, and forgets other gameweeks when a new one starts', async () => {
    await env.DB.prepare('UPDATE live_sheets SET fetched_at = NULL, sheet = NULL, queued_at = ? WHERE gameweek = 13 AND fpl_team_id = 1000101')
      .bind(Date.now() - 21 * 60_000)
      .run()
    const queue = new SheetsQueue()
    expect(await queueMissingSheets(db(), queue, 13, Date.now())).toBe(1)
    expect(queue.messages).toEqual([{ live_sheets: { gameweek: 13, entries: [1000101] } }])

    await forgetOtherGameweeks(db(), 14)
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM live_sheets').first('n')).toBe(0)
  })
})
