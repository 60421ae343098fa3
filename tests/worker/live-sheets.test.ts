import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '../../worker/db/client'
import { fetchSheets, forgetOtherGameweeks, type LiveSheetsMessage, queueMissingSheets, type SheetsSender } from '../../worker/services/live/sheets'
import { fplHoldsOver, routeFplToSimulator, simulator } from './helpers/fpl'
import { officeLeagueWithBoss, runCronAndQueue } from './helpers/world'

// Picks and transfers of the gameweek in play: once per manager per gameweek, through the queue,
// 20 managers a message (two FPL requests each, within an invocation's 40).

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

/** Of these managers, those whose stored picks count transfers of gameweek 13 or play a Wildcard or a Free Hit, in order. */
async function moversOf(entries: number[]): Promise<number[]> {
  const { results } = await env.DB.prepare(
    `SELECT fpl_team_id FROM live_sheets WHERE gameweek = 13 AND sheet IS NOT NULL
       AND (event_transfers > 0 OR json_extract(sheet, '$.active_chip') IN ('wildcard', 'freehit'))`,
  ).all<{ fpl_team_id: number }>()
  const moved = new Set(results.map((r) => r.fpl_team_id))
  return entries.filter((entry) => moved.has(entry))
}

describe('the picks of the gameweek in play', () => {
  it('queues every manager of the stored tables once, 20 a message, and fetches his picks once, his transfers once if he made any', async () => {
    expect(managers.length).toBeGreaterThanOrEqual(180)
    const queue = new SheetsQueue()
    const queued = await queueMissingSheets(db(), queue, 13, Date.now())
    expect(queued).toBe(managers.length)
    expect(queue.messages).toHaveLength(Math.ceil(managers.length / 20))
    expect(queue.messages.every((m) => m.live_sheets.gameweek === 13 && m.live_sheets.entries.length <= 20)).toBe(true)
    expect(queue.messages.flatMap((m) => m.live_sheets.entries).sort((a, b) => a - b)).toEqual(managers)
    // Queued managers are not queued again while their fetch is on its way.
    expect(await queueMissingSheets(db(), new SheetsQueue(), 13, Date.now())).toBe(0)

    const sim = simulator()
    sim.resetStats()
    for (const message of queue.messages) await fetchSheets({ env, db: db() }, message)
    expect(sim.stats().byKind.picks).toBe(managers.length)
    // FPL is asked for the transfers of those whose picks count some (or play a Wildcard or a Free Hit) only.
    const movers = await moversOf(managers)
    expect(movers.length).toBeGreaterThan(0)
    expect(movers.length).toBeLessThan(managers.length)
    expect(sim.stats().byKind.transfers).toBe(movers.length)
    // A message delivered twice (the queue is at-least-once) fetches nothing again.
    await fetchSheets({ env, db: db() }, queue.messages[0] as LiveSheetsMessage)
    expect(sim.stats().byKind.picks).toBe(managers.length)
    expect(sim.stats().byKind.transfers).toBe(movers.length)
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

  it("stores each manager's transfers of the gameweek alone, as many as his picks count", async () => {
    const rows = await env.DB.prepare('SELECT fpl_team_id, event_transfers, transfers FROM live_sheets WHERE gameweek = 13 AND sheet IS NOT NULL').all<{
      fpl_team_id: number
      event_transfers: number
      transfers: string
    }>()
    const made = rows.results.map((r) => ({ ...r, transfers: JSON.parse(r.transfers) as Array<{ element_in: number; element_out: number }> }))
    expect(made.length).toBeGreaterThanOrEqual(180)
    for (const r of made) expect([r.fpl_team_id, r.transfers.length]).toEqual([r.fpl_team_id, r.event_transfers])
    const mover = made.find((r) => r.transfers.length > 0)
    expect(mover).toBeDefined()
    const all = (await (await simulator().fetch(new Request(`http://fpl.simulator/api/entry/${mover?.fpl_team_id}/transfers/`))).json()) as Array<{
      element_in: number
      element_out: number
      event: number
    }>
    // The season's other gameweeks are not kept.
    expect(all.length).toBeGreaterThan(mover?.transfers.length ?? 0)
    expect(mover?.transfers).toEqual(all.filter((t) => t.event === 13).map((t) => ({ element_in: t.element_in, element_out: t.element_out })))
  })

  it('keeps the picks of a manager whose transfers FPL does not answer, with his transfers unknown', async () => {
    await env.DB.prepare('UPDATE live_sheets SET fetched_at = NULL, sheet = NULL, transfers = NULL WHERE gameweek = 13 AND fpl_team_id = 1000101').run()
    simulator().injectFault({ kind: 'forbidden', match: 'entry/1000101/transfers/', times: 1 })
    expect(await fetchSheets({ env, db: db() }, { live_sheets: { gameweek: 13, entries: [1000101] } })).toBe(1)
    await fplHoldsOver()
    const row = await env.DB.prepare('SELECT sheet, transfers, fetched_at FROM live_sheets WHERE gameweek = 13 AND fpl_team_id = 1000101').first<{
      sheet: string | null
      transfers: string | null
      fetched_at: number | null
    }>()
    expect(JSON.parse(row?.sheet ?? '{}').picks).toHaveLength(15)
    expect(row?.fetched_at).not.toBeNull()
    expect(row?.transfers).toBeNull()
  })

  it("leaves a manager whose transfers the message's budget cannot reach to its retry, picks and all", async () => {
    // Twenty managers who made transfers: two requests each, the whole budget.
    const group = (await moversOf(managers)).slice(0, 20)
    expect(group).toHaveLength(20)
    await env.DB.prepare(
      `UPDATE live_sheets SET fetched_at = NULL, sheet = NULL, transfers = NULL WHERE gameweek = 13 AND fpl_team_id IN (${group.join(',')})`,
    ).run()
    // One retried picks request takes the 40th request of the budget from the last manager's transfers.
    simulator().injectFault({ kind: 'server_error', match: `entry/${group[0]}/event/13/picks/`, times: 1 })
    const message: LiveSheetsMessage = { live_sheets: { gameweek: 13, entries: group } }
    await expect(fetchSheets({ env, db: db(), sleep: async () => {} }, message)).rejects.toThrow(/budget/i)
    await fplHoldsOver()
    const fetched = async () =>
      (
        await env.DB.prepare(
          `SELECT fpl_team_id, transfers FROM live_sheets WHERE gameweek = 13 AND fetched_at IS NOT NULL AND fpl_team_id IN (${group.join(',')}) ORDER BY fpl_team_id`,
        ).all<{ fpl_team_id: number; transfers: string | null }>()
      ).results
    const stored = await fetched()
    expect(stored.map((r) => r.fpl_team_id)).toEqual(group.slice(0, 19))
    expect(stored.every((r) => r.transfers !== null)).toBe(true)
    expect(await fetchSheets({ env, db: db() }, message)).toBe(1)
    expect((await fetched()).at(-1)).toMatchObject({ fpl_team_id: group[19], transfers: expect.any(String) })
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
