import type { BatchItem } from 'drizzle-orm/batch'
import {
  GAZETTE_AWARDS,
  type GazetteAward,
  type GazetteDocument,
  type GazetteFinale,
  type GazetteKind,
  type GazetteMonthRow,
  LOW_PROFILE,
} from '../../../contract/gazette'
import type { HallRecord } from '../../../contract/hall-of-fame'
import { formatNumber } from '../../../contract/numbers'
import type { RaceAnswerPart } from '../../../contract/race'
import { LAST_GAMEWEEK } from '../../../contract/season'
import type { Database } from '../../db/client'
import { publishEditionStatement } from '../gazette'
import { sharingOffEntriesQuery } from '../users'
import type { StoryContext } from './context'
import type { RaceDocument } from './race'

// The Gameweek Gazette (decision 134): when FPL checks a gameweek, one post from the
// product on the tournament's wall, written from the facts the refresh computed (the table, the
// banter awards, the month, the race) in the product's voice. Templates vary from week to week
// but are picked from the tournament and the gameweek, so a retry writes the same words. A member
// who switched sharing off is never named: his names are replaced everywhere in the edition.

type Edition = { kind: GazetteKind; document: GazetteDocument }

/** What the edition is written from besides the snapshot: its race, and on the last gameweek the season's records. */
export interface EditionStory {
  race: RaceDocument | null
  /** This season's Hall of Fame records (the finale prints them); none before the last gameweek. */
  seasonRecords?: readonly HallRecord[]
}

export interface GazetteStep {
  /** This gameweek's edition as composed (also when it is not published: its Manager of the Month). */
  edition: Edition
  /** Whether it goes on the wall: not when the commissioner turned the Gazette off or on the curated league. */
  published: boolean
  statements: Array<BatchItem<'sqlite'>>
}

/**
 * This gameweek's edition and the statement that publishes it, once: the primary key
 * (tournament, season, gameweek) makes a retry or a concurrent refresh a no-op, and a deleted
 * edition keeps its row, so it never comes back. No statement when the Gazette is off, and none
 * for the curated league, which has no wall to post on.
 */
export async function gazetteStep(db: Database, ctx: StoryContext, story: EditionStory, now = Date.now()): Promise<GazetteStep> {
  const edition = composeEdition(ctx, story, await lowProfileNames(db, ctx))
  const published = ctx.tournament.gazetteEnabled && ctx.tournament.type !== 'curated_public'
  const statements = published
    ? [
        publishEditionStatement(db, {
          tournamentId: ctx.tournament.id,
          season: ctx.season,
          gameweek: ctx.gameweek,
          kind: edition.kind,
          document: edition.document as unknown as Record<string, unknown>,
          publishedAt: new Date(now),
        }),
      ]
    : []
  return { edition, published, statements }
}

/** The names (manager and team) of the managers in this edition who switched banter sharing off. */
async function lowProfileNames(db: Database, ctx: StoryContext): Promise<string[]> {
  const names = new Map<number, string[]>()
  const add = (id: number, ...values: string[]) => names.set(id, [...(names.get(id) ?? []), ...values.filter(Boolean)])
  for (const r of ctx.rows) add(r.fpl_team_id, r.player_name, r.team_name)
  for (const m of ctx.cohort) add(m.entryId, m.playerName, m.teamName)
  for (const table of ctx.phaseTables.values()) for (const r of table) add(r.entry, r.player_name, r.team_name)
  const sharingOff = await sharingOffEntriesQuery(db, [...names.keys()])
  return sharingOff.flatMap((r) => (r.entry === null ? [] : (names.get(r.entry) ?? [])))
}

/** The edition: pure, from the snapshot's facts and the names not to print. */
export function composeEdition(ctx: StoryContext, story: EditionStory, lowProfile: readonly string[]): Edition {
  const league = ctx.meta.league_name || ctx.tournament.name
  const month = monthOf(ctx)
  const winner = month?.finished ? ctx.monthlyWinners.find((w) => w.phase_id === month.phaseId && w.status === 'finished') : undefined
  const finale = finaleOf(ctx, story.seasonRecords ?? [])
  const document: GazetteDocument = {
    headline: finale
      ? finaleHeadline(finale, league)
      : winner?.joint_winners.length
        ? monthHeadline(winner.joint_winners, month?.name ?? '', winner.monthly_points)
        : headline(ctx),
    standfirst: finale ? finaleStandfirst(finale, league) : standfirst(ctx, league),
    league_name: league,
    awards: awards(ctx),
    month: month ? { name: month.name, finished: month.finished, top: month.top } : null,
    manager_of_the_month: winner && month ? { month: month.name, winners: winner.joint_winners, points: winner.monthly_points } : null,
    race: raceLines(story.race),
    ...(finale ? { finale } : {}),
  }
  const kind: GazetteKind = finale ? 'finale' : document.manager_of_the_month ? 'month' : 'gameweek'
  return { kind, document: scrub(document, lowProfile) }
}

