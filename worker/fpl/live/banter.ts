/**
 * Live banter: the banter stats that make sense while a gameweek is in play, read from the live
 * table (table.ts). Pure. Definitions follow the checked stats (stats/banter.ts) where they can,
 * and say where they cannot (docs/decisions/114-live-banter.md):
 *
 * - Captain Catastrophe so far: the lowest armband points (multiplier applied) among managers
 *   whose armband holder has played: a captain whose match is still to come has nothing to judge.
 * - Benched Beast so far: the most live points on the bench after the subs; Bench Boost has no
 *   bench. Omitted when nobody has a point there (the checked stat is null then too).
 * - Gameweek Rocket so far: the highest live gameweek points (net of hits, projected bonus in),
 *   once any manager has a player who has played.
 * - Auto-Sub Saviour (projected): the most points brought on by automatic subs, FPL's or
 *   projected. Omitted when nobody gains a point.
 *
 * Ties: every manager level on the value is listed, in the table's order (live rank, then FPL's
 * tie rule). Managers without a team this gameweek (no picks), or whose picks are still loading,
 * are in none. Every title and text says "so far" or "(projected)": these are never final awards,
 * and nothing is answered once the gameweek is checked (the checked banter stats take over) or
 * before it starts.
 */
import type { LiveBanterAward } from '../../../contract/live'
import type { GameweekStatus } from '../../db/schema'
import { joinAnd, plural } from '../stats/text'
import type { LiveRow, LiveTable } from './table'

type Candidate = Pick<LiveRow, 'fpl_team_id' | 'team_name' | 'player_name'>

/** Every row level on the best value (`better(a, b) > 0`: a beats b), in table order; empty when none qualify. */
function leaders<R extends LiveRow>(rows: readonly R[], value: (row: R) => number, better: (a: number, b: number) => number): R[] {
  let best: number | null = null
  let out: R[] = []
  for (const row of rows) {
    const v = value(row)
    if (best === null || better(v, best) > 0) {
      best = v
      out = [row]
    } else if (v === best) out.push(row)
  }
  return out
}

const who = (rows: readonly Candidate[]) => joinAnd(rows.map((r) => r.player_name))
const has = (rows: readonly Candidate[]) => (rows.length === 1 ? 'has' : 'have')
const managersOf = (rows: readonly Candidate[]) => rows.map(({ fpl_team_id, team_name, player_name }) => ({ fpl_team_id, team_name, player_name }))

/** The armband holder's name, from the row's captain or vice-captain. */
function holderName(row: LiveRow): string {
  if (row.captain?.element === row.armband_element) return row.captain.name
  if (row.vice_captain?.element === row.armband_element) return row.vice_captain.name
  return 'the armband'
}

export function liveBanter(table: Pick<LiveTable, 'standings'>, gameweekStatus: GameweekStatus): LiveBanterAward[] {
  if (gameweekStatus === 'checked' || gameweekStatus === 'upcoming') return []
  // A sheet always has a captain: a row without one has no team this gameweek, or it is loading.
  const teams = table.standings.filter((row) => row.captain !== null)
  const awards: LiveBanterAward[] = []

  const catastrophe = leaders(
    teams.filter((row) => row.armband_played),
    (row) => row.armband_points,
    (a, b) => b - a,
  )
  const first = catastrophe[0]
  if (first) {
    const points = plural(first.armband_points, 'point')
    awards.push({
      key: 'captain_catastrophe',
      title: 'Captain Catastrophe so far',
      managers: managersOf(catastrophe),
      value: first.armband_points,
      text:
        catastrophe.length === 1
          ? `${first.player_name}'s armband on ${holderName(first)} has ${points} so far, the lowest of the captains who have played.`
          : `${who(catastrophe)} have ${points} each from the armband so far, the lowest of the captains who have played.`,
    })
  }

  const benched = leaders(
    teams.filter((row) => row.active_chip !== 'bboost' && row.bench_points > 0),
    (row) => row.bench_points,
    (a, b) => a - b,
  )
  if (benched[0]) {
    awards.push({
      key: 'benched_beast',
      title: 'Benched Beast so far',
      managers: managersOf(benched),
      value: benched[0].bench_points,
      text: `${who(benched)} ${has(benched)} ${plural(benched[0].bench_points, 'point')} on the bench so far.`,
    })
  }

  const rocket = teams.some((row) => row.players_played > 0)
    ? leaders(
        teams,
        (row) => row.live_points,
        (a, b) => a - b,
      )
    : []
  if (rocket[0]) {
    awards.push({
      key: 'gameweek_rocket',
      title: 'Gameweek Rocket so far',
      managers: managersOf(rocket),
      value: rocket[0].live_points,
      text: `${who(rocket)} ${rocket.length === 1 ? 'leads' : 'lead'} the gameweek so far on ${plural(rocket[0].live_points, 'point')}.`,
    })
  }

  const saviour = leaders(
    teams.filter((row) => row.auto_sub_points > 0),
    (row) => row.auto_sub_points,
    (a, b) => a - b,
  )
  if (saviour[0]) {
    awards.push({
      key: 'auto_sub_saviour',
      title: 'Auto-Sub Saviour (projected)',
      managers: managersOf(saviour),
      value: saviour[0].auto_sub_points,
      text: `Automatic subs would bring ${who(saviour)} ${plural(saviour[0].auto_sub_points, 'point')} so far (projected).`,
    })
  }
  return awards
}
