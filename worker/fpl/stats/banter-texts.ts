/**
 * The words of the banter cards, in two sets: the final ones for a gameweek FPL has checked, and
 * the "so far" ones for a gameweek still in play or not yet checked (decision 113). A provisional
 * text always says "so far" and never claims a result ("the best", "won", "winner", "champion"):
 * bonus, automatic substitutions and the league table can all still move.
 *
 * Plain text, deterministic; the numbers arrive as numbers and are formatted here.
 */

import { formatNumber } from '../../../contract/numbers'
import { joinAnd, ordinal, plural } from './text'

interface GameweekPoints {
  points: number
  /** The hit paid this gameweek (event_transfers_cost), 0 without one. */
  hit: number
  gameweek: number
  league: string
}

interface Move {
  places: number
  from: number
  to: number
  gameweek: number
}

/** Who carried the armband and how it went (see captainCard in banter.ts for the cases). */
type Armband =
  | { kind: 'nobody'; captain: string; vice: string | null }
  | { kind: 'passed'; captain: string; carrier: string; points: number }
  | { kind: 'triple' | 'captain'; carrier: string; points: number }

export interface BanterTexts {
  rocket(p: GameweekPoints): string
  spoon(p: GameweekPoints): string
  /** `second` is null when the leader is alone in the league. */
  leader(p: { total: number; league: string; gameweek: number; second: { name: string; gap: number } | null }): string
  /** `subs` already read "Name (points)". */
  saviour(p: { subs: string[]; points: number }): string
  tornado(p: { transfers: number; cost: number }): string
  captain(p: Armband): string
  comeback(p: Move): string
  freefall(p: Move): string
  differential(p: { points: number; league: string; led: { name: string; points: number } | null }): string
  consistent(p: { stdev: number; gameweeks: number }): string
  benched(p: { points: number; gameweek: number }): string
  rankKing(p: { rank: number; league: string; gameweek: number }): string
}

const gw = (n: number) => `Gameweek ${n}`

/** The texts of a checked gameweek (unchanged since the banter stats were written). */
export const CHECKED_TEXTS: BanterTexts = {
  rocket: ({ points, hit, gameweek, league }) =>
    hit > 0
      ? `${plural(points, 'point')} in ${gw(gameweek)} even after a -${hit} hit, the best in ${league}. Drinks are on them, apparently.`
      : `${plural(points, 'point')} in ${gw(gameweek)}, the best in ${league}. Drinks are on them, apparently.`,
  spoon: ({ points, hit, gameweek, league }) =>
    hit > 0
      ? `${plural(points, 'point')} in ${gw(gameweek)}, a -${hit} hit included. The wooden spoon is theirs; mind the splinters.`
      : `${plural(points, 'point')} in ${gw(gameweek)}, the fewest in ${league}. The wooden spoon is theirs; mind the splinters.`,
  leader: ({ total, league, second }) => {
    if (second === null) return `Top of ${league} on ${plural(total, 'point')}, mostly because nobody else turned up. Still counts.`
    if (second.gap === 0) return `Top of ${league} on ${plural(total, 'point')}, level with ${second.name} and ahead only on the tie-break. Nervy.`
    return `Top of ${league} on ${plural(total, 'point')}, ${formatNumber(second.gap)} clear of ${second.name}. Somebody is already practising the speech.`
  },
  saviour: ({ subs, points }) => `The bench bailed them out: ${joinAnd(subs)} came on for ${plural(points, 'point')}. They will call it squad depth.`,
  tornado: ({ transfers, cost }) =>
    cost > 0
      ? `${plural(transfers, 'transfer')} this season and ${plural(Math.round(cost / 4), 'hit')} costing ${plural(cost, 'point')}. The wildcard is a state of mind.`
      : `${plural(transfers, 'transfer')} this season without a single hit. The wildcard is a state of mind.`,
  captain: (a) => {
    switch (a.kind) {
      case 'nobody':
        return a.vice
          ? `Neither ${a.captain} nor vice-captain ${a.vice} played a minute, so the armband returned 0 points. Tremendous planning.`
          : `${a.captain} did not play a minute, so the armband returned 0 points. Tremendous planning.`
      case 'passed':
        return `${a.captain} did not play, so the armband passed to ${a.carrier}: ${plural(a.points, 'point')} all in. The armband has never felt heavier.`
      case 'triple':
        return `Triple Captained ${a.carrier} for a grand total of ${plural(a.points, 'point')}. That chip is not coming back.`
      case 'captain':
        return `Captained ${a.carrier} for a grand total of ${plural(a.points, 'point')}. The armband has never felt heavier.`
    }
  },
  comeback: ({ places, from, to, gameweek }) =>
    `Climbed ${plural(places, 'place')} in ${gw(gameweek)}, from ${ordinal(from)} to ${ordinal(to)}. Never write them off.`,
  freefall: ({ places, from, to, gameweek }) =>
    `Dropped ${plural(places, 'place')} in ${gw(gameweek)}, from ${ordinal(from)} to ${ordinal(to)}. Someone check the parachute.`,
  differential: ({ points, league, led }) =>
    `${plural(points, 'point')} from players fewer than 20% of ${league} started${led ? `, led by ${led.name} (${led.points})` : ''}. Hipster football pays.`,
  consistent: ({ stdev, gameweeks }) =>
    `Points wobble by just ${stdev.toFixed(1)} a week over ${plural(gameweeks, 'gameweek')}. Reliable as the pub quiz machine that never pays out.`,
  benched: ({ points, gameweek }) => `Left ${plural(points, 'point')} on the bench in ${gw(gameweek)}. The subs are filing a formal complaint.`,
  rankKing: ({ rank, league }) => `${ordinal(rank)} in the world, the best overall rank in ${league}. Expect to hear about it all week.`,
}