/** The season's last gameweek, as the Hall of Fame's final table counts it: the champion and the podium. */
function finaleOf(ctx: StoryContext, records: readonly HallRecord[]): GazetteFinale | null {
  if (ctx.gameweek !== LAST_GAMEWEEK || ctx.rows.length === 0) return null
  const byPosition = [...ctx.rows].sort((a, b) => a.rank - b.rank)
  const top = byPosition[0]?.rank ?? 1
  const champions = byPosition.filter((r) => r.rank === top)
  return {
    season: ctx.season,
    champions: champions.map((r) => r.player_name),
    points: champions[0]?.total_points ?? 0,
    podium: byPosition.slice(0, 3).map((r) => ({ position: r.rank, player_name: r.player_name, points: r.total_points })),
    records: records.map((r) => ({ title: r.title, value: r.value, unit: r.unit, holders: r.holders.map((h) => h.player_name) })),
  }
}

function finaleHeadline(finale: GazetteFinale, league: string): string {
  return finale.champions.length > 1
    ? `${joinNames(finale.champions)} share the ${league} title for ${finale.season}`
    : `${finale.champions[0]} is the ${league} champion of ${finale.season}!`
}

/** How the title was won: by how many points over the runner-up, or on FPL's tie-break when level. */
function finaleStandfirst(finale: GazetteFinale, league: string): string {
  const won = `${league}, ${finale.season} is over: ${joinNames(finale.champions)} finished on ${formatNumber(finale.points)} points`
  const runnerUp = finale.podium.find((r) => r.position > (finale.podium[0]?.position ?? 1))
  if (finale.champions.length > 1 || !runnerUp) return `${won}.`
  const gap = finale.points - runnerUp.points
  return gap > 0 ? `${won}, ${formatNumber(gap)} ahead of ${runnerUp.player_name}.` : `${won}, level with ${runnerUp.player_name} and ahead on FPL's tie-break.`
}

interface Facts {
  gw: number
  top: { name: string; points: number }
  bottom: { name: string; points: number }
  leader: { name: string; total: number }
  climber: { name: string; places: number } | null
}

function factsOf(ctx: StoryContext): Facts | null {
  const rows = ctx.rows
  if (rows.length === 0) return null
  const top = rows.reduce((a, b) => (b.gameweek_points > a.gameweek_points ? b : a))
  const bottom = rows.reduce((a, b) => (b.gameweek_points < a.gameweek_points ? b : a))
  const leader = rows.reduce((a, b) => (b.rank < a.rank ? b : a))
  let climber: Facts['climber'] = null
  for (const r of rows) {
    const places = r.last_rank === null ? 0 : r.last_rank - r.rank
    if (places >= 2 && (climber === null || places > climber.places)) climber = { name: r.player_name, places }
  }
  return {
    gw: ctx.gameweek,
    top: { name: top.player_name, points: top.gameweek_points },
    bottom: { name: bottom.player_name, points: bottom.gameweek_points },
    leader: { name: leader.player_name, total: leader.total_points },
    climber,
  }
}

type Template = (f: Facts) => string | null

// The week's headline: each template says only what the facts hold (null when they do not apply).
const HEADLINES: Template[] = [
  (f) => (f.top.name !== f.leader.name ? `${f.top.name} top-scores with ${f.top.points} as ${f.leader.name} stays top` : null),
  (f) => `${f.top.points} points! ${f.top.name} is the toast of GW ${f.gw}`,
  (f) => (f.bottom.name !== f.top.name ? `GW ${f.gw}: ${f.top.name} soars to ${f.top.points}, ${f.bottom.name} left counting ${f.bottom.points}` : null),
  (f) => (f.top.name !== f.leader.name ? `${f.leader.name} leads after GW ${f.gw}; ${f.top.name} steals the headlines with ${f.top.points}` : null),
  (f) => (f.climber ? `${f.climber.name} climbs ${f.climber.places} places in GW ${f.gw}` : null),
  (f) => (f.top.name === f.leader.name ? `${f.leader.name} tops the week and the table in GW ${f.gw}` : null),
]

