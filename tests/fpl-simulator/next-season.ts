/**
 * The 2027/28 season FPL relaunches after the summer: the same managers with new entry ids, the
 * same private leagues with new league ids (some renamed), and old ids pointing at strangers or at
 * nothing, as FPL re-issues every id each season. The world underneath is a second SeasonWorld
 * (another seed, a year's deadlines on) that keeps the simulator's own ids; this module translates
 * them at the edge, both ways.
 */
import type { LeagueInfo } from './season.ts'
import {
  FRIDAYS_LEAGUE_ID,
  GIANT_LEAGUE_ID,
  LATE_LEAGUE_ID,
  LEAGUES,
  MEGA_LEAGUE_ID,
  OFFICE_LEAGUE_ID,
  PUB_LEAGUE_ID,
  SeasonWorld,
  SUNDAY_LEAGUE_ID,
} from './season.ts'

export const NEXT_SEASON_NAME = '2027/28'

/** A manager's 2027/28 entry id is the 2026/27 one plus this (1000001 → 3000001). */
export const NEXT_SEASON_ENTRY_OFFSET = 2_000_000

/** The demo and seeded old ids (inclusive): in 2027/28 FPL has given them to strangers. */
export const RECYCLED_ENTRY_IDS: readonly [number, number] = [1000001, 1000012]

/** A recycled id plus this is its stranger's id inside the 2027/28 world, outside every league. */
const STRANGER_SHIFT = 300_000

const isRecycled = (id: number): boolean => id >= RECYCLED_ENTRY_IDS[0] && id <= RECYCLED_ENTRY_IDS[1]

export interface NextSeasonLeague {
  previousId: number
  id: number
  name: string
  created: string
}

export const NEXT_SEASON_LEAGUES: readonly NextSeasonLeague[] = [
  { previousId: PUB_LEAGUE_ID, id: 318204, name: 'The Pub League', created: '2027-07-09T18:40:12.118204Z' },
  { previousId: OFFICE_LEAGUE_ID, id: 402117, name: 'Office Banter League 27/28', created: '2027-07-12T08:05:51.402117Z' },
  { previousId: MEGA_LEAGUE_ID, id: 512390, name: 'Sim Mega League', created: '2027-07-05T12:00:44.512390Z' },
  { previousId: GIANT_LEAGUE_ID, id: 623481, name: 'Sim Giant League', created: '2027-07-05T12:02:09.623481Z' },
  { previousId: SUNDAY_LEAGUE_ID, id: 734562, name: 'Sunday League Legends', created: '2027-07-20T21:12:30.734562Z' },
  { previousId: FRIDAYS_LEAGUE_ID, id: 845673, name: 'Fantasy Fridays II', created: '2027-07-23T17:45:03.845673Z' },
  { previousId: LATE_LEAGUE_ID, id: 956784, name: 'January Sales League', created: '2027-07-28T09:30:18.956784Z' },
]

/** The 2027/28 id of a 2026/27 entry of the simulator (1000001–1200000). */
export function nextSeasonEntryId(previousId: number): number {
  return previousId + NEXT_SEASON_ENTRY_OFFSET
}

/** The 2027/28 league of a 2026/27 league id, if it was renewed. */
export function nextSeasonLeague(previousId: number): NextSeasonLeague | undefined {
  return NEXT_SEASON_LEAGUES.find((l) => l.previousId === previousId)
}

const successors = new WeakMap<SeasonWorld, SeasonWorld>()

/** The 2027/28 world after `world`, built once and shared by every simulator of `world`. */
export function nextSeasonWorld(world: SeasonWorld): SeasonWorld {
  let next = successors.get(world)
  if (!next) {
    next = new SeasonWorld({
      previous: world,
      seed: world.seed + 1,
      bootstrap: world.template,
      unaffiliated: [RECYCLED_ENTRY_IDS[0] + STRANGER_SHIFT, RECYCLED_ENTRY_IDS[1] + STRANGER_SHIFT],
    })
    successors.set(world, next)
  }
  return next
}

/** The world's own entry id behind a 2027/28 id; null where FPL answers 404. */
export function entryBehind(world: SeasonWorld, publicId: number): number | null {
  if (isRecycled(publicId)) return publicId + STRANGER_SHIFT
  const own = publicId - NEXT_SEASON_ENTRY_OFFSET
  return !isRecycled(own - STRANGER_SHIFT) && world.isEntry(own) ? own : null
}

/** The 2027/28 id of the world's own entry id. */
function publicEntryId(own: number): number {
  return isRecycled(own - STRANGER_SHIFT) ? own - STRANGER_SHIFT : nextSeasonEntryId(own)
}

/** The world's own league id behind a 2027/28 league id; null where FPL answers 404. */
export function leagueBehind(publicId: number): number | null {
  return NEXT_SEASON_LEAGUES.find((l) => l.id === publicId)?.previousId ?? null
}

/** The leagues as the 2027/28 season shows them. */
export const NEXT_SEASON_LEAGUE_INFO: readonly LeagueInfo[] = LEAGUES.map((info) => {
  const next = nextSeasonLeague(info.id)
  return next ? { ...info, id: next.id, name: next.name, created: next.created, adminEntry: nextSeasonEntryId(info.adminEntry) } : info
})

type Json = Record<string, unknown>

function mapEntryField(rows: unknown, field: string): void {
  if (!Array.isArray(rows)) return
  for (const row of rows as Json[]) if (typeof row[field] === 'number') row[field] = publicEntryId(row[field] as number)
}

/** A private league as an entry or a standings page shows it, with its 2027/28 id, name and admin. */
function publishLeague(league: Json): void {
  const next = typeof league.id === 'number' ? nextSeasonLeague(league.id) : undefined
  if (!next) return
  league.id = next.id
  league.name = next.name
  league.created = next.created
  if (typeof league.admin_entry === 'number') league.admin_entry = publicEntryId(league.admin_entry)
  if (Array.isArray(league.active_phases)) for (const phase of league.active_phases as Json[]) phase.league_id = next.id
}

/** Rewrites a 2027/28 answer built with the world's own ids into FPL's ids for that season. */
export function publishNextSeason(kind: string, body: unknown): unknown {
  if (!body || typeof body !== 'object') return body
  const data = body as Json
  switch (kind) {
    case 'bootstrap-static':
      mapEntryField(data.events, 'highest_scoring_entry')
      break
    case 'standings':
      publishLeague(data.league as Json)
      mapEntryField((data.standings as Json).results, 'entry')
      mapEntryField((data.new_entries as Json).results, 'entry')
      break
    case 'entry':
      data.id = publicEntryId(data.id as number)
      for (const league of (data.leagues as { classic: Json[] }).classic) publishLeague(league)
      break
    case 'picks':
      mapEntryField(data.automatic_subs, 'entry')
      break
    case 'transfers':
      mapEntryField(data, 'entry')
      break
  }
  return body
}
