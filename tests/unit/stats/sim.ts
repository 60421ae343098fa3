/**
 * Loads "The Pub League" (123456, 12 managers) from the in-process FPL simulator, parsed with the
 * app's own schemas, for the integration-style stats tests.
 */

import type { FplBootstrap, FplLive, FplPicks, FplStandingsRow } from '../../../worker/fpl/schemas'
import { bootstrapSchema, historySchema, liveSchema, picksSchema, standingsPageSchema } from '../../../worker/fpl/schemas'
import type { BanterManager } from '../../../worker/fpl/stats'
import type { FplSimulatorOptions } from '../../fpl-simulator/handler.ts'
import { createFplSimulator, PUB_LEAGUE_ID } from '../../fpl-simulator/handler.ts'

export interface PubLeague {
  gameweek: number
  bootstrap: FplBootstrap
  /** FPL's own table (rank_sort order). */
  standings: FplStandingsRow[]
  leagueName: string
  leagueStartEvent: number
  managers: BanterManager[]
  live: FplLive
  /** FPL's own `standings/?phase=P` tables, by phase id, for the month phases started so far. */
  phaseStandings: Map<number, FplStandingsRow[]>
}

export interface SeasonSheets {
  /** Per GW 1..gameweek: the live data and every member's processed picks and history row. */
  byGameweek: Array<{ gameweek: number; live: FplLive; picks: Map<number, FplPicks> }>
}

/** A reader of a fresh in-process simulator's API: `get('bootstrap-static/')`, throwing on an error answer. */
function simulatorGet(options: FplSimulatorOptions): (path: string) => Promise<unknown> {
  const sim = createFplSimulator(options)
  return async (path) => {
    const res = await sim.fetch(new Request(`http://sim/api/${path}`))
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`)
    return res.json()
  }
}

/** Every member's picks and the live data for each GW so far (12 × 12 sheets at the default clock). */
export async function loadPubLeagueSheets(options: FplSimulatorOptions = {}): Promise<SeasonSheets> {
  const get = simulatorGet(options)
  const bootstrap = bootstrapSchema.parse(await get('bootstrap-static/'))
  const current = bootstrap.events.find((e) => e.is_current)?.id ?? 0
  const page = standingsPageSchema.parse(await get(`leagues-classic/${PUB_LEAGUE_ID}/standings/`))
  const byGameweek: SeasonSheets['byGameweek'] = []
  for (let gw = 1; gw <= current; gw++) {
    const live = liveSchema.parse(await get(`event/${gw}/live/`))
    const picks = new Map<number, FplPicks>()
    for (const row of page.standings.results) picks.set(row.entry, picksSchema.parse(await get(`entry/${row.entry}/event/${gw}/picks/`)))
    byGameweek.push({ gameweek: gw, live, picks })
  }
  return { byGameweek }
}

export async function loadPubLeague(options: FplSimulatorOptions = {}): Promise<PubLeague> {
  const get = simulatorGet(options)
  const bootstrap = bootstrapSchema.parse(await get('bootstrap-static/'))
  const current = bootstrap.events.find((e) => e.is_current)
  if (!current) throw new Error('no current event')
  const gameweek = current.id
  const page = standingsPageSchema.parse(await get(`leagues-classic/${PUB_LEAGUE_ID}/standings/`))
  const live = liveSchema.parse(await get(`event/${gameweek}/live/`))
  const managers: BanterManager[] = []
  for (const row of page.standings.results) {
    managers.push({
      entryId: row.entry,
      teamName: row.entry_name,
      playerName: row.player_name,
      history: historySchema.parse(await get(`entry/${row.entry}/history/`)),
      picks: picksSchema.parse(await get(`entry/${row.entry}/event/${gameweek}/picks/`)),
    })
  }
  const phaseStandings = new Map<number, FplStandingsRow[]>()
  for (const phase of bootstrap.phases) {
    if (phase.id === 1 || phase.start_event > gameweek) continue
    const p = standingsPageSchema.parse(await get(`leagues-classic/${PUB_LEAGUE_ID}/standings/?phase=${phase.id}`))
    phaseStandings.set(phase.id, p.standings.results)
  }
  return {
    gameweek,
    bootstrap,
    standings: page.standings.results,
    leagueName: page.league.name,
    leagueStartEvent: page.league.start_event ?? 1,
    managers,
    live,
    phaseStandings,
  }
}
