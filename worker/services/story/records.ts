import {
  type HallRecord,
  type HallSeason,
  RECORD_HOLDERS_LISTED,
  type RecordHolder,
  type RecordKind,
  SEASON_TABLE_ROWS,
  type SeasonTableRow,
} from '../../../contract/hall-of-fame'
import { LAST_GAMEWEEK } from '../../../contract/season'
import type { GameweekResultRow } from '../../db/schema'

// The Hall of Fame's records (decision 136). Pure: a season's kept gameweeks in, that
// season's records and table out; the all-time records are the best of the seasons' records, so
// a season that is over is summarised once and carried from one document to the next.

export type Names = Record<string, [string, string]>

/** A Manager of the Month title: each joint winner holds one. */
export interface MonthTitle {
  fpl_team_id: number | null
  player_name: string
  team_name: string
  month: string
}

export interface SeasonInput {
  tournamentId: number
  season: string
  leagueName: string
  /** The kept gameweeks of the season, any order. */
  gameweeks: ReadonlyArray<{ gameweek: number; rows: readonly GameweekResultRow[] }>
  names: Names
  titles: MonthTitle[]
}

export interface SeasonSummary {
  tournament_id: number
  season: string
  /** How many gameweeks were kept and the last one: a closed season's summary is reused while these agree. */
  kept: number
  through_gameweek: number
  records: HallRecord[]
  titles: MonthTitle[]
  table: HallSeason
}

const TITLES: Record<RecordKind, string> = {
  best_gameweek: 'Best gameweek',
  worst_gameweek: 'Worst gameweek',
  most_manager_of_the_month: 'Most Manager of the Month titles',
  biggest_climb: 'Biggest climb',
  longest_at_top: 'Longest time at the top',
  worst_captaincy: 'Worst captaincy',
  most_bench_points: 'Most points left on the bench',
}

/** The best value of a record and everyone level on it (higher is better unless `lower`): the first few listed, all counted. */
class Best {
  value: number | null = null
  holders: RecordHolder[] = []
  count = 0
  constructor(readonly lower = false) {}
  offer(value: number, holder: () => RecordHolder) {
    if (this.value === null || (this.lower ? value < this.value : value > this.value)) {
      this.value = value
      this.holders = [holder()]
      this.count = 1
    } else if (value === this.value) {
      this.count += 1
      if (this.holders.length < RECORD_HOLDERS_LISTED) this.holders.push(holder())
    }
  }
}

const nameOf = (names: Names, id: number): [string, string] => names[id] ?? [`Manager ${id}`, '']

function holderOf(names: Names, season: string, id: number, gameweek: number | null, gameweekTo: number | null = null): RecordHolder {
  const [player, team] = nameOf(names, id)
  return { fpl_team_id: id, player_name: player, team_name: team, season, gameweek, gameweek_to: gameweekTo, month: null }
}

function record(kind: RecordKind, best: Best, unit: HallRecord['unit'], covers: string | null = null): HallRecord | null {
  if (best.value === null) return null
  return { kind, title: TITLES[kind], value: best.value, unit, holders: best.holders, holder_count: best.count, covers }
}

/** A manager played a gameweek once their team existed: a row of 0 points on a total of 0 is a team not started yet. */
const played = (row: GameweekResultRow) => row[1] !== 0 || row[2] !== 0

export function summariseSeason(input: SeasonInput): SeasonSummary {
  const { season, names } = input
  const gameweeks = [...input.gameweeks].sort((a, b) => a.gameweek - b.gameweek)
  const best = new Best()
  const worst = new Best(true)
  const bench = new Best()
  const captaincy = new Best(true)
  const climb = new Best()
  const top = new Best()
  const captainWeeks = new Set<number>()
  // Runs at the top: id → first gameweek of their current run.
  let leaders = new Map<number, number>()
  let previous: { gameweek: number; size: number; ranks: Map<number, number> } | null = null
  const closeRuns = (until: number, still: ReadonlySet<number>) => {
    for (const [id, from] of leaders) if (!still.has(id)) top.offer(until - from + 1, () => holderOf(names, season, id, from, until))
  }
  for (const { gameweek, rows } of gameweeks) {
    const ranks = new Map<number, number>()
    const atTop = new Set<number>()
    for (const row of rows) {
      const [id, points, , rank, benched, , captain] = row
      ranks.set(id, rank)
      if (rank === 1) atTop.add(id)
      if (!played(row)) continue
      best.offer(points, () => holderOf(names, season, id, gameweek))
      worst.offer(points, () => holderOf(names, season, id, gameweek))
      if (benched !== null && benched > 0) bench.offer(benched, () => holderOf(names, season, id, gameweek))
      if (captain !== null) {
        captainWeeks.add(gameweek)
        captaincy.offer(captain, () => holderOf(names, season, id, gameweek))
      }
    }
    // A climb compares two consecutive kept gameweeks ranked over the same table (a big league's
    // early gameweeks rebuilt from its top managers' histories rank fewer managers).
    const comparable = previous && previous.gameweek === gameweek - 1 && previous.size === rows.length
    if (previous && comparable) {
      for (const [id, rank] of ranks) {
        const before = previous.ranks.get(id)
        if (before !== undefined && before > rank) climb.offer(before - rank, () => holderOf(names, season, id, gameweek))
      }
    }
    // A run at the top ends when the manager is no longer first or a gameweek was not kept.
    const continuous = previous?.gameweek === gameweek - 1
    if (!continuous && previous) {
      closeRuns(previous.gameweek, new Set())
      leaders = new Map()
    } else if (previous) closeRuns(previous.gameweek, atTop)
    const next = new Map<number, number>()
    for (const id of atTop) next.set(id, leaders.get(id) ?? gameweek)
    leaders = next
    previous = { gameweek, size: rows.length, ranks }
  }
  if (previous) closeRuns(previous.gameweek, new Set())

  const records = [
    record('best_gameweek', best, 'points'),
    record('worst_gameweek', worst, 'points'),
    record('biggest_climb', climb, 'places'),
    record('longest_at_top', top, 'gameweeks'),
    record('worst_captaincy', captaincy, 'points', captainWeeks.size ? coveredWeeks(season, captainWeeks) : null),
    record('most_bench_points', bench, 'points'),
  ].filter((r): r is HallRecord => r !== null)
  const last = gameweeks.at(-1)
  return {
    tournament_id: input.tournamentId,
    season,
    kept: gameweeks.length,
    through_gameweek: last?.gameweek ?? 0,
    records,
    titles: input.titles,
    table: keptTable(input, last),
  }
}