/** FNV-1a: the same tournament and gameweek pick the same template. */
function pick<T>(options: readonly T[], seed: string): T | undefined {
  let hash = 0x811c9dc5
  for (let i = 0; i < seed.length; i++) hash = Math.imul(hash ^ seed.charCodeAt(i), 0x01000193)
  return options[(hash >>> 0) % options.length]
}

function headline(ctx: StoryContext): string {
  const facts = factsOf(ctx)
  if (!facts) return `Gameweek ${ctx.gameweek} is in the books`
  const fitting = HEADLINES.map((t) => t(facts)).filter((h): h is string => h !== null)
  return pick(fitting, `${ctx.tournament.id}:${ctx.season}:${ctx.gameweek}`) ?? `Gameweek ${ctx.gameweek} is in the books`
}

function monthHeadline(winners: readonly string[], month: string, points: number | null): string {
  const scored = points === null ? '' : ` with ${formatNumber(points)} points`
  return winners.length > 1
    ? `${joinNames(winners)} share ${month}'s Manager of the Month${scored}`
    : `${winners[0]} is ${month}'s Manager of the Month${scored}`
}

const joinNames = (names: readonly string[]) => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`)

function standfirst(ctx: StoryContext, league: string): string {
  const facts = factsOf(ctx)
  if (!facts) return `${league}, gameweek ${ctx.gameweek}.`
  const average = Math.round(ctx.rows.reduce((a, r) => a + r.gameweek_points, 0) / ctx.rows.length)
  return `${league}, gameweek ${ctx.gameweek}: an average of ${average} points across ${formatNumber(ctx.rows.length)} managers, and ${facts.leader.name} leads on ${formatNumber(facts.leader.total)}.`
}

function awards(ctx: StoryContext): GazetteAward[] {
  const stats = ctx.banter as unknown as Record<string, GazetteAward['stat'] | null> | null
  if (!stats) return []
  return GAZETTE_AWARDS.flatMap((key) => {
    const stat = stats[key]
    return stat ? [{ key, stat }] : []
  })
}

interface Month {
  phaseId: number
  name: string
  finished: boolean
  top: GazetteMonthRow[]
}

/** The month holding the gameweek: FPL's phase, and its table's top three (level totals share a place). */
function monthOf(ctx: StoryContext): Month | null {
  const phase = ctx.bootstrap.phases.find((p) => p.id > 1 && p.start_event <= ctx.gameweek && ctx.gameweek <= p.stop_event)
  const table = phase ? ctx.phaseTables.get(phase.id) : undefined
  if (!phase || !table?.length) return null
  const sorted = [...table].sort((a, b) => b.total - a.total || a.entry - b.entry)
  const top = sorted.slice(0, 3).map((r) => ({ position: sorted.findIndex((s) => s.total === r.total) + 1, player_name: r.player_name, points: r.total }))
  return { phaseId: phase.id, name: phase.name, finished: ctx.gameweek === phase.stop_event, top }
}

/** The race worth telling: the month while it is open, else the season. */
function raceLines(race: RaceDocument | null): GazetteDocument['race'] {
  const part: RaceAnswerPart | null = race?.month && race.month.gameweeks_left > 0 ? race.month : (race?.season ?? null)
  if (!part || part.gameweeks_left === 0) return null
  return { name: part.name, gameweeks_left: part.gameweeks_left, alive_count: part.alive_count, lines: part.catch_up.slice(0, 3).map((l) => l.text) }
}

/** Every text of the edition with the low-profile names replaced (longest first, so a name inside another goes too). */
function scrub(document: GazetteDocument, names: readonly string[]): GazetteDocument {
  const sorted = [...new Set(names)].filter((n) => n.trim().length > 0).sort((a, b) => b.length - a.length)
  if (sorted.length === 0) return document
  const clean = (text: string) => sentenceCase(sorted.reduce((t, name) => t.split(name).join(LOW_PROFILE), text))
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return clean(value)
    if (Array.isArray(value)) return value.map(walk)
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]))
    return value
  }
  return walk(document) as GazetteDocument
}

/** A sentence that now starts with the stand-in starts with a capital. */
const sentenceCase = (text: string) => (text.startsWith(LOW_PROFILE) ? `A${text.slice(1)}` : text)
