import type { RaceAnswer, RaceAnswerPart } from '../../../contract/race'
import { catchUpText, largestSwing, RACE_RUNS, type RaceManager, raceTable } from '../../fpl/race/race'
import { netPoints } from '../../fpl/stats'
import type { StoryContext } from './context'

// The Race Centre's races for a snapshot (decision 132): the month in progress and the
// season, from the table the refresh is writing, each manager's form from the FPL histories it
// read, simulated with a seed of the tournament and the data version (the same snapshot, the same
// chances).

/** The top of a race always shown; our members' rows are shown too, wherever they stand. */
const TOP_ROWS = 50
/** Catch-up lines: for the closest alive chasers. */
const CATCH_UP_LINES = 5

export type RaceDocument = Omit<RaceAnswer, 'message'>

export function raceDocument(ctx: StoryContext, now = new Date()): RaceDocument | null {
  // Before a gameweek starts, the table stands at the one before it.
  const played = ctx.status === 'upcoming' ? ctx.gameweek - 1 : ctx.gameweek
  if (played < 1 || ctx.rows.length === 0) return null
  const scores = seasonScores(ctx, played)
  const swing = largestSwing(gameweekScores(ctx, played))
  const shown = new Set(ctx.cohort.map((m) => m.entryId))
  const race = (name: string, key: string, first: number, last: number, standings: Array<{ id: number; name: string; points: number }>, total: number) =>
    racePart({ name, seed: `${ctx.tournament.id}:${ctx.version}:${key}`, first, last, played, swing, scores, shown, total }, standings)

  const lastEvent = Math.max(...ctx.bootstrap.events.map((e) => e.id))
  const season = race(
    `Season ${ctx.season}`,
    'season',
    1,
    lastEvent,
    ctx.rows.map((r) => ({ id: r.fpl_team_id, name: r.player_name, points: r.total_points })),
    ctx.meta.total_members,
  )
  const phase = ctx.bootstrap.phases.find((p) => p.id > 1 && p.start_event <= played && played <= p.stop_event)
  const monthTable = phase ? ctx.phaseTables.get(phase.id) : undefined
  const month =
    phase && monthTable?.length
      ? race(
          phase.name,
          `month-${phase.id}`,
          phase.start_event,
          phase.stop_event,
          monthTable.map((r) => ({ id: r.entry, name: r.player_name, points: r.total })),
          Math.max(monthTable.length, ctx.rows.length),
        )
      : null
  return { month, season, computed_at: now.toISOString(), gameweek: ctx.gameweek, provisional: ctx.status !== 'checked', runs: RACE_RUNS }
}

interface RaceSpec {
  name: string
  seed: string
  first: number
  last: number
  played: number
  swing: number
  scores: Map<number, number[]>
  /** Managers shown whatever their place (our members and the league's top read with history). */
  shown: Set<number>
  total: number
}

function racePart(spec: RaceSpec, standings: Array<{ id: number; name: string; points: number }>): RaceAnswerPart {
  const gameweeksLeft = Math.max(0, spec.last - spec.played)
  const managers: RaceManager[] = standings.map((s) => ({ fpl_team_id: s.id, player_name: s.name, points: s.points, scores: spec.scores.get(s.id) ?? [] }))
  const table = raceTable(managers, { gameweeksLeft, maxSwing: spec.swing, seed: spec.seed })
  const leader = table[0]
  const chasers = leader ? table.filter((r) => r.alive && r.gap > 0).slice(0, CATCH_UP_LINES) : []
  return {
    name: spec.name,
    gameweeks_left: gameweeksLeft,
    first_gameweek: spec.first,
    last_gameweek: spec.last,
    rows: table.filter((r, i) => i < TOP_ROWS || spec.shown.has(r.fpl_team_id)),
    total_managers: Math.max(spec.total, table.length),
    alive_count: table.filter((r) => r.alive).length,
    largest_swing: spec.swing,
    catch_up: leader && gameweeksLeft > 0 ? chasers.map((r) => ({ fpl_team_id: r.fpl_team_id, text: catchUpText(r, leader, spec.played + 1, spec.last) })) : [],
  }
}

/** Each manager's net gameweek scores this season, from the histories the refresh read. */
function seasonScores(ctx: StoryContext, played: number): Map<number, number[]> {
  return new Map(ctx.cohort.map((m) => [m.entryId, m.history.current.filter((r) => r.event <= played).map(netPoints)]))
}

/**
 * Every gameweek's scores as far as we know them: the histories read, and for the gameweek just
 * played the whole stored table (a very large league's managers beyond the top and our members).
 */
function gameweekScores(ctx: StoryContext, played: number): number[][] {
  const byGameweek: number[][] = Array.from({ length: played }, () => [])
  for (const m of ctx.cohort) for (const r of m.history.current) if (r.event <= played) byGameweek[r.event - 1]?.push(netPoints(r))
  if (ctx.status !== 'upcoming' && ctx.rows.length > ctx.cohort.length) byGameweek[played - 1] = ctx.rows.map((r) => r.gameweek_points)
  return byGameweek
}