/** "2026/27 GW 12-14, 16": the gameweeks whose captains we read. */
function coveredWeeks(season: string, weeks: ReadonlySet<number>): string {
  const sorted = [...weeks].sort((a, b) => a - b)
  const spans: string[] = []
  let from = sorted[0] as number
  for (let i = 1; i <= sorted.length; i += 1) {
    const gw = sorted[i]
    const prev = sorted[i - 1] as number
    if (gw === prev + 1) continue
    spans.push(from === prev ? `${from}` : `${from}-${prev}`)
    if (gw !== undefined) from = gw
  }
  return `Gameweeks whose picks were read: ${season} GW ${spans.join(', ')}`
}

function keptTable(input: SeasonInput, last: { gameweek: number; rows: readonly GameweekResultRow[] } | undefined): HallSeason {
  const rows: SeasonTableRow[] = (last?.rows ?? []).slice(0, SEASON_TABLE_ROWS).map(([id, , total, rank]) => {
    const [player, team] = nameOf(input.names, id)
    return { position: rank, fpl_team_id: id, player_name: player, team_name: team, total, overall_rank: null }
  })
  return {
    season: input.season,
    source: 'kept',
    league_name: input.leagueName,
    status: last?.gameweek === LAST_GAMEWEEK ? 'final' : 'so_far',
    through_gameweek: last?.gameweek ?? null,
    total_managers: last?.rows.length ?? 0,
    rows,
  }
}

/** A season before the league joined us: its managers' FPL season totals, ranked among them (ties share a place). */
export function historyTable(season: string, past: ReadonlyArray<[number, number, number | null]>, names: Names): HallSeason {
  const sorted = [...past].sort((a, b) => b[1] - a[1] || a[0] - b[0])
  let position = 0
  const rows = sorted.slice(0, SEASON_TABLE_ROWS).map(([id, total, overall], i) => {
    if (i === 0 || total !== sorted[i - 1]?.[1]) position = i + 1
    const [player, team] = nameOf(names, id)
    return { position, fpl_team_id: id, player_name: player, team_name: team, total, overall_rank: overall }
  })
  return { season, source: 'fpl_history', league_name: '', status: 'fpl_history', through_gameweek: null, total_managers: past.length, rows }
}

// FPL gives a manager a new team id each season; the person behind it keeps their name, so the
// titles of several seasons add up by name.
const personKey = (name: string) => name.trim().toLowerCase()

/** The all-time records: the best of the seasons' records (joint holders kept), and the most Manager of the Month titles. */
export function allTimeRecords(summaries: readonly SeasonSummary[]): HallRecord[] {
  const byKind = new Map<RecordKind, HallRecord>()
  for (const summary of summaries) {
    for (const r of summary.records) {
      const held = byKind.get(r.kind)
      const lower = r.kind === 'worst_gameweek' || r.kind === 'worst_captaincy'
      if (!held || (lower ? r.value < held.value : r.value > held.value)) byKind.set(r.kind, { ...r, holders: [...r.holders] })
      else if (r.value === held.value) {
        held.holders.push(...r.holders)
        held.holder_count += r.holder_count
        held.covers = [held.covers, r.covers].filter(Boolean).join('; ') || null
      }
    }
  }
  const titles = mostTitles(summaries)
  if (titles) byKind.set(titles.kind, titles)
  const order = Object.keys(TITLES) as RecordKind[]
  return order
    .map((kind) => byKind.get(kind))
    .filter((r): r is HallRecord => r !== undefined)
    .map((r) => {
      const holders = [...r.holders].sort(
        (a, b) => a.season.localeCompare(b.season) || (a.gameweek ?? 0) - (b.gameweek ?? 0) || (a.fpl_team_id ?? 0) - (b.fpl_team_id ?? 0),
      )
      return { ...r, holders: holders.slice(0, RECORD_HOLDERS_LISTED) }
    })
}

function mostTitles(summaries: readonly SeasonSummary[]): HallRecord | null {
  const people = new Map<string, { count: number; latest: RecordHolder; months: string[] }>()
  // Oldest season first, so a person's latest name and team id win.
  for (const summary of [...summaries].sort((a, b) => a.season.localeCompare(b.season))) {
    for (const t of summary.titles) {
      const key = personKey(t.player_name)
      const person = people.get(key) ?? { count: 0, latest: holderOf({}, summary.season, 0, null), months: [] }
      person.count += 1
      person.months.push(`${t.month} (${summary.season})`)
      person.latest = {
        fpl_team_id: t.fpl_team_id,
        player_name: t.player_name,
        team_name: t.team_name,
        season: summary.season,
        gameweek: null,
        gameweek_to: null,
        month: null,
      }
      people.set(key, person)
    }
  }
  const best = new Best()
  for (const person of people.values()) best.offer(person.count, () => ({ ...person.latest, month: person.months.join(', ') }))
  return record('most_manager_of_the_month', best, 'titles')
}
