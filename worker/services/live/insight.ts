/**
 * The league's matchday insight as the hub answers it (issue 31): effective ownership, one manager
 * against a rival and the gameweek at a glance, worked out by worker/fpl/live/insight.ts from the
 * same table the hub keeps for the feed generation. An insight is computed once per table and
 * auto-subs switch, and so are its league-wide views (ownership, glance), whoever asks and however
 * often: a request only slices them (the viewer's worth, one battle), which costs microseconds.
 */
import type { LiveBattleAnswer, LiveGlance, LiveGlanceAnswer, LiveOwnership, LiveOwnershipAnswer } from '../../../contract/live-insight'
import { battle, type LeagueInsight, leagueGlance, leagueInsight, leagueOwnership, ownershipWorth, rivalOf } from '../../fpl/live'
import { liveState, type TournamentLive } from './table'

/** An insight and the league-wide views made of it, each made once (a view walks every manager's picks). */
interface Kept {
  insight: LeagueInsight
  ownership?: LiveOwnership
  glance?: LiveGlance
}

const kept = new WeakMap<TournamentLive, Map<boolean, Kept>>()

/** The table's insight with or without projected automatic substitutions, computed on first use. */
function keptOf(live: TournamentLive, autoSubs: boolean): Kept {
  const bySwitch = kept.get(live) ?? new Map<boolean, Kept>()
  kept.set(live, bySwitch)
  const entry = bySwitch.get(autoSubs) ?? { insight: leagueInsight(live.gw, live.managers, { autoSubs }) }
  bySwitch.set(autoSubs, entry)
  return entry
}

/** Every player owned in the league, and the viewer's 15 against it when his team is in the table. */
export function ownershipAnswer(live: TournamentLive, autoSubs: boolean, viewer: number | null): LiveOwnershipAnswer {
  const entry = keptOf(live, autoSubs)
  entry.ownership ??= leagueOwnership(entry.insight)
  return { ...liveState(live), ...entry.ownership, mine: viewer === null ? null : ownershipWorth(entry.insight, viewer) }
}

/**
 * The viewer against `rival` (default: the manager just above him in the live table, or below when he
 * leads); null when either has no known picks in the table.
 */
export function battleAnswer(live: TournamentLive, autoSubs: boolean, viewer: number, rival: number | null): LiveBattleAnswer | null {
  const { insight } = keptOf(live, autoSubs)
  const other =
    rival ??
    rivalOf(
      insight,
      live.rows.map((r) => r.fpl_team_id),
      viewer,
    )
  const answer = other === null ? null : battle(insight, viewer, other)
  return answer && { ...liveState(live), ...answer }
}

/**
 * The glance, with the transfers' gain of the managers whose transfers are known: one whose
 * transfers FPL did not answer is left out, not counted as making none, and with nobody's known
 * the glance has no transfers at all.
 */
export function glanceAnswer(live: TournamentLive, autoSubs: boolean): LiveGlanceAnswer {
  const entry = keptOf(live, autoSubs)
  if (!entry.glance) {
    const transfers = new Map(live.managers.flatMap((m) => (m.transfers ? [[m.fpl_team_id, m.transfers] as const] : [])))
    entry.glance = leagueGlance(entry.insight, transfers.size > 0 ? { transfers } : {})
  }
  return { ...liveState(live), ...entry.glance }
}