/** The texts of a gameweek FPL has not checked yet: every one says "so far" and settles nothing. */
export const SO_FAR_TEXTS: BanterTexts = {
  rocket: ({ points, hit, gameweek, league }) =>
    hit > 0
      ? `${plural(points, 'point')} in ${gw(gameweek)} so far even after a -${hit} hit, ahead of the rest of ${league} for now. Nobody buys drinks until FPL checks it.`
      : `${plural(points, 'point')} in ${gw(gameweek)} so far, ahead of the rest of ${league} for now. Nobody buys drinks until FPL checks it.`,
  spoon: ({ points, hit, gameweek, league }) =>
    hit > 0
      ? `${plural(points, 'point')} in ${gw(gameweek)} so far, a -${hit} hit included: bottom of ${league} for now. The wooden spoon is not handed out until FPL checks it.`
      : `${plural(points, 'point')} in ${gw(gameweek)} so far, bottom of ${league} for now. The wooden spoon is not handed out until FPL checks it.`,
  leader: ({ total, league, gameweek, second }) => {
    const wait = `${gw(gameweek)} is not checked yet`
    if (second === null) return `Top of ${league} on ${plural(total, 'point')} so far, with nobody else in it yet. ${wait}.`
    if (second.gap === 0) return `Top of ${league} on ${plural(total, 'point')} so far, level with ${second.name} and ahead only on the tie-break. ${wait}.`
    return `Top of ${league} on ${plural(total, 'point')} so far, ${formatNumber(second.gap)} clear of ${second.name}. ${wait}, so hold the speech.`
  },
  saviour: ({ subs, points }) => `The bench has bailed them out so far: ${joinAnd(subs)} came on for ${plural(points, 'point')}. Squad depth, for now.`,
  tornado: ({ transfers, cost }) =>
    cost > 0
      ? `${plural(transfers, 'transfer')} this season so far and ${plural(Math.round(cost / 4), 'hit')} costing ${plural(cost, 'point')}. The wildcard is a state of mind.`
      : `${plural(transfers, 'transfer')} this season so far without a single hit. The wildcard is a state of mind.`,
  captain: (a) => {
    switch (a.kind) {
      case 'nobody':
        return a.vice
          ? `Neither ${a.captain} nor vice-captain ${a.vice} has played so far, so the armband has 0 points for now.`
          : `${a.captain} has not played so far, so the armband has 0 points for now.`
      case 'passed':
        return `${a.captain} has not played so far, so the armband sits with ${a.carrier} for now: ${plural(a.points, 'point')} so far.`
      case 'triple':
        return `Triple Captained ${a.carrier} for ${plural(a.points, 'point')} so far. Nothing is settled until FPL checks it.`
      case 'captain':
        return `Captained ${a.carrier} for ${plural(a.points, 'point')} so far. Nothing is settled until FPL checks it.`
    }
  },
  comeback: ({ places, from, to, gameweek }) =>
    `Up ${plural(places, 'place')} so far in ${gw(gameweek)}, from ${ordinal(from)} to ${ordinal(to)} for now. Never write them off.`,
  freefall: ({ places, from, to, gameweek }) =>
    `Down ${plural(places, 'place')} so far in ${gw(gameweek)}, from ${ordinal(from)} to ${ordinal(to)} for now. The parachute may yet open.`,
  differential: ({ points, league, led }) =>
    `${plural(points, 'point')} so far from players fewer than 20% of ${league} started${led ? `, led by ${led.name} (${led.points})` : ''}. Hipster football is paying, for now.`,
  consistent: ({ stdev, gameweeks }) =>
    `Points wobble by just ${stdev.toFixed(1)} a week over ${plural(gameweeks, 'gameweek')} so far, the last one not checked yet.`,
  benched: ({ points, gameweek }) => `${plural(points, 'point')} on the bench in ${gw(gameweek)} so far. The subs are drafting a formal complaint.`,
  rankKing: ({ rank, league, gameweek }) =>
    `${ordinal(rank)} in the world so far, ahead of the rest of ${league} until FPL checks ${gw(gameweek)}. Expect to hear about it anyway.`,
}
