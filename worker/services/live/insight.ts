/**
 * The league's matchday insight as the hub answers it (issue 31): effective ownership, one manager
 * against a rival and the gameweek at a glance, worked out by worker/fpl/live/insight.ts from the
 * same table the hub keeps for the feed generation. An insight is computed once per table and
 * auto-subs switch, whoever asks and however often: a request only slices it (the viewer's worth,
 * one battle), which costs microseconds.
 */
import type { LiveBattleAnswer, LiveGlanceAnswer, LiveOwnershipAnswer } from '../../../contract/live-insight'
import { battle, type LeagueInsight, leagueGlance, leagueInsight, leagueOwnership, ownershipWorth, rivalOf } from '../../fpl/live'
import { liveState, type TournamentLive } from './table'

const insights = new WeakMap<TournamentLive, Map<boolean, LeagueInsight>>()

/** The table's insight with or without projected automatic substitutions, computed on first use. */
function insightOf(live: TournamentLive, autoSubs: boolean): LeagueInsight {
  const kept = insights.get(live) ?? new Map<boolean, LeagueInsight>()
  insights.set(live, kept)
  const insight = kept.get(autoSubs) ?? leagueInsight(live.gw, live.managers, { autoSubs })
  kept.set(autoSubs, insight)
  return insight
}

/** Every player owned in the league, and the viewer's 15 against it when his team is in the table. */
export function ownershipAnswer(live: TournamentLive, autoSubs: boolean, viewer: number | null): LiveOwnershipAnswer {
  const insight = insightOf(live, autoSubs)
  return { ...liveState(live), ...leagueOwnership(insight), mine: viewer === null ? null : ownershipWorth(insight, viewer) }
}

/**
 * The viewer against `rival` (default: the manager just above him in the live table, or below when he
 * leads); null when either has no known picks in the table.
 */
export function battleAnswer(live: TournamentLive, autoSubs: boolean, viewer: number, rival: number | null): LiveBattleAnswer | null {
  const insight = insightOf(live, autoSubs)
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

export function glanceAnswer(live: TournamentLive, autoSubs: boolean): LiveGlanceAnswer {
  return { ...liveState(live), ...leagueGlance(insightOf(live, autoSubs)) }
}
