/**
 * The simulated FPL world: season 2026/27, built on the real 2025-26 bootstrap-static capture.
 *
 * Everything here is a pure function of (seed, gameweek, phase, match-day time): no wall clock, no
 * I/O, no `node:` imports, so the same module runs in Node, in vitest and inside workerd. Work is
 * done lazily and cached per gameweek (player scores, market), per league (entry scores) and per
 * match-day minute (pictures), because the 100,000 manager league has to be rankable in well under
 * two seconds.
 *
 * JSON import decision: `import … with { type: 'json' }` works in Node 24 (type stripping), in
 * vitest/Vite and in the workers vitest pool (Vite turns JSON into a module), so the real
 * bootstrap-static capture is the default template. `createSeasonWorld({ bootstrap })` still
 * accepts another template, for callers that load it differently.
 */
import bootstrapFixture from '../fixtures/fpl/bootstrap-static.json' with { type: 'json' }
import type { FixtureClock, FixtureMoment } from './matchday.ts'
import { BONUS_AFTER, CHECKED_AFTER, fixtureMoment, kickoffTime, lastChange } from './matchday.ts'

// ---------------------------------------------------------------------------------------------
// Public constants
// ---------------------------------------------------------------------------------------------

export const SIM_SEASON_NAME = '2026/27'
export const DEFAULT_SEED = 20262027
export const DEFAULT_GAMEWEEK = 12
export const TOTAL_GAMEWEEKS = 38
export const OVERALL_LEAGUE_ID = 314
/** Managers in the simulated game as a whole; used for overall ranks and event counts. */
const SIM_TOTAL_PLAYERS = 12_486_317
/** The 2025-26 deadlines shifted by exactly 52 weeks keep their weekday and kick-off slot. */
const SEASON_SHIFT_SECONDS = 52 * 7 * 86_400
const STANDINGS_PAGE_SIZE = 50

export type Phase = 'upcoming' | 'live' | 'finished' | 'checked'
export const PHASES: readonly Phase[] = ['upcoming', 'live', 'finished', 'checked']

export interface SimClock {
  gw: number
  phase: Phase
  /** A match day of `gw` being played minute by minute (the phase follows `at`); absent: the step-wise picture. */
  matchDay?: MatchDayClock
  /** FPL's summer state after the last gameweek: history `past` already lists this season. */
  summer?: boolean
}

export interface MatchDayClock {
  /** Simulated time, epoch seconds. */
  at: number
  /** Goals scored on demand (`/__sim/goal`), on top of the simulated ones. */
  goals: readonly InjectedGoal[]
}

export interface InjectedGoal {
  fixture: number
  /** Match minute (1..90). */
  minute: number
  /** Element ids. */
  scorer: number
  assister: number | null
}

export interface LeagueInfo {
  id: number
  name: string
  size: number
  /** The entry shown as the league's admin. */
  adminEntry: number
  created: string
  /** Not yet tracked by the app: a user can create a tournament from it. */
  untracked: boolean
  /** FPL's `start_event`: the league's tables count gameweeks from this one on. */
  startEvent: number
}

export const DEMO_ENTRY_ID = 1000001
export const PUB_LEAGUE_ID = 123456
export const OFFICE_LEAGUE_ID = 234567
export const MEGA_LEAGUE_ID = 345678
export const GIANT_LEAGUE_ID = 456789
export const SUNDAY_LEAGUE_ID = 567890
export const FRIDAYS_LEAGUE_ID = 678901
/** A league created in the winter: `start_event` 20, so its totals count from GW20 only. */
export const LATE_LEAGUE_ID = 789012
export const LATE_LEAGUE_START_EVENT = 20

/** Fictional footballer-like managers, for the app's curated "real footballers" league. */
export const CURATED_ENTRY_IDS: readonly number[] = [1000501, 1000502, 1000503, 1000504, 1000505, 1000506, 1000507, 1000508]

/** Well-known members the seed script gives accounts to, by league id. */
export const SEED_MEMBER_ENTRY_IDS: Readonly<Record<number, readonly number[]>> = {
  [PUB_LEAGUE_ID]: [1000002, 1000003, 1000004, 1000005, 1000006],
  [OFFICE_LEAGUE_ID]: [1000101, 1000102, 1000103],
}

// Match-day scenarios (default seed), each a case the live engine must get right. They happen in
// the default match day (GW13, the one after the default clock); tests/fpl-simulator/README.md.

/**
 * The Pub League, GW13: a starter out on 0 minutes once his match is over (Šeško, fixture 128,
 * Sunday), bench 1 still to play (Szoboszlai, fixture 130, Monday) ahead of bench 2 who has played
 * (Gyökeres, fixture 121, Saturday). FPL subs bench 1 in at the end; until Monday it is pending.
 */
export const PENDING_SUB = {
  entry: 1000005,
  gameweek: 13,
  starter: 681,
  starterFixture: 128,
  benchFirst: 387,
  benchFirstFixture: 130,
  benchSecond: 666,
  benchSecondFixture: 121,
} as const

/**
 * The Pub League, GW13: the captain (João Pedro) gets no minutes but is booked on the bench at
 * `minute`: he has played, keeps the armband (-1 × 2) and is not substituted; the vice (Semenyo)
 * stays at ×1.
 */
export const BOOKED_CAPTAIN = { entry: 1000004, gameweek: 13, captain: 249, vice: 82, fixture: 126, minute: 58 } as const

/**
 * The Office league, GW13: a starter out on 0 minutes (McGinn); bench 1 (Digne) got no minutes
 * but a yellow card at `minute`, so he has played and comes on at -1, ahead of Bentancur (60 minutes).
 */
export const BOOKED_SUB = { entry: 1000274, gameweek: 13, starter: 54, substitute: 37, passedOver: 585, fixture: 121, minute: 71 } as const

/**
 * The Office league at the default clock (GW12 checked), FPL's tie rule at work: on 642 points
 * 1000219 (3 transfers) ranks 11th and 1000246 (8) 12th; on 610 points 1000101 and 1000268 (11
 * transfers each) share 38th, the lower entry id first in `rank_sort`.
 */
export const TIES = {
  league: OFFICE_LEAGUE_ID,
  gameweek: 12,
  byTransfers: { total: 642, entries: [1000219, 1000246], transfers: [3, 8], ranks: [11, 12] },
  shared: { total: 610, entries: [1000101, 1000268], transfers: 11, rank: 38 },
} as const

/** Unused substitutes booked on the bench: 0 minutes, a yellow card, and FPL counts them as having played. */
const BENCH_BOOKINGS: ReadonlyArray<{ gw: number; element: number; minute: number }> = [
  { gw: BOOKED_CAPTAIN.gameweek, element: BOOKED_CAPTAIN.captain, minute: BOOKED_CAPTAIN.minute },
  { gw: BOOKED_SUB.gameweek, element: BOOKED_SUB.substitute, minute: BOOKED_SUB.minute },
]

/** Member ids as explicit ids plus inclusive ranges; entries can be in several leagues. */
interface MemberSpec {
  ids: readonly number[]
  ranges: ReadonlyArray<readonly [number, number]>
}

const MEMBER_SPECS: Readonly<Record<number, MemberSpec>> = {
  [PUB_LEAGUE_ID]: { ids: [], ranges: [[1000001, 1000012]] },
  [OFFICE_LEAGUE_ID]: { ids: [1000001, 1000007, 1000008], ranges: [[1000101, 1000277]] },
  [MEGA_LEAGUE_ID]: { ids: CURATED_ENTRY_IDS, ranges: [[1001001, 1005992]] },
  [GIANT_LEAGUE_ID]: { ids: [], ranges: [[1100001, 1200000]] },
  [SUNDAY_LEAGUE_ID]: { ids: [1000001, 1000009], ranges: [[1000301, 1000323]] },
  [FRIDAYS_LEAGUE_ID]: { ids: [1000110], ranges: [[1000401, 1000439]] },
  [LATE_LEAGUE_ID]: { ids: [], ranges: [[1000601, 1000620]] },
}

export const LEAGUES: readonly LeagueInfo[] = [
  { id: PUB_LEAGUE_ID, name: 'The Pub League', size: 12, adminEntry: 1000002, created: '2026-06-24T19:12:44.318209Z', untracked: false, startEvent: 1 },
  {
    id: OFFICE_LEAGUE_ID,
    name: 'Office Banter League',
    size: 180,
    adminEntry: 1000101,
    created: '2026-07-02T08:41:07.902113Z',
    untracked: false,
    startEvent: 1,
  },
  { id: MEGA_LEAGUE_ID, name: 'Sim Mega League', size: 5000, adminEntry: 1001001, created: '2026-06-20T12:00:31.550871Z', untracked: false, startEvent: 1 },
  {
    id: GIANT_LEAGUE_ID,
    name: 'Sim Giant League',
    size: 100_000,
    adminEntry: 1100001,
    created: '2026-06-20T12:03:12.004412Z',
    untracked: false,
    startEvent: 1,
  },
  {
    id: SUNDAY_LEAGUE_ID,
    name: 'Sunday League Legends',
    size: 25,
    adminEntry: 1000301,
    created: '2026-07-18T21:30:55.771024Z',
    untracked: true,
    startEvent: 1,
  },
  { id: FRIDAYS_LEAGUE_ID, name: 'Fantasy Fridays', size: 40, adminEntry: 1000401, created: '2026-07-25T17:05:19.226650Z', untracked: true, startEvent: 1 },
  {
    id: LATE_LEAGUE_ID,
    name: 'January Sales League',
    size: 20,
    adminEntry: 1000601,
    created: '2027-01-02T09:14:27.640318Z',
    untracked: true,
    startEvent: LATE_LEAGUE_START_EVENT,
  },
]

// ---------------------------------------------------------------------------------------------
// Template types (only the fields the simulation reads; everything else is passed through)
// ---------------------------------------------------------------------------------------------

interface TemplateEvent {
  id: number
  deadline_time: string
  deadline_time_epoch: number
  [key: string]: unknown
}

interface TemplateElement {
  id: number
  element_type: number
  team: number
  now_cost: number
  total_points: number
  starts: number
  minutes: number
  status: string
  selected_by_percent: string
  expected_goals_per_90: number
  expected_assists_per_90: number
  saves_per_90: number
  defensive_contribution: number
  recoveries: number
  clearances_blocks_interceptions: number
  tackles: number
  yellow_cards: number
  web_name: string
  [key: string]: unknown
}

interface TemplateTeam {
  id: number
  strength_attack_home: number
  strength_attack_away: number
  strength_defence_home: number
  strength_defence_away: number
  [key: string]: unknown
}

export interface TemplatePhase {
  id: number
  name: string
  start_event: number
  stop_event: number
  highest_score: number | null
}

interface TemplateChip {
  id: number
  name: string
  start_event: number
  stop_event: number
  [key: string]: unknown
}

interface PositionPoints {
  GKP: number
  DEF: number
  MID: number
  FWD: number
}

export interface ScoringRules {
  long_play: number
  short_play: number
  goals_conceded: PositionPoints
  saves: number
  goals_scored: PositionPoints
  assists: number
  clean_sheets: PositionPoints
  penalties_saved: number
  penalties_missed: number
  yellow_cards: number
  red_cards: number
  own_goals: number
  bonus: number
  defensive_contribution: PositionPoints
}

export interface BootstrapTemplate {
  events: TemplateEvent[]
  elements: TemplateElement[]
  teams: TemplateTeam[]
  phases: TemplatePhase[]
  chips: TemplateChip[]
  game_config: { scoring: ScoringRules; [key: string]: unknown }
  total_players: number
  [key: string]: unknown
}

const DEFAULT_BOOTSTRAP_TEMPLATE = bootstrapFixture as unknown as BootstrapTemplate

// ---------------------------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------------------------

function mixHash(h: number, k: number): number {
  let x = Math.imul(k | 0, 0xcc9e2d51)
  x = (x << 15) | (x >>> 17)
  x = Math.imul(x, 0x1b873593)
  let y = h ^ x
  y = (y << 13) | (y >>> 19)
  return (Math.imul(y, 5) + 0xe6546b64) | 0
}

/**
 * A 32-bit hash of up to five small integers (murmur3 mixing); the root of every random stream.
 * Fixed parameters rather than a rest array: it runs for every one of 100,000 managers.
 */
function hash32(a: number, b?: number, c?: number, d?: number, e?: number): number {
  let h = mixHash(0x2f6b1c3d, a)
  let n = 1
  if (b !== undefined) {
    h = mixHash(h, b)
    n++
  }
  if (c !== undefined) {
    h = mixHash(h, c)
    n++
  }
  if (d !== undefined) {
    h = mixHash(h, d)
    n++
  }
  if (e !== undefined) {
    h = mixHash(h, e)
    n++
  }
  h ^= n
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** mulberry32: tiny, fast and good enough for game simulation. */
class Rng {
  state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  int(n: number): number {
    return Math.floor(this.next() * n)
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)]
    if (item === undefined) throw new Error('Rng.pick on an empty list')
    return item
  }

  /** Knuth's method; only used with small means. */
  poisson(mean: number): number {
    if (mean <= 0) return 0
    const limit = Math.exp(-mean)
    let k = 0
    let p = this.next()
    while (p > limit) {
      k++
      p *= this.next()
    }
    return k
  }
}

// Stream tags keep unrelated random streams independent of each other.
const STREAM_SCHEDULE = 11
const STREAM_FIXTURE = 12
const STREAM_ENTRY = 13
const STREAM_PROFILE = 14
const STREAM_STARTED = 15
const STREAM_TIME = 16
const STREAM_PAST = 17
const STREAM_MATCH = 18

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

const clamp = (v: number, lo: number, hi: number): number => Math.min(Math.max(v, lo), hi)

/** ISO-8601 UTC without milliseconds, the format of deadlines in the real API. */
export function isoSeconds(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString().replace('.000Z', 'Z')
}

/** ISO-8601 UTC with microseconds, the format of `joined_time`, transfer times and `created`. */
function isoMicros(epochSeconds: number, micros: number): string {
  const base = new Date(Math.floor(epochSeconds) * 1000).toISOString().slice(0, 19)
  return `${base}.${String(micros % 1_000_000).padStart(6, '0')}Z`
}

function isoDate(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString().slice(0, 10)
}

/** erfc approximation (Numerical Recipes erfcc, |error| < 1.2e-7). */
function erfc(x: number): number {
  const z = Math.abs(x)
  const t = 1 / (1 + 0.5 * z)
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    )
  return x >= 0 ? r : 2 - r
}

const upperTail = (z: number): number => 0.5 * erfc(z / Math.SQRT2)

/** Rank among SIM_TOTAL_PLAYERS for a score, assuming the population is normal(mean, sd). */
function rankFromScore(score: number, mean: number, sd: number): number {
  const z = (score - mean) / (sd > 0 ? sd : 1)
  return clamp(1 + Math.floor(SIM_TOTAL_PLAYERS * upperTail(z)), 1, SIM_TOTAL_PLAYERS)
}

const PERCENTILE_BUCKETS = [1, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85, 90, 95, 100]

/** FPL reports the smallest listed percentile that contains the rank. */
function percentileBucket(rank: number, count: number): number {
  if (count <= 0) return 100
  for (const bucket of PERCENTILE_BUCKETS) if (rank * 100 <= bucket * count) return bucket
  return 100
}

// ---------------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------------

const FIRST_NAMES = [
  'James',
  'Oliver',
  'Harry',
  'Jack',
  'George',
  'Noah',
  'Charlie',
  'Jacob',
  'Alfie',
  'Freddie',
  'Oscar',
  'Leo',
  'Archie',
  'Joshua',
  'Thomas',
  'William',
  'Henry',
  'Daniel',
  'Samuel',
  'Max',
  'Ethan',
  'Lucas',
  'Adam',
  'Ryan',
  'Liam',
  'Callum',
  'Connor',
  'Kieran',
  'Aidan',
  'Sean',
  'Ciaran',
  'Rhys',
  'Owen',
  'Dylan',
  'Mohammed',
  'Omar',
  'Yusuf',
  'Ibrahim',
  'Arjun',
  'Rohan',
  'Vikram',
  'Sanjay',
  'Kwame',
  'Kofi',
  'Chidi',
  'Tunde',
  'Emeka',
  'Mateo',
  'Diego',
  'Luca',
  'Marco',
  'Tomasz',
  'Piotr',
  'Lars',
  'Erik',
  'Sven',
  'Emily',
  'Sophie',
  'Chloe',
  'Olivia',
  'Amelia',
  'Isla',
  'Grace',
  'Hannah',
  'Lucy',
  'Ella',
  'Megan',
  'Priya',
  'Aisha',
  'Fatima',
  'Zara',
  'Niamh',
  'Siobhan',
  'Ffion',
  'Rosie',
  'Holly',
  'Katie',
  'Jess',
  'Beth',
  'Laura',
  'Sarah',
  'Rachel',
  'Nadia',
  'Ingrid',
  'Marta',
  'Ana',
  'Ben',
  'Sam',
  'Jamie',
  'Alex',
  'Robbie',
  'Nathan',
]

const LAST_NAMES = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Wood',
  'Jackson',
  'Clarke',
  'Patel',
  'Khan',
  'Shah',
  'Ahmed',
  'Hussain',
  'Singh',
  'Kaur',
  'Murphy',
  'Kelly',
  "O'Brien",
  'Byrne',
  'Ryan',
  "O'Connor",
  'Walsh',
  'McCarthy',
  'Campbell',
  'Stewart',
  'MacDonald',
  'Reid',
  'Fraser',
  'Hughes',
  'Morgan',
  'Price',
  'Lloyd',
  'Griffiths',
  'Okafor',
  'Mensah',
  'Adeyemi',
  'Nwosu',
  'Boateng',
  'Kowalski',
  'Nowak',
  'Hansen',
  'Larsen',
  'Johansson',
  'Lindqvist',
  'Rossi',
  'Ferrari',
  'Silva',
  'Santos',
  'Costa',
  'Fernandes',
  'Garcia',
  'Martinez',
  'Lopez',
  'Müller',
  'Schmidt',
  'Fischer',
  'Dubois',
  'Moreau',
  'Bakker',
  'de Vries',
  'Jansen',
  'Cohen',
  'Levi',
  'Nakamura',
  'Tanaka',
  'Kim',
  'Park',
  'Nguyen',
  'Chen',
  'Wang',
  'Li',
  'Hartley',
  'Whitfield',
  'Ashworth',
  'Pemberton',
  'Fairclough',
  'Hargreaves',
  'Holloway',
  'Marsh',
  'Fletcher',
  'Barker',
  'Doyle',
]

const TEAM_PUNS = [
  'Klopp Dogs',
  'Expected Toulouse',
  'Ctrl Alt De Bruyne',
  'Haaland Oates',
  'Vardy Party',
  'Kroos Control',
  'Alisson Wonderland',
  'Baby Got Bakayoko',
  'Pique Blinders',
  'Cesc and the City',
  'Kane and Able',
  'Werner Brothers',
  'Saka Potatoes',
  'Game of Throw-ins',
  'Rice Rice Baby',
  'Sancho Panza',
  'Pep Talk FC',
  'Mbappe Days',
  'Lallana Land',
  'Dele Boys',
  'Son of a Pitch',
  'Xhaka Zulu',
  'Pasta la Vista',
  'Bruno Mars Bar',
  'Ødegaard of Eden',
  'Free Hit Frenzy',
  'Bench Boost Blues',
  'Triple Captain Jack',
  'Hit Takers FC',
  'xG Overperformers',
  'Isak and Destroy',
  'Palmer Violets',
  'Foden Flyers',
  'Wirtz Case Scenario',
  'Mo Salah Mo Problems',
  'Eze Does It',
  'Cunha Matata',
  'Rogers That',
  'Bowen Arrow',
  'Saliba Dancing',
  'Raya of Sunshine',
  'Mbeumo Jumbo',
  'Maddison Square',
  'Gakpo Gakpo',
  'Tekkers Tavern',
  'Onana Split',
  'Wan Direction',
  'Neves Say Never',
  'Gordon Ramsdale',
  'Semenyo Later',
  'Show Me the Mané',
  'Lord of the Wings',
  'Stones Roses',
  'Tielemans Tea Room',
  'Timber Wolves FC',
  'Gvardiol Gang',
  'Kudus to You',
]

const TEAM_PREFIXES = ['Real', 'Inter', 'Dynamo', 'Sporting', 'Athletico', 'Borussia', 'Lokomotiv', 'Red Star', 'Olympique', 'Racing', 'AC', 'Deportivo']
const TEAM_NOUNS = [
  'Sociable',
  'Ale',
  'Lasagne',
  'Pressing',
  'Hangover',
  'Spreadsheet',
  'Teeth',
  'Kebabs',
  'Overlap',
  'Pies',
  'Slippers',
  'Tekkers',
  'Wellies',
  'Lager',
  'Chaos',
  'Pundits',
  'Biscuits',
  'Banter',
  'Bench',
  'Gravy',
  'Pints',
  'Madness',
]
const TEAM_SUFFIXES = ['FC', 'United', 'Rovers', 'Wanderers', 'Athletic', 'City', 'XI', 'Town', 'Albion', 'Galácticos', 'Dynamos']

interface Region {
  id: number
  name: string
  short: string
  long: string
}

const REGIONS: readonly Region[] = [
  { id: 241, name: 'England', short: 'EN', long: 'ENG' },
  { id: 242, name: 'Scotland', short: 'S1', long: 'SCO' },
  { id: 243, name: 'Wales', short: 'WA', long: 'WAL' },
  { id: 105, name: 'Ireland', short: 'IE', long: 'IRL' },
  { id: 163, name: 'Norway', short: 'NO', long: 'NOR' },
  { id: 103, name: 'India', short: 'IN', long: 'IND' },
  { id: 160, name: 'Nigeria', short: 'NG', long: 'NGA' },
  { id: 231, name: 'USA', short: 'US', long: 'USA' },
  { id: 101, name: 'Indonesia', short: 'ID', long: 'IDN' },
  { id: 67, name: 'Egypt', short: 'EG', long: 'EGY' },
  { id: 130, name: 'Malaysia', short: 'MY', long: 'MYS' },
  { id: 112, name: 'Kenya', short: 'KE', long: 'KEN' },
]

/** Named entries; `salt` re-rolls an entry's decisions (used to place the demo team mid-table). */
interface SpecialEntry {
  first: string
  last: string
  team: string
  skill: number
  salt: number
}

const SPECIAL_ENTRIES: Readonly<Record<number, SpecialEntry>> = {
  [DEMO_ENTRY_ID]: { first: 'Chris', last: 'Hartley', team: 'Klopp Dogs', skill: 0.55, salt: 40 },
  1000002: { first: 'Priya', last: 'Nair', team: 'Ctrl Alt De Bruyne', skill: 0.7, salt: 0 },
  1000003: { first: 'Tom', last: 'Okafor', team: 'Haaland Oates', skill: 0.6, salt: 0 },
  1000004: { first: 'Megan', last: 'Price', team: 'Vardy Party', skill: 0.5, salt: 0 },
  1000005: { first: 'Dan', last: 'Kowalski', team: 'Expected Toulouse', skill: 0.45, salt: 0 },
  1000006: { first: 'Aisha', last: 'Rahman', team: 'Rice Rice Baby', skill: 0.65, salt: 0 },
  1000101: { first: 'Ben', last: 'Thornton', team: 'Spreadsheet United', skill: 0.6, salt: 0 },
  1000102: { first: 'Laura', last: 'Fenwick', team: 'Kroos Control', skill: 0.55, salt: 0 },
  1000103: { first: 'Raj', last: 'Mehta', team: 'Baby Got Bakayoko', skill: 0.5, salt: 0 },
  1000501: { first: 'Rafael', last: 'Okonjo', team: 'Samba Pressing', skill: 0.8, salt: 0 },
  1000502: { first: 'Lukas', last: 'Brandtner', team: 'Gegenpress Gang', skill: 0.75, salt: 0 },
  1000503: { first: 'Mateo', last: 'Ferreyra', team: 'La Pausa FC', skill: 0.7, salt: 0 },
  1000504: { first: 'Kofi', last: 'Ansah-Reyes', team: 'Box-to-Box Office', skill: 0.65, salt: 0 },
  1000505: { first: 'Jonny', last: 'Halvorsen', team: 'Fjord Focus', skill: 0.6, salt: 0 },
  1000506: { first: 'Dario', last: 'Castellano', team: 'Catenaccio Kings', skill: 0.7, salt: 0 },
  1000507: { first: 'Theo', last: 'Whitcombe', team: 'Whitcombe Wizards', skill: 0.55, salt: 0 },
  1000508: { first: 'Sami', last: 'Kouadio-Belle', team: 'Inverted Fullbacks', skill: 0.75, salt: 0 },
}

// ---------------------------------------------------------------------------------------------
// Players and matches
// ---------------------------------------------------------------------------------------------

const GKP = 1
const DEF = 2
const MID = 3
const FWD = 4
const POSITION_KEYS = ['', 'GKP', 'DEF', 'MID', 'FWD'] as const
/** 2025-26 defensive contribution thresholds (CBIT for defenders, CBIRT for the rest). */
const DC_THRESHOLD = [0, 0, 10, 12, 12]

interface PlayerStatic {
  index: number
  id: number
  type: number
  team: number
  cost: number
  /** Points per gameweek in the real 2025-26 season: the player's "quality". */
  quality: number
  startProb: number
  subProb: number
  xg90: number
  xa90: number
  saves90: number
  dc90: number
  rec90: number
  cbi90: number
  tackles90: number
  yellow90: number
  pickable: boolean
  baseWeight: number
}

function buildPlayers(template: BootstrapTemplate): PlayerStatic[] {
  return template.elements.map((e, index) => {
    const nineties = e.minutes / 90
    const per90 = (v: number): number => (nineties > 0 ? v / nineties : 0)
    const quality = e.total_points / TOTAL_GAMEWEEKS
    const subApps = Math.max(0, (e.minutes - e.starts * 84) / 22)
    const selected = Number.parseFloat(e.selected_by_percent) || 0
    return {
      index,
      id: e.id,
      type: e.element_type,
      team: e.team,
      cost: e.now_cost,
      quality,
      // Capped below 1 so that even nailed-on players blank now and then (that drives auto-subs).
      startProb: Math.min(0.93, e.starts / 36),
      subProb: e.starts >= TOTAL_GAMEWEEKS ? 0 : Math.min(0.85, subApps / Math.max(1, TOTAL_GAMEWEEKS - e.starts)),
      xg90: e.expected_goals_per_90,
      xa90: e.expected_assists_per_90,
      saves90: e.saves_per_90,
      dc90: per90(e.defensive_contribution),
      rec90: per90(e.recoveries),
      cbi90: per90(e.clearances_blocks_interceptions),
      tackles90: per90(e.tackles),
      yellow90: per90(e.yellow_cards),
      pickable: (e.status === 'a' || e.status === 'd') && e.minutes >= 450,
      baseWeight: selected + 0.3 * quality * quality + 0.3,
    }
  })
}

export interface SimFixture {
  id: number
  gw: number
  home: number
  away: number
  /** Match day within the gameweek: 0 (first day), 1, 2. */
  day: number
}

/** A double round robin (circle method); the second half mirrors the first with venues swapped. */
function buildSchedule(seed: number, teamIds: readonly number[]): SimFixture[][] {
  const rng = new Rng(hash32(seed, STREAM_SCHEDULE))
  const n = teamIds.length
  const rotation = [...teamIds]
  const rounds: Array<Array<[number, number]>> = []
  for (let r = 0; r < n - 1; r++) {
    const pairs: Array<[number, number]> = []
    for (let i = 0; i < n / 2; i++) {
      const a = rotation[i]!
      const b = rotation[n - 1 - i]!
      pairs.push((r + i) % 2 === 0 ? [a, b] : [b, a])
    }
    rounds.push(pairs)
    rotation.splice(1, 0, rotation.pop()!)
  }
  for (let i = rounds.length - 1; i > 0; i--) {
    const j = rng.int(i + 1)
    const tmp = rounds[i]!
    rounds[i] = rounds[j]!
    rounds[j] = tmp
  }
  const schedule: SimFixture[][] = [[]]
  for (let gw = 1; gw <= TOTAL_GAMEWEEKS; gw++) {
    const firstHalf = gw <= n - 1
    const pairs = rounds[(gw - 1) % (n - 1)]!
    schedule.push(
      pairs.map(([h, a], i) => ({
        id: (gw - 1) * (n / 2) + i + 1,
        gw,
        home: firstHalf ? h : a,
        away: firstHalf ? a : h,
        // Six matches on the first day, three on the second, one on the third (Mon night).
        day: i < 6 ? 0 : i < 9 ? 1 : 2,
      })),
    )
  }
  return schedule
}

/** One player's numbers in one fixture; keys are FPL's live stat names. */
export interface PlayerGwStats {
  minutes: number
  goals_scored: number
  assists: number
  clean_sheets: number
  goals_conceded: number
  own_goals: number
  penalties_saved: number
  penalties_missed: number
  yellow_cards: number
  red_cards: number
  saves: number
  bonus: number
  bps: number
  influence: number
  creativity: number
  threat: number
  clearances_blocks_interceptions: number
  recoveries: number
  tackles: number
  defensive_contribution: number
  starts: number
  expected_goals: number
  expected_assists: number
  expected_goals_conceded: number
  total_points: number
}

function emptyStats(): PlayerGwStats {
  return {
    minutes: 0,
    goals_scored: 0,
    assists: 0,
    clean_sheets: 0,
    goals_conceded: 0,
    own_goals: 0,
    penalties_saved: 0,
    penalties_missed: 0,
    yellow_cards: 0,
    red_cards: 0,
    saves: 0,
    bonus: 0,
    bps: 0,
    influence: 0,
    creativity: 0,
    threat: 0,
    clearances_blocks_interceptions: 0,
    recoveries: 0,
    tackles: 0,
    defensive_contribution: 0,
    starts: 0,
    expected_goals: 0,
    expected_assists: 0,
    expected_goals_conceded: 0,
    total_points: 0,
  }
}

interface ExplainLine {
  identifier: string
  points: number
  value: number
}

/**
 * FPL scoring for one player in one fixture, as explain lines. Both `total_points` and `explain`
 * come from here, so they can never disagree. Minutes is always listed, as in the real feed.
 */
function scoreLines(type: number, s: PlayerGwStats, rules: ScoringRules): ExplainLine[] {
  const key = POSITION_KEYS[type] ?? 'MID'
  if (key === '') return []
  const minutesPoints = s.minutes >= 60 ? rules.long_play : s.minutes > 0 ? rules.short_play : 0
  const dcPoints = type !== GKP && s.defensive_contribution >= (DC_THRESHOLD[type] ?? 12) ? rules.defensive_contribution[key] : 0
  const candidates: ExplainLine[] = [
    { identifier: 'goals_scored', value: s.goals_scored, points: s.goals_scored * rules.goals_scored[key] },
    { identifier: 'assists', value: s.assists, points: s.assists * rules.assists },
    { identifier: 'clean_sheets', value: s.clean_sheets, points: s.clean_sheets * rules.clean_sheets[key] },
    { identifier: 'goals_conceded', value: s.goals_conceded, points: Math.floor(s.goals_conceded / 2) * rules.goals_conceded[key] },
    { identifier: 'own_goals', value: s.own_goals, points: s.own_goals * rules.own_goals },
    { identifier: 'penalties_saved', value: s.penalties_saved, points: s.penalties_saved * rules.penalties_saved },
    { identifier: 'penalties_missed', value: s.penalties_missed, points: s.penalties_missed * rules.penalties_missed },
    { identifier: 'yellow_cards', value: s.yellow_cards, points: s.yellow_cards * rules.yellow_cards },
    { identifier: 'red_cards', value: s.red_cards, points: s.red_cards * rules.red_cards },
    { identifier: 'saves', value: s.saves, points: Math.floor(s.saves / 3) * rules.saves },
    { identifier: 'bonus', value: s.bonus, points: s.bonus * rules.bonus },
    { identifier: 'defensive_contribution', value: s.defensive_contribution, points: dcPoints },
  ]
  return [{ identifier: 'minutes', value: s.minutes, points: minutesPoints }, ...candidates.filter((line) => line.points !== 0)]
}

const sumPoints = (lines: readonly ExplainLine[]): number => lines.reduce((acc, line) => acc + line.points, 0)

/**
 * FPL: "Playing in a Gameweek means playing at least 1 minute or receiving a yellow / red card",
 * so a player booked on the bench is not substituted and a booked captain keeps the armband.
 */
const hasPlayed = (s: PlayerGwStats): number => (s.minutes > 0 || s.yellow_cards > 0 || s.red_cards > 0 ? 1 : 0)

interface Appearance {
  p: PlayerStatic
  from: number
  to: number
  started: boolean
}

interface GoalEvent {
  minute: number
  /** The side credited with the goal (0 home, 1 away). */
  side: number
  scorer: PlayerStatic
  assister: PlayerStatic | null
  ownGoal: boolean
}

function pickWeighted<T>(rng: Rng, items: readonly T[], weight: (item: T) => number): T | null {
  let total = 0
  for (const item of items) total += weight(item)
  if (total <= 0) return null
  let u = rng.next() * total
  for (const item of items) {
    u -= weight(item)
    if (u < 0) return item
  }
  return items[items.length - 1] ?? null
}

function chooseAppearances(rng: Rng, squad: readonly PlayerStatic[]): Appearance[] {
  const apps: Appearance[] = []
  const keepers = squad.filter((p) => p.type === GKP)
  const regulars = keepers.filter((p) => p.startProb > 0)
  const pool = regulars.length > 0 ? regulars : keepers
  // A little rotation so that first-choice keepers blank occasionally (bench GK subs).
  const keeper = rng.chance(0.04) && pool.length > 1 ? rng.pick(pool) : pickWeighted(rng, pool, (p) => p.startProb + 0.02)
  if (keeper) apps.push({ p: keeper, from: 0, to: 90, started: true })
  for (const p of squad) {
    if (p.type === GKP) continue
    if (rng.next() < p.startProb) {
      const u = rng.next()
      const minutes = u < 0.6 ? 90 : u < 0.95 ? 58 + rng.int(32) : 20 + rng.int(38)
      apps.push({ p, from: 0, to: minutes, started: true })
    } else if (rng.next() < p.subProb) {
      const minutes = 1 + rng.int(33)
      apps.push({ p, from: 90 - minutes, to: 90, started: false })
    }
  }
  return apps
}

function expectedGoals(attack: number, defence: number, home: boolean): number {
  const ratio = attack / defence
  return clamp((home ? 1.5 : 1.2) * ratio * ratio, 0.35, 3.4)
}

const onPitch = (a: Appearance, minute: number): boolean => a.from < minute && minute <= a.to

function simulateGoals(rng: Rng, sides: readonly Appearance[][], means: readonly number[]): GoalEvent[] {
  const goals: GoalEvent[] = []
  for (let side = 0; side < 2; side++) {
    const count = rng.poisson(means[side]!)
    for (let g = 0; g < count; g++) {
      const minute = 1 + rng.int(90)
      const own = sides[side]!.filter((a) => onPitch(a, minute))
      if (rng.chance(0.035)) {
        const culprits = sides[1 - side]!.filter((a) => onPitch(a, minute) && a.p.type !== GKP)
        if (culprits.length === 0) continue
        goals.push({ minute, side, scorer: rng.pick(culprits).p, assister: null, ownGoal: true })
        continue
      }
      const scorer = pickWeighted(rng, own, (a) => (a.p.type === GKP ? 0.0003 : a.p.xg90 + 0.012))
      if (!scorer) continue
      const assister = rng.chance(0.76) ? pickWeighted(rng, own, (a) => (a === scorer ? 0 : a.p.xa90 + 0.015)) : null
      goals.push({ minute, side, scorer: scorer.p, assister: assister?.p ?? null, ownGoal: false })
    }
  }
  return goals
}

function appearanceStats(rng: Rng, a: Appearance, side: number, goals: readonly GoalEvent[], oppMean: number): PlayerGwStats {
  const s = emptyStats()
  const p = a.p
  const minutes = a.to - a.from
  const f = minutes / 90
  s.minutes = minutes
  s.starts = a.started ? 1 : 0
  for (const g of goals) {
    if (g.scorer === p) {
      if (g.ownGoal) s.own_goals++
      else s.goals_scored++
    }
    if (g.assister === p) s.assists++
    // A goal credited to the other side was conceded by this side, own goals included.
    if (g.side !== side && g.minute > a.from && g.minute <= a.to) s.goals_conceded++
  }
  s.clean_sheets = minutes >= 60 && s.goals_conceded === 0 ? 1 : 0
  if (p.type === GKP) {
    s.saves = rng.poisson(p.saves90 * f * (oppMean / 1.3))
    s.penalties_saved = rng.chance(0.012) ? 1 : 0
    s.recoveries = rng.poisson(p.rec90 * f)
    s.clearances_blocks_interceptions = rng.poisson(p.cbi90 * f)
  } else {
    const dc = rng.poisson(p.dc90 * f)
    s.defensive_contribution = dc
    s.tackles = Math.min(dc, rng.poisson(p.tackles90 * f))
    if (p.type === DEF) {
      s.clearances_blocks_interceptions = dc - s.tackles
      s.recoveries = rng.poisson(p.rec90 * f)
    } else {
      s.recoveries = Math.min(dc - s.tackles, rng.poisson(p.rec90 * f))
      s.clearances_blocks_interceptions = dc - s.tackles - s.recoveries
    }
  }
  s.penalties_missed = p.xg90 > 0.3 && rng.chance(0.008 * f) ? 1 : 0
  s.yellow_cards = rng.chance(Math.min(0.4, p.yellow90 * f)) ? 1 : 0
  s.red_cards = rng.chance(0.0025 * f) ? 1 : 0
  s.expected_goals = p.xg90 * f * (0.6 + 0.8 * rng.next()) + s.goals_scored * 0.18
  s.expected_assists = p.xa90 * f * (0.6 + 0.8 * rng.next()) + s.assists * 0.15
  s.expected_goals_conceded = oppMean * f * (0.7 + 0.6 * rng.next())
  s.bps = bonusPointSystem(p.type, s) + rng.int(4 + Math.floor(minutes / 10))
  s.influence = Math.max(0, s.bps * 1.2 + s.goals_scored * 10 + rng.next() * 3)
  s.creativity = s.expected_assists * 60 + rng.next() * (minutes / 8)
  s.threat = s.expected_goals * 80 + rng.next() * (minutes / 10)
  return s
}

/** A simplified BPS: enough to rank players within a fixture for bonus. */
function bonusPointSystem(type: number, s: PlayerGwStats): number {
  const defensive = type === GKP || type === DEF
  const goalValue = defensive ? 12 : type === MID ? 18 : 24
  return (
    (s.minutes >= 60 ? 6 : s.minutes > 0 ? 3 : 0) +
    s.goals_scored * goalValue +
    s.assists * 9 +
    (defensive && s.clean_sheets ? 12 : 0) +
    s.saves * 2 +
    s.penalties_saved * 15 -
    s.penalties_missed * 6 -
    s.yellow_cards * 3 -
    s.red_cards * 9 -
    s.own_goals * 6 -
    (defensive ? s.goals_conceded * 4 : 0) +
    Math.floor(s.defensive_contribution / 3)
  )
}

/** FPL's bonus: 3/2/1 by BPS; tied players share the higher award and push the next ones down. */
function awardBonus(entries: ReadonlyArray<{ p: PlayerStatic; s: PlayerGwStats }>): void {
  const sorted = [...entries].sort((a, b) => b.s.bps - a.s.bps || a.p.id - b.p.id)
  let position = 0
  while (position < sorted.length && position < 3) {
    const bps = sorted[position]!.s.bps
    let end = position
    while (end < sorted.length && sorted[end]!.s.bps === bps) end++
    for (let i = position; i < end; i++) sorted[i]!.s.bonus = 3 - position
    position = end
  }
}

/** Everything about one gameweek's football, for every player. */
export interface GwTable {
  gw: number
  fixtures: SimFixture[]
  stats: PlayerGwStats[]
  fixtureOf: Int16Array
  dayOf: Uint8Array
  /** Final points and minutes (finished / checked). */
  pts: Int16Array
  mins: Int16Array
  /** 1 for a player who played by FPL's rule (see `hasPlayed`), final. */
  played: Uint8Array
  /** Mid-gameweek view: day one done with bonus, day two done without bonus, day three unplayed. */
  livePts: Int16Array
  livePlayed: Uint8Array
  dream: Uint8Array
  /** Who played when and the goals, per fixture (in `fixtures` order): the match day replays them. */
  matches: MatchRecord[]
}

interface MatchRecord {
  fixture: SimFixture
  /** Appearances of the home side (0) and the away side (1). */
  sides: Appearance[][]
  goals: GoalEvent[]
}

/** Best eleven in a legal formation (1 GK, >= 3 DEF, >= 2 MID, >= 1 FWD), by a score. */
function bestEleven(byType: ReadonlyArray<readonly number[]>, score: (p: number) => number): number[] {
  const sorted = byType.map((list) => [...list].sort((a, b) => score(b) - score(a) || a - b))
  const take = (type: number, n: number): number[] => sorted[type]!.slice(0, n)
  const chosen = [...take(GKP, 1), ...take(DEF, 3), ...take(MID, 2), ...take(FWD, 1)]
  const rest = [...sorted[DEF]!.slice(3, 5), ...sorted[MID]!.slice(2, 5), ...sorted[FWD]!.slice(1, 3)].sort((a, b) => score(b) - score(a) || a - b)
  return [...chosen, ...rest.slice(0, 4)]
}

// ---------------------------------------------------------------------------------------------
// Managers (entries)
// ---------------------------------------------------------------------------------------------

const CHIP_NONE = 0
const CHIP_WILDCARD = 1
const CHIP_FREEHIT = 2
const CHIP_BBOOST = 3
const CHIP_3XC = 4
type ChipName = 'wildcard' | 'freehit' | 'bboost' | '3xc'
const CHIP_NAMES: ReadonlyArray<ChipName | null> = [null, 'wildcard', 'freehit', 'bboost', '3xc']
const chipCode = (name: string): number => Math.max(0, CHIP_NAMES.indexOf(name as ChipName))

/** Squad slots: 2 GKP, 5 DEF, 5 MID, 3 FWD. */
const SLOT_TYPES = [GKP, GKP, DEF, DEF, DEF, DEF, DEF, MID, MID, MID, MID, MID, FWD, FWD, FWD]
/** Midfielders and forwards first: managers spend on attackers, then fill the back with what is left. */
const BUILD_ORDER = [7, 8, 9, 10, 11, 12, 13, 14, 2, 3, 4, 5, 6, 0, 1]
const SQUAD_BUDGET = 1000
const MAX_PER_CLUB = 3
const TRANSFER_HIT = 4
const MAX_FREE_TRANSFERS = 5

/** Public information a manager uses to pick a team for a gameweek (only earlier gameweeks). */
interface Market {
  gw: number
  rating: Float64Array
  pools: Int16Array[]
  cumulative: Float64Array[]
}

interface SimContext {
  players: readonly PlayerStatic[]
  /** Pickable players per position, cheapest first (a fallback that always finds a legal pick). */
  byCost: ReadonlyArray<readonly number[]>
  chips: readonly ChipWindow[]
  /** Money to keep back after the k-th pick of BUILD_ORDER: the cheapest legal rest of the squad. */
  reserve: readonly number[]
}

interface TransferMove {
  gw: number
  elementIn: number
  elementOut: number
  costIn: number
  costOut: number
}

interface EntryTraits {
  skill: number
  salt: number
  startedEvent: number
}

const scratchTeams = new Int8Array(64)
const scratchScores = new Float64Array(15)

function countTeams(ctx: SimContext, squad: Int16Array, skipSlot: number): void {
  scratchTeams.fill(0)
  for (let i = 0; i < 15; i++) {
    if (i === skipSlot) continue
    const p = squad[i]!
    if (p >= 0) scratchTeams[ctx.players[p]!.team]!++
  }
}

/** Membership marks for the squad being edited, so legality checks are O(1). */
let squadMarks = new Uint8Array(0)

function markSquad(squad: Int16Array, value: number): void {
  for (let i = 0; i < 15; i++) if (squad[i]! >= 0) squadMarks[squad[i]!] = value
}

function inSquad(squad: Int16Array, p: number): boolean {
  for (let i = 0; i < 15; i++) if (squad[i] === p) return true
  return false
}

function sampleFromMarket(rng: Rng, market: Market, type: number): number {
  const cum = market.cumulative[type]!
  const pool = market.pools[type]!
  const total = cum[cum.length - 1] ?? 0
  const u = rng.next() * total
  let lo = 0
  let hi = cum.length - 1
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (cum[mid]! > u) hi = mid
    else lo = mid + 1
  }
  return pool[lo]!
}

/** A legal player of `type` costing at most `maxCost`, not in the squad and within the club limit. */
/** Needs `squadMarks` set for the squad being edited and `scratchTeams` counting its clubs. */
function findPlayer(rng: Rng, ctx: SimContext, market: Market, type: number, maxCost: number, tries: number, fallback: boolean): number {
  for (let t = 0; t < tries; t++) {
    const p = sampleFromMarket(rng, market, type)
    const player = ctx.players[p]!
    if (player.cost <= maxCost && scratchTeams[player.team]! < MAX_PER_CLUB && squadMarks[p] === 0) return p
  }
  if (!fallback) return -1
  for (const p of ctx.byCost[type]!) {
    const player = ctx.players[p]!
    if (player.cost > maxCost) break
    if (scratchTeams[player.team]! < MAX_PER_CLUB && squadMarks[p] === 0) return p
  }
  return -1
}

/** A fresh legal 15 within `budget`; returns the money left in the bank. */
function buildSquad(rng: Rng, ctx: SimContext, market: Market, budget: number, squad: Int16Array): number {
  squad.fill(-1)
  scratchTeams.fill(0)
  let left = budget
  for (let k = 0; k < BUILD_ORDER.length; k++) {
    const slot = BUILD_ORDER[k]!
    const type = SLOT_TYPES[slot]!
    let p = findPlayer(rng, ctx, market, type, left - ctx.reserve[k]!, 14, true)
    // Unreachable with the real template (the reserve guarantees a legal pick); with another
    // template, overspend rather than leave a hole or break the club limit.
    if (p < 0) p = findPlayer(rng, ctx, market, type, Number.POSITIVE_INFINITY, 0, true)
    if (p < 0) p = ctx.byCost[type]!.find((c) => !inSquad(squad, c)) ?? 0
    squad[slot] = p
    squadMarks[p] = 1
    left -= ctx.players[p]!.cost
    scratchTeams[ctx.players[p]!.team]!++
  }
  markSquad(squad, 0)
  return left
}

// One buffer for all sims: 100,000 managers would otherwise allocate 200,000 typed arrays.
const SHARED_ORDER = new Int16Array(15)
const SHARED_INS = new Int16Array(15)

/**
 * One manager's season, stepped a gameweek at a time. Decisions for gameweek g only use public
 * information from earlier gameweeks and one private random stream, consumed in the same order
 * whether the entry is replayed alone (detail endpoints) or as one of 100,000 (league tables).
 */
class EntrySim {
  id: number
  rng: Rng
  skill: number
  hitProb: number
  startedEvent: number
  chips: Uint8Array
  squad = new Int16Array(15)
  bank = 0
  freeTransfers = 0
  savedSquad: Int16Array | null = null
  savedBank = 0
  /** Output of the last `step` (shared by all sims: read it before stepping another one). */
  order = SHARED_ORDER
  captainPos = 0
  vicePos = 1
  chip = CHIP_NONE
  played = false
  eventTransfers = 0
  transferCost = 0
  totalTransfers = 0
  ins = SHARED_INS
  insCount = 0
  moves: TransferMove[] | null

  constructor(seed: number, id: number, traits: EntryTraits, ctx: SimContext, recording: boolean) {
    this.id = id
    this.rng = new Rng(hash32(seed, STREAM_ENTRY, id, traits.salt))
    this.skill = traits.skill
    this.startedEvent = traits.startedEvent
    this.hitProb = 0.03 + 0.14 * this.rng.next()
    this.chips = scheduleChips(this.rng, ctx.chips, this.startedEvent)
    this.moves = recording ? [] : null
  }

  value(ctx: SimContext): number {
    let v = this.bank
    for (let i = 0; i < 15; i++) v += ctx.players[this.squad[i]!]!.cost
    return v
  }

  step(gw: number, ctx: SimContext, market: Market): void {
    this.chip = CHIP_NONE
    this.eventTransfers = 0
    this.transferCost = 0
    this.insCount = 0
    if (gw < this.startedEvent) {
      this.played = false
      return
    }
    this.played = true
    if (this.savedSquad) {
      this.squad.set(this.savedSquad)
      this.bank = this.savedBank
      this.savedSquad = null
    }
    if (gw === this.startedEvent) {
      this.bank = buildSquad(this.rng, ctx, market, SQUAD_BUDGET, this.squad)
      this.chip = this.chips[gw]! === CHIP_BBOOST || this.chips[gw]! === CHIP_3XC ? this.chips[gw]! : CHIP_NONE
      this.freeTransfers = 1
    } else {
      this.chip = this.chips[gw]!
      if (this.chip === CHIP_WILDCARD || this.chip === CHIP_FREEHIT) this.rebuild(gw, ctx, market)
      else this.normalTransfers(gw, ctx, market)
    }
    this.totalTransfers += this.eventTransfers
    this.selectLineup(market)
  }

  /** Wildcard and Free Hit: a whole new squad, no hits; a Free Hit squad lasts one gameweek. */
  rebuild(gw: number, ctx: SimContext, market: Market): void {
    const before = Int16Array.from(this.squad)
    const budget = this.value(ctx)
    if (this.chip === CHIP_FREEHIT) {
      this.savedSquad = Int16Array.from(before)
      this.savedBank = this.bank
    }
    this.bank = buildSquad(this.rng, ctx, market, budget, this.squad)
    // Pair outgoing and incoming players position by position, as FPL lists them.
    for (let slot = 0; slot < 15; slot++) {
      const p = this.squad[slot]!
      if (inSquad(before, p)) continue
      const type = SLOT_TYPES[slot]!
      for (let s = 0; s < 15; s++) {
        const out = before[s]!
        if (SLOT_TYPES[s] !== type || out < 0 || inSquad(this.squad, out)) continue
        this.recordMove(gw, ctx, p, out)
        before[s] = -1
        break
      }
    }
    this.freeTransfers = Math.min(MAX_FREE_TRANSFERS, this.freeTransfers + 1)
  }

  normalTransfers(gw: number, ctx: SimContext, market: Market): void {
    const rng = this.rng
    const r = rng.next()
    let wanted = r < 0.28 ? 0 : this.freeTransfers >= 2 && r > 0.8 ? 2 : 1
    if (rng.chance(this.hitProb)) wanted = this.freeTransfers + (rng.chance(0.2) ? 2 : 1)
    let bought = 0
    if (wanted > 0) markSquad(this.squad, 1)
    for (let t = 0; t < wanted; t++) {
      const slot = this.chooseOut(market, bought)
      const out = this.squad[slot]!
      countTeams(ctx, this.squad, slot)
      const budget = this.bank + ctx.players[out]!.cost
      const p = findPlayer(rng, ctx, market, SLOT_TYPES[slot]!, budget, 10, false)
      if (p < 0) continue
      this.squad[slot] = p
      squadMarks[out] = 0
      squadMarks[p] = 1
      this.bank = budget - ctx.players[p]!.cost
      bought |= 1 << slot
      this.recordMove(gw, ctx, p, out)
    }
    if (wanted > 0) markSquad(this.squad, 0)
    const made = this.eventTransfers
    this.transferCost = TRANSFER_HIT * Math.max(0, made - this.freeTransfers)
    this.freeTransfers = Math.min(MAX_FREE_TRANSFERS, Math.max(0, this.freeTransfers - made) + 1)
  }

  /** Sell the weakest-looking player; keepers are rarely sold. */
  chooseOut(market: Market, boughtMask: number): number {
    let best = 2
    let bestScore = Number.POSITIVE_INFINITY
    let state = seedNoise(this.rng.next())
    for (let slot = 0; slot < 15; slot++) {
      state = nextNoise(state)
      if (boughtMask & (1 << slot)) continue
      const noise = noiseValue(state) * 2.2
      const score = market.rating[this.squad[slot]!]! + noise + (slot < 2 ? 1.5 : 0)
      if (score < bestScore) {
        bestScore = score
        best = slot
      }
    }
    return best
  }

  recordMove(gw: number, ctx: SimContext, elementIn: number, elementOut: number): void {
    this.eventTransfers++
    if (this.insCount < 15) this.ins[this.insCount++] = elementIn
    if (this.moves) {
      this.moves.push({
        gw,
        elementIn: ctx.players[elementIn]!.id,
        elementOut: ctx.players[elementOut]!.id,
        costIn: ctx.players[elementIn]!.cost,
        costOut: ctx.players[elementOut]!.cost,
      })
    }
  }

  /** Starting XI in a legal formation, GK at 1 and bench GK at 12, captain and vice. */
  selectLineup(market: Market): void {
    const rng = this.rng
    const noiseScale = 0.6 + 1.6 * (1 - this.skill)
    let noise = seedNoise(rng.next())
    for (let i = 0; i < 15; i++) {
      noise = nextNoise(noise)
      scratchScores[i] = market.rating[this.squad[i]!]! + (noiseValue(noise) - 0.5) * noiseScale
    }
    const gkFirst = scratchScores[0]! >= scratchScores[1]! ? 0 : 1
    sortSlotsInto(lineupDefs, 2, 5)
    sortSlotsInto(lineupMids, 7, 5)
    sortSlotsInto(lineupFwds, 12, 3)
    // Formation minimums first (3-2-1), then the best four of the rest.
    lineupExtras[0] = lineupDefs[3]!
    lineupExtras[1] = lineupDefs[4]!
    lineupExtras[2] = lineupMids[2]!
    lineupExtras[3] = lineupMids[3]!
    lineupExtras[4] = lineupMids[4]!
    lineupExtras[5] = lineupFwds[1]!
    lineupExtras[6] = lineupFwds[2]!
    sortByScore(lineupExtras)
    let chosen = 0
    for (let k = 0; k < 3; k++) chosen |= 1 << lineupDefs[k]!
    for (let k = 0; k < 2; k++) chosen |= 1 << lineupMids[k]!
    chosen |= 1 << lineupFwds[0]!
    for (let k = 0; k < 4; k++) chosen |= 1 << lineupExtras[k]!
    let pos = 0
    lineupSlots[pos++] = gkFirst
    for (let k = 0; k < 5; k++) if (chosen & (1 << lineupDefs[k]!)) lineupSlots[pos++] = lineupDefs[k]!
    for (let k = 0; k < 5; k++) if (chosen & (1 << lineupMids[k]!)) lineupSlots[pos++] = lineupMids[k]!
    for (let k = 0; k < 3; k++) if (chosen & (1 << lineupFwds[k]!)) lineupSlots[pos++] = lineupFwds[k]!
    lineupSlots[pos++] = 1 - gkFirst
    for (let k = 4; k < 7; k++) lineupSlots[pos++] = lineupExtras[k]!
    for (let i = 0; i < 15; i++) this.order[i] = this.squad[lineupSlots[i]!]!
    let captain = 0
    let vice = 1
    let capScore = Number.NEGATIVE_INFINITY
    let viceScore = Number.NEGATIVE_INFINITY
    for (let i = 0; i < 11; i++) {
      // The armband follows perceived form plus a hunch, with a strong lean towards attackers.
      noise = nextNoise(noise)
      const slot = lineupSlots[i]!
      const score = scratchScores[slot]! * CAPTAIN_BIAS[SLOT_TYPES[slot]!]! + noiseValue(noise) * noiseScale
      if (score > capScore) {
        vice = captain
        viceScore = capScore
        captain = i
        capScore = score
      } else if (score > viceScore) {
        vice = i
        viceScore = score
      }
    }
    this.captainPos = captain
    this.vicePos = vice === captain ? (captain === 0 ? 1 : 0) : vice
  }
}

// Scratch space for lineup selection: it runs over a million times for the 100k league.
const lineupDefs = new Int8Array(5)
const lineupMids = new Int8Array(5)
const lineupFwds = new Int8Array(3)
const lineupExtras = new Int8Array(7)
const lineupSlots = new Int8Array(15)
/** Captaincy appetite by position (GKP, DEF, MID, FWD). */
const CAPTAIN_BIAS = [0, 0.3, 0.7, 1, 1.08]

/**
 * Cheap per-player noise: a 32-bit LCG seeded from one draw of the manager's stream. Good enough
 * for "a hunch"; one RNG call per decision instead of one per player keeps the 100k league fast.
 */
function seedNoise(u: number): number {
  return Math.imul((u * 4294967296) | 0, 0x9e3779b1) | 0
}

function nextNoise(state: number): number {
  return (Math.imul(state, 1664525) + 1013904223) | 0
}

function noiseValue(state: number): number {
  return (state >>> 0) / 4294967296
}

/** Higher score first, lower slot first on ties (insertion sort: at most seven items). */
function sortByScore(slots: Int8Array): void {
  for (let k = 1; k < slots.length; k++) {
    const slot = slots[k]!
    const score = scratchScores[slot]!
    let j = k - 1
    while (j >= 0 && (scratchScores[slots[j]!]! < score || (scratchScores[slots[j]!]! === score && slots[j]! > slot))) {
      slots[j + 1] = slots[j]!
      j--
    }
    slots[j + 1] = slot
  }
}

function sortSlotsInto(out: Int8Array, from: number, count: number): void {
  for (let k = 0; k < count; k++) out[k] = from + k
  sortByScore(out)
}

interface ChipWindow {
  code: number
  start: number
  stop: number
}

/** Chips on deterministic gameweeks inside each chip's window, at most one per gameweek. */
function scheduleChips(rng: Rng, chips: readonly ChipWindow[], startedEvent: number): Uint8Array {
  const byGw = new Uint8Array(TOTAL_GAMEWEEKS + 1)
  for (const chip of chips) {
    const code = chip.code
    const use = rng.next() < 0.85
    const transferChip = code === CHIP_WILDCARD || code === CHIP_FREEHIT
    const from = Math.max(chip.start, transferChip ? startedEvent + 1 : startedEvent)
    const to = Math.min(chip.stop, TOTAL_GAMEWEEKS)
    for (let attempt = 0; attempt < 8; attempt++) {
      const gw = from + rng.int(Math.max(1, to - from + 1))
      if (!use || code === CHIP_NONE || gw > to) continue
      if (byGw[gw] === CHIP_NONE) {
        byGw[gw] = code
        break
      }
    }
  }
  return byGw
}

// ---------------------------------------------------------------------------------------------
// Scoring a team
// ---------------------------------------------------------------------------------------------

export interface TeamScore {
  points: number
  benchPoints: number
  /** Player indices by position (1..15 → 0..14) after automatic substitutions. */
  order: number[]
  multipliers: number[]
  /** Player indices. */
  autoSubs: Array<[number, number]>
}

const scoreOrder = new Int16Array(15)
const scoreMult = new Int8Array(15)

/**
 * Points for one team sheet. `processed` applies what FPL applies once a gameweek is over:
 * automatic substitutions (GK only by GK; at least 3 DEF, 2 MID, 1 FWD) and the vice-captain
 * taking the armband when the captain did not play. Bench Boost counts the bench instead.
 */
function scoreTeam(
  order: Int16Array,
  captainPos: number,
  vicePos: number,
  chip: number,
  pts: Int16Array,
  played: Uint8Array,
  types: Uint8Array,
  processed: boolean,
  subs: Array<[number, number]> | null,
): number {
  const benchBoost = chip === CHIP_BBOOST
  for (let i = 0; i < 15; i++) {
    scoreOrder[i] = order[i]!
    scoreMult[i] = i < 11 || benchBoost ? 1 : 0
  }
  const captain = order[captainPos]!
  const vice = order[vicePos]!
  if (processed && !benchBoost) applyAutoSubs(played, types, subs)
  const armband = chip === CHIP_3XC ? 3 : 2
  const captainAt = scoreOrder.indexOf(captain)
  const viceAt = scoreOrder.indexOf(vice)
  if (processed && !played[captain]) {
    if (scoreMult[viceAt]! > 0 && played[vice]) scoreMult[viceAt] = armband
  } else if (scoreMult[captainAt]! > 0) {
    scoreMult[captainAt] = armband
  }
  let points = 0
  for (let i = 0; i < 15; i++) points += pts[scoreOrder[i]!]! * scoreMult[i]!
  return points
}

function applyAutoSubs(played: Uint8Array, types: Uint8Array, subs: Array<[number, number]> | null): void {
  let def = 0
  let mid = 0
  let fwd = 0
  for (let i = 1; i < 11; i++) {
    const t = types[scoreOrder[i]!]!
    if (t === DEF) def++
    else if (t === MID) mid++
    else if (t === FWD) fwd++
  }
  let used = 0
  for (let s = 0; s < 11; s++) {
    const out = scoreOrder[s]!
    if (played[out]) continue
    const outType = types[out]!
    const first = outType === GKP ? 11 : 12
    const last = outType === GKP ? 11 : 14
    for (let b = first; b <= last; b++) {
      const candidate = scoreOrder[b]!
      if (used & (1 << b) || !played[candidate]) continue
      const inType = types[candidate]!
      if (outType !== GKP) {
        const d = def - (outType === DEF ? 1 : 0) + (inType === DEF ? 1 : 0)
        const m = mid - (outType === MID ? 1 : 0) + (inType === MID ? 1 : 0)
        const f = fwd - (outType === FWD ? 1 : 0) + (inType === FWD ? 1 : 0)
        if (d < 3 || m < 2 || f < 1) continue
        def = d
        mid = m
        fwd = f
      }
      scoreOrder[s] = candidate
      scoreOrder[b] = out
      used |= 1 << b
      subs?.push([candidate, out])
      break
    }
  }
}

function benchPointsOf(chip: number, pts: Int16Array): number {
  if (chip === CHIP_BBOOST) return 0
  let bench = 0
  for (let i = 11; i < 15; i++) bench += pts[scoreOrder[i]!]!
  return bench
}

// ---------------------------------------------------------------------------------------------
// Leagues
// ---------------------------------------------------------------------------------------------

const GW_STRIDE = TOTAL_GAMEWEEKS + 1

interface GwAggregates {
  selected: Int32Array
  captained: Int32Array
  viceCaptained: Int32Array
  transfersIn: Int32Array
  chips: Int32Array
  transfers: number
}

/** A league's members and their per-gameweek scores, computed once and extended on demand. */
class LeagueState {
  info: LeagueInfo
  members: Int32Array
  sims: EntrySim[] = []
  computedGw = 0
  finalPts: Int16Array
  livePts: Int16Array
  cost: Int16Array
  /** Transfers that count for FPL's tie rule: none in a Wildcard or Free Hit gameweek. */
  transfers: Uint8Array
  played: Uint8Array
  aggregates: GwAggregates[] | null
  /** The team sheets of gameweek `sheetsGw` (the last one stepped to), to rescore it for each picture. */
  sheetsGw = 0
  sheetOrder: Int16Array
  sheetCaptain: Int8Array
  sheetVice: Int8Array
  sheetChip: Uint8Array
  /** `${gw}:${picture key}` that livePts holds scores for. */
  overlayKey = ''
  tables = new Map<string, RankedTable>()

  constructor(info: LeagueInfo, members: Int32Array, withAggregates: boolean) {
    this.info = info
    this.members = members
    const n = members.length
    this.finalPts = new Int16Array(n * GW_STRIDE)
    this.livePts = new Int16Array(n * GW_STRIDE)
    this.cost = new Int16Array(n * GW_STRIDE)
    this.transfers = new Uint8Array(n * GW_STRIDE)
    this.played = new Uint8Array(n * GW_STRIDE)
    this.sheetOrder = new Int16Array(n * 15)
    this.sheetCaptain = new Int8Array(n)
    this.sheetVice = new Int8Array(n)
    this.sheetChip = new Uint8Array(n)
    this.aggregates = withAggregates ? [] : null
  }

  reset(): void {
    this.sims = []
    this.computedGw = 0
    this.played.fill(0)
    this.sheetsGw = 0
    this.overlayKey = ''
    this.tables.clear()
    if (this.aggregates) this.aggregates = []
  }

  indexOf(entryId: number): number {
    let lo = 0
    let hi = this.members.length - 1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      const v = this.members[mid]!
      if (v === entryId) return mid
      if (v < entryId) lo = mid + 1
      else hi = mid - 1
    }
    return -1
  }
}

export interface RankedTable {
  /** Member indices in rank_sort order. */
  order: Int32Array
  rank: Int32Array
  lastRank: Int32Array
  total: Int32Array
  eventTotal: Int32Array
}

/**
 * FPL's classic-league order: higher total first, then fewer transfers (premierleague.com: "the team
 * who has made the least amount of transfers will be positioned higher"); equal on both share a
 * rank, and `rank_sort` takes the lower entry id first (member indices follow entry ids). The real
 * 2024-25 table (tests/fixtures/fpl/leagues-classic-standings-results-2024-25.json) shows both:
 * 2755 at ranks 8 and 9, 2750 at 13, 14 and 14.
 */
function rankBy(values: Int32Array, transfers: Int32Array): { order: Int32Array; rank: Int32Array } {
  const n = values.length
  const keys = new Float64Array(n)
  const indexSlots = 262_144
  const transferSlots = 1024
  for (let i = 0; i < n; i++) keys[i] = ((100_000 - values[i]!) * transferSlots + Math.min(transfers[i]!, transferSlots - 1)) * indexSlots + i
  keys.sort()
  const order = new Int32Array(n)
  const rank = new Int32Array(n)
  let previous = Number.NaN
  let current = 0
  for (let pos = 0; pos < n; pos++) {
    const idx = keys[pos]! % indexSlots
    order[pos] = idx
    const tie = Math.floor(keys[pos]! / indexSlots)
    if (tie !== previous) {
      current = pos + 1
      previous = tie
    }
    rank[idx] = current
  }
  return { order, rank }
}

function expandMembers(spec: MemberSpec): Int32Array {
  const ids = new Set<number>(spec.ids)
  for (const [from, to] of spec.ranges) for (let id = from; id <= to; id++) ids.add(id)
  return Int32Array.from([...ids].sort((a, b) => a - b))
}

// ---------------------------------------------------------------------------------------------
// The world
// ---------------------------------------------------------------------------------------------

export interface SeasonWorldOptions {
  seed?: number
  /** A bootstrap-static response to build on; defaults to the real 2025-26 capture. */
  bootstrap?: BootstrapTemplate
  /** The season after the one before: the same managers (names, renames, past seasons), another year's deadlines. */
  previous?: SeasonWorld
  /** Entries (inclusive id range) outside every league: managers the app has never seen. */
  unaffiliated?: readonly [number, number]
}

/**
 * One gameweek's player numbers as FPL shows them at a moment other than the end: the step-wise
 * `live` phase, a match-day time, or the end of a match day with goals scored on demand.
 */
interface Picture {
  /** Unique per gameweek: league scores and response bodies are cached by it. */
  key: string
  /** Mid-gameweek: no automatic substitutions and no dream team yet. */
  live: boolean
  stats: PlayerGwStats[]
  pts: Int16Array
  played: Uint8Array
  /** Per fixture, in the gameweek's `fixtures` order. */
  moments: FixtureMoment[]
}

const NOT_STARTED: FixtureMoment = { minute: 0, started: false, inPlay: false, finishedProvisional: false, finished: false }
const PROVISIONAL: FixtureMoment = { minute: 90, started: true, inPlay: false, finishedProvisional: true, finished: false }
const DONE: FixtureMoment = { minute: 90, started: true, inPlay: false, finishedProvisional: true, finished: true }

/** One fixture of `fixtures/`, keys in the capture's order. */
export interface FixtureJson {
  code: number
  event: number
  finished: boolean
  finished_provisional: boolean
  id: number
  kickoff_time: string
  minutes: number
  provisional_start_time: boolean
  started: boolean
  team_a: number
  team_a_score: number | null
  team_h: number
  team_h_score: number | null
  stats: Array<{ identifier: string; a: Array<{ value: number; element: number }>; h: Array<{ value: number; element: number }> }>
  team_h_difficulty: number
  team_a_difficulty: number
  pulse_id: number
}

/** The per-fixture stats of `fixtures/`, in the capture's order. */
const FIXTURE_STAT_KEYS = [
  'goals_scored',
  'assists',
  'own_goals',
  'penalties_saved',
  'penalties_missed',
  'yellow_cards',
  'red_cards',
  'saves',
  'bonus',
  'bps',
  'defensive_contribution',
] as const satisfies ReadonlyArray<keyof PlayerGwStats>

/** Events of a final stat line that happen at a minute of their own (hashed); the rest accrue with minutes played. */
const TIMED_STATS = ['saves', 'penalties_saved', 'penalties_missed', 'yellow_cards', 'red_cards'] as const satisfies ReadonlyArray<keyof PlayerGwStats>

/** What is visible for a clock: `started` is the last gameweek whose deadline has passed. */
export interface View {
  gw: number
  phase: Phase
  started: number
  /** The started gameweek is mid-way (partial live points, no auto-subs yet). */
  live: boolean
  /** The started gameweek's numbers when they are not the season's final ones. */
  overlay: Picture | null
  key: string
}

interface EntryGwRecord {
  gw: number
  chip: number
  order: Int16Array
  captainPos: number
  vicePos: number
  eventTransfers: number
  transferCost: number
  bank: number
  value: number
  totalTransfers: number
}

interface EntryReplay {
  id: number
  startedEvent: number
  records: Array<EntryGwRecord | undefined>
  moves: TransferMove[]
}

export interface EntryRename {
  name?: string
  player_first_name?: string
  player_last_name?: string
}

export interface EntryProfile {
  id: number
  firstName: string
  lastName: string
  teamName: string
  region: Region
  favouriteTeam: number | null
  joinedEpoch: number
  joinedMicros: number
  yearsActive: number
  startedEvent: number
}

interface PopulationStats {
  gwMean: number[]
  gwSd: number[]
  gwMax: number[]
  gwArgMax: number[]
  gwAverage: number[]
  totalMean: number[]
  totalSd: number[]
}

interface PastSeason {
  season_name: string
  total_points: number
  rank: number
}

interface HistoryRow {
  event: number
  points: number
  total_points: number
  rank: number | null
  rank_sort: number | null
  overall_rank: number
  percentile_rank: number
  bank: number
  value: number
  event_transfers: number
  event_transfers_cost: number
  points_on_bench: number
}

export class SeasonWorld {
  seed: number
  /** Seasons after 2026/27 (0 for it): deadlines move on by 52 weeks each, keeping weekdays. */
  yearsOn: number
  /** "2026/27" for the first world. */
  seasonName: string
  /** Names and past seasons are drawn from the first season's seed, so a manager stays the same person. */
  nameSeed: number
  previous: SeasonWorld | null
  unaffiliated: readonly [number, number] | null
  template: BootstrapTemplate
  players: PlayerStatic[]
  types: Uint8Array
  indexById = new Map<number, number>()
  schedule: SimFixture[][]
  ctx: SimContext
  rules: ScoringRules
  gwTables: Array<GwTable | undefined> = []
  markets: Array<Market | undefined> = []
  leagues = new Map<number, LeagueState>()
  replays = new Map<string, EntryReplay>()
  populations = new Map<string, PopulationStats>()
  /** Pictures by gameweek and key: a match day's are per simulated minute. */
  pictures = new Map<string, Picture>()
  /** Names changed through the control API (a manager renaming their team on the FPL site). */
  renamed = new Map<number, EntryRename>()

  constructor(options: SeasonWorldOptions = {}) {
    this.seed = options.seed ?? DEFAULT_SEED
    this.previous = options.previous ?? null
    this.yearsOn = this.previous ? this.previous.yearsOn + 1 : 0
    this.nameSeed = this.previous ? this.previous.nameSeed : this.seed
    this.seasonName = seasonLabel(2026 + this.yearsOn)
    this.unaffiliated = options.unaffiliated ?? null
    if (this.previous) this.renamed = this.previous.renamed
    this.template = options.bootstrap ?? DEFAULT_BOOTSTRAP_TEMPLATE
    this.rules = this.template.game_config.scoring
    this.players = buildPlayers(this.template)
    this.types = Uint8Array.from(this.players.map((p) => p.type))
    if (squadMarks.length < this.players.length) squadMarks = new Uint8Array(this.players.length)
    for (const p of this.players) this.indexById.set(p.id, p.index)
    this.schedule = buildSchedule(
      this.seed,
      this.template.teams.map((t) => t.id),
    )
    const pickable = [GKP, DEF, MID, FWD].map((type) => this.players.filter((p) => p.pickable && p.type === type))
    const byCost: number[][] = [[]]
    for (const list of pickable) byCost.push([...list].sort((a, b) => a.cost - b.cost || a.id - b.id).map((p) => p.index))
    // Enough money for the cheapest completion in the worst case: positions are filled one after
    // another, so within the current position the earlier picks may have taken the cheapest players.
    // £0.2m a slot on top covers the cheapest players' clubs being full.
    const reserve = BUILD_ORDER.map((slot, k) => {
      const type = SLOT_TYPES[slot]!
      const pickedOfType = BUILD_ORDER.slice(0, k + 1).filter((s) => SLOT_TYPES[s] === type).length
      let sum = 2 * (BUILD_ORDER.length - k - 1)
      for (const t of [GKP, DEF, MID, FWD]) {
        const left = BUILD_ORDER.slice(k + 1).filter((s) => SLOT_TYPES[s] === t).length
        const skip = t === type ? pickedOfType : 0
        for (const p of byCost[t]!.slice(skip, skip + left)) sum += this.players[p]!.cost
      }
      return sum
    })
    this.ctx = {
      players: this.players,
      byCost,
      chips: [...this.template.chips].sort((a, b) => a.id - b.id).map((c) => ({ code: chipCode(c.name), start: c.start_event, stop: c.stop_event })),
      reserve,
    }
  }

  // -- time --------------------------------------------------------------------------------

  deadline(gw: number): number {
    const event = this.template.events[gw - 1]
    if (!event) throw new Error(`No gameweek ${gw}`)
    return event.deadline_time_epoch + (1 + this.yearsOn) * SEASON_SHIFT_SECONDS
  }

  /** Match day d of a gameweek (first kick-off ninety minutes after the deadline). */
  matchDay(gw: number, day: number): number {
    return this.deadline(gw) + 90 * 60 + day * 86_400
  }

  /** A fixture's kick-off (spread over its match day like a real weekend) and stoppage times. */
  fixtureClock(fixture: SimFixture): FixtureClock {
    const sameDay = (this.schedule[fixture.gw] ?? []).filter((f) => f.day === fixture.day)
    const h = hash32(this.seed, STREAM_MATCH, fixture.id)
    return {
      kickoff: kickoffTime(this.matchDay(fixture.gw, fixture.day), fixture.day, sameDay.indexOf(fixture)),
      firstStoppage: 1 + (h % 3),
      secondStoppage: 3 + ((h >>> 8) % 4),
    }
  }

  /** When a match day of `gw` ends: every fixture's bonus added (`finished`), then `data_checked`. */
  matchDayEnds(gw: number): { finished: number; checked: number } {
    const lastKickoff = Math.max(...(this.schedule[gw] ?? []).map((f) => this.fixtureClock(f).kickoff))
    const finished = lastKickoff + BONUS_AFTER * 60
    return { finished, checked: finished + CHECKED_AFTER * 60 }
  }

  /** The phase a match day of `gw` is in at `at`: `live` until the last bonus, then `finished`, then `checked`. */
  matchDayPhase(gw: number, at: number): Phase {
    const ends = this.matchDayEnds(gw)
    return at < ends.finished ? 'live' : at < ends.checked ? 'finished' : 'checked'
  }

  /** The simulated time of the last change a match day of `gw` made at or before `at` (null: none yet). */
  matchDayChangedAt(gw: number, at: number): number | null {
    let last: number | null = null
    for (const fixture of this.schedule[gw] ?? []) {
      const change = lastChange(this.fixtureClock(fixture), at)
      if (change !== null && (last === null || change > last)) last = change
    }
    const { checked } = this.matchDayEnds(gw)
    return at >= checked ? checked : last
  }

  /** What is visible for a clock. */
  view(clock: SimClock): View {
    const started = clock.phase === 'upcoming' ? clock.gw - 1 : clock.gw
    const overlay = started >= 1 && started === clock.gw ? this.overlay(clock) : null
    return { gw: clock.gw, phase: clock.phase, started, live: clock.phase === 'live', overlay, key: `${started}:${overlay ? overlay.key : 'final'}` }
  }

  overlay(clock: SimClock): Picture | null {
    const matchDay = clock.matchDay
    if (!matchDay) return clock.phase === 'live' ? this.frozenPicture(clock.gw) : null
    if (clock.phase === 'live') return this.matchPicture(clock.gw, matchDay.at, matchDay.goals, true)
    // Over: the season's final numbers, unless goals were scored on demand.
    return matchDay.goals.length > 0 ? this.matchPicture(clock.gw, Number.POSITIVE_INFINITY, matchDay.goals, false) : null
  }

  cachedPicture(key: string, build: () => Picture): Picture {
    const hit = this.pictures.get(key)
    if (hit) return hit
    const picture = build()
    if (this.pictures.size >= 64) this.pictures.clear()
    this.pictures.set(key, picture)
    return picture
  }

  /** The step-wise `live` phase: day one done with bonus, day two done without, day three not kicked off. */
  frozenPicture(gw: number): Picture {
    return this.cachedPicture(`${gw}:live`, () => {
      const table = this.gwTable(gw)
      return {
        key: 'live',
        live: true,
        stats: this.players.map((p) => this.liveStats(table, p.index)),
        pts: table.livePts,
        played: table.livePlayed,
        moments: table.fixtures.map((f) => (f.day === 0 ? DONE : f.day === 1 ? PROVISIONAL : NOT_STARTED)),
      }
    })
  }

  /**
   * A match day at `at` (to the minute): every fixture replayed up to its match minute, its bonus
   * awarded once added. At the end it equals the season's final numbers (plus goals on demand).
   */
  matchPicture(gw: number, at: number, goals: readonly InjectedGoal[], live: boolean): Picture {
    const minute = Math.floor(at / 60)
    const key = `md:${minute}${goals.map((g) => `:${g.fixture}.${g.minute}.${g.scorer}.${g.assister ?? 0}`).join('')}`
    return this.cachedPicture(`${gw}:${key}`, () => {
      const table = this.gwTable(gw)
      const stats = this.players.map(() => emptyStats())
      const moments = table.matches.map((match) => {
        const moment = fixtureMoment(this.fixtureClock(match.fixture), minute * 60)
        const extra = goals.filter((g) => g.fixture === match.fixture.id).map((g) => this.goalEvent(match, g))
        const happened = [...match.goals, ...extra].filter((g) => g.minute <= moment.minute)
        const played: Array<{ p: PlayerStatic; s: PlayerGwStats }> = []
        match.sides.forEach((apps, side) => {
          for (const a of apps) {
            const s = this.partialStats(match.fixture.id, a, side, table.stats[a.p.index]!, happened, moment.minute)
            stats[a.p.index] = s
            if (s.minutes > 0) played.push({ p: a.p, s })
          }
        })
        if (moment.finished) awardBonus(played)
        return moment
      })
      const pts = new Int16Array(this.players.length)
      const played = new Uint8Array(this.players.length)
      for (const p of this.players) {
        const s = stats[p.index]!
        s.total_points = sumPoints(scoreLines(p.type, s, this.rules))
        pts[p.index] = s.total_points
        played[p.index] = hasPlayed(s)
      }
      return { key, live, stats, pts, played, moments }
    })
  }

  /** The fixture and side of a player on the pitch at match minute `minute` of gameweek `gw`, or null. */
  onPitchAt(gw: number, element: number, minute: number): { fixture: number; side: number } | null {
    const index = this.indexById.get(element)
    if (index === undefined) return null
    for (const match of this.gwTable(gw).matches) {
      for (let side = 0; side < 2; side++) {
        if (match.sides[side]!.some((a) => a.p.index === index && onPitch(a, minute))) return { fixture: match.fixture.id, side }
      }
    }
    return null
  }

  goalEvent(match: MatchRecord, goal: InjectedGoal): GoalEvent {
    const player = (id: number): PlayerStatic => this.players[this.indexById.get(id)!]!
    const scorer = player(goal.scorer)
    return {
      minute: goal.minute,
      side: scorer.team === match.fixture.home ? 0 : 1,
      scorer,
      assister: goal.assister === null ? null : player(goal.assister),
      ownGoal: false,
    }
  }

  /**
   * One appearance's numbers at match minute `minute`, from its final ones: minutes clipped; goals,
   * assists and goals conceded from the goals that happened; cards, saves and penalties each at a
   * hashed minute of the appearance; the rest (defensive actions, expected stats, the bps not
   * explained by events) in proportion to the share of the appearance played.
   */
  partialStats(fixtureId: number, a: Appearance, side: number, final: PlayerGwStats, goals: readonly GoalEvent[], minute: number): PlayerGwStats {
    const s = emptyStats()
    const length = a.to - a.from
    // Booked on the bench: the card from its minute on, never any minutes.
    if (length === 0) return minute >= a.from ? { ...final } : s
    s.minutes = Math.max(0, Math.min(a.to, minute) - a.from)
    if (s.minutes === 0) return s
    const share = s.minutes / length
    const scaled = (v: number): number => Math.floor(v * share)
    s.starts = final.starts
    for (const g of goals) {
      if (g.scorer === a.p) {
        if (g.ownGoal) s.own_goals++
        else s.goals_scored++
      }
      if (g.assister === a.p) s.assists++
      if (g.side !== side && g.minute > a.from && g.minute <= a.to) s.goals_conceded++
    }
    s.clean_sheets = s.minutes >= 60 && s.goals_conceded === 0 ? 1 : 0
    TIMED_STATS.forEach((key, kind) => {
      for (let k = 0; k < final[key]; k++) {
        if (a.from + 1 + (hash32(this.seed, STREAM_MATCH, fixtureId, a.p.id * 8 + kind, k) % length) <= minute) s[key]++
      }
    })
    if (a.p.type === GKP) {
      s.recoveries = scaled(final.recoveries)
      s.clearances_blocks_interceptions = scaled(final.clearances_blocks_interceptions)
    } else {
      // Keep the final line's identities: defensive contribution = tackles + CBI (+ recoveries beyond defence).
      s.defensive_contribution = scaled(final.defensive_contribution)
      s.tackles = Math.min(s.defensive_contribution, scaled(final.tackles))
      s.recoveries = a.p.type === DEF ? scaled(final.recoveries) : Math.min(s.defensive_contribution - s.tackles, scaled(final.recoveries))
      s.clearances_blocks_interceptions = s.defensive_contribution - s.tackles - (a.p.type === DEF ? 0 : s.recoveries)
    }
    s.expected_goals = final.expected_goals * share
    s.expected_assists = final.expected_assists * share
    s.expected_goals_conceded = final.expected_goals_conceded * share
    s.influence = final.influence * share
    s.creativity = final.creativity * share
    s.threat = final.threat * share
    s.bps = bonusPointSystem(a.p.type, s) + scaled(final.bps - bonusPointSystem(a.p.type, final))
    return s
  }

  // -- fixtures ----------------------------------------------------------------------------

  /** `fixtures/` (every gameweek) or `fixtures/?event={gw}`; an unknown gameweek has none, as on FPL. */
  fixtures(clock: SimClock, event: number | null): FixtureJson[] {
    const view = this.view(clock)
    const gws = event === null ? Array.from({ length: TOTAL_GAMEWEEKS }, (_, i) => i + 1) : [event]
    return gws.flatMap((gw) => this.fixturesOf(gw, view))
  }

  fixturesOf(gw: number, view: View): FixtureJson[] {
    const table = gw <= view.started ? this.gwTable(gw) : null
    const picture = gw === view.started ? view.overlay : null
    const strength = (team: number): number => Number(this.template.teams.find((t) => t.id === team)?.strength ?? 3)
    return (this.schedule[gw] ?? []).map((fixture, i) => {
      const moment = !table ? NOT_STARTED : (picture?.moments[i] ?? DONE)
      const match = table?.matches[i]
      const stats = picture?.stats ?? table?.stats ?? []
      const score = match && moment.started ? fixtureScore(match, stats) : null
      return {
        code: 2_700_000 + this.yearsOn * 1_000 + fixture.id,
        event: gw,
        finished: moment.finished,
        finished_provisional: moment.finishedProvisional,
        id: fixture.id,
        kickoff_time: isoSeconds(this.fixtureClock(fixture).kickoff),
        minutes: moment.minute,
        provisional_start_time: false,
        started: moment.started,
        team_a: fixture.away,
        team_a_score: score ? score[1] : null,
        team_h: fixture.home,
        team_h_score: score ? score[0] : null,
        stats: match && moment.started ? fixtureStats(match, stats) : [],
        team_h_difficulty: strength(fixture.away),
        team_a_difficulty: strength(fixture.home),
        pulse_id: 125_000 + this.yearsOn * 1_000 + fixture.id,
      }
    })
  }

  // -- football ----------------------------------------------------------------------------

  gwTable(gw: number): GwTable {
    const cached = this.gwTables[gw]
    if (cached) return cached
    const n = this.players.length
    const table: GwTable = {
      gw,
      fixtures: this.schedule[gw] ?? [],
      stats: this.players.map(() => emptyStats()),
      fixtureOf: new Int16Array(n),
      dayOf: new Uint8Array(n),
      pts: new Int16Array(n),
      mins: new Int16Array(n),
      played: new Uint8Array(n),
      livePts: new Int16Array(n),
      livePlayed: new Uint8Array(n),
      dream: new Uint8Array(n),
      matches: [],
    }
    const byTeam = new Map<number, PlayerStatic[]>()
    for (const p of this.players) {
      const list = byTeam.get(p.team) ?? []
      list.push(p)
      byTeam.set(p.team, list)
    }
    for (const fixture of table.fixtures) this.playFixture(fixture, byTeam.get(fixture.home) ?? [], byTeam.get(fixture.away) ?? [], table)
    for (const p of this.players) {
      const s = table.stats[p.index]!
      s.total_points = sumPoints(scoreLines(p.type, s, this.rules))
      table.pts[p.index] = s.total_points
      table.mins[p.index] = s.minutes
      table.played[p.index] = hasPlayed(s)
      const day = table.dayOf[p.index]!
      table.livePlayed[p.index] = day === 2 ? 0 : table.played[p.index]!
      table.livePts[p.index] = day === 2 ? 0 : day === 1 ? s.total_points - s.bonus * this.rules.bonus : s.total_points
    }
    const byType: number[][] = [[], [], [], [], []]
    for (const p of this.players) if (table.mins[p.index]! > 0) byType[p.type]!.push(p.index)
    for (const i of bestEleven(byType, (i) => table.pts[i]!)) table.dream[i] = 1
    this.gwTables[gw] = table
    return table
  }

  playFixture(fixture: SimFixture, home: readonly PlayerStatic[], away: readonly PlayerStatic[], table: GwTable): void {
    const rng = new Rng(hash32(this.seed, STREAM_FIXTURE, fixture.id))
    const teamHome = this.template.teams.find((t) => t.id === fixture.home)
    const teamAway = this.template.teams.find((t) => t.id === fixture.away)
    const means = [
      expectedGoals(teamHome?.strength_attack_home ?? 1200, teamAway?.strength_defence_away ?? 1200, true),
      expectedGoals(teamAway?.strength_attack_away ?? 1200, teamHome?.strength_defence_home ?? 1200, false),
    ]
    const sides = [chooseAppearances(rng, home), chooseAppearances(rng, away)]
    const goals = simulateGoals(rng, sides, means)
    const played: Array<{ p: PlayerStatic; s: PlayerGwStats }> = []
    for (let side = 0; side < 2; side++) {
      for (const a of sides[side]!) {
        const s = appearanceStats(rng, a, side, goals, means[1 - side]!)
        table.stats[a.p.index] = s
        played.push({ p: a.p, s })
      }
    }
    awardBonus(played)
    this.bookOnTheBench(fixture, sides, table)
    table.matches.push({ fixture, sides, goals })
    for (const p of [...home, ...away]) {
      table.fixtureOf[p.index] = fixture.id
      table.dayOf[p.index] = fixture.day
    }
  }

  /**
   * The scripted bench bookings of this fixture, for players who did not come on: an appearance of
   * no length at the booking's minute (never on the pitch), so the match day shows the card from
   * that minute on. Added after the fixture is played, so nothing else about it changes.
   */
  bookOnTheBench(fixture: SimFixture, sides: Appearance[][], table: GwTable): void {
    for (const booking of BENCH_BOOKINGS) {
      const p = this.players[this.indexById.get(booking.element) ?? -1]
      if (booking.gw !== fixture.gw || !p || (p.team !== fixture.home && p.team !== fixture.away)) continue
      const side = p.team === fixture.home ? 0 : 1
      if (sides[side]!.some((a) => a.p === p)) continue
      sides[side]!.push({ p, from: booking.minute, to: booking.minute, started: false })
      const s = emptyStats()
      s.yellow_cards = 1
      s.bps = bonusPointSystem(p.type, s)
      table.stats[p.index] = s
    }
  }

  /** Ratings and buying weights from gameweeks before `gw` (what managers can know). */
  market(gw: number): Market {
    const cached = this.markets[gw]
    if (cached) return cached
    const n = this.players.length
    const rating = new Float64Array(n)
    const weight = new Float64Array(n)
    const recent: GwTable[] = []
    for (let k = Math.max(1, gw - 4); k < gw; k++) recent.push(this.gwTable(k))
    const last = recent[recent.length - 1]
    for (const p of this.players) {
      let form = p.quality
      if (recent.length > 0) form = recent.reduce((acc, t) => acc + t.pts[p.index]!, 0) / recent.length
      const blanked = last !== undefined && last.mins[p.index] === 0
      rating[p.index] = (0.55 * p.quality + 0.45 * form) * (blanked ? 0.55 : 1)
      weight[p.index] = p.pickable ? p.baseWeight * (0.55 + (0.45 * (Math.max(0, form) + 1)) / (p.quality + 1)) * (blanked ? 0.35 : 1) : 0
    }
    const pools: Int16Array[] = [new Int16Array(0)]
    const cumulative: Float64Array[] = [new Float64Array(0)]
    for (const type of [GKP, DEF, MID, FWD]) {
      const pool = this.ctx.byCost[type]!
      const cum = new Float64Array(pool.length)
      let total = 0
      pool.forEach((p, i) => {
        total += weight[p]!
        cum[i] = total
      })
      pools.push(Int16Array.from(pool))
      cumulative.push(cum)
    }
    const market: Market = { gw, rating, pools, cumulative }
    this.markets[gw] = market
    return market
  }

  // -- entries -----------------------------------------------------------------------------

  isEntry(id: number): boolean {
    if (!Number.isInteger(id)) return false
    if (this.unaffiliated && id >= this.unaffiliated[0] && id <= this.unaffiliated[1]) return true
    for (const spec of Object.values(MEMBER_SPECS)) {
      if (spec.ids.includes(id)) return true
      for (const [from, to] of spec.ranges) if (id >= from && id <= to) return true
    }
    return false
  }

  leaguesOf(id: number): LeagueInfo[] {
    return LEAGUES.filter((info) => {
      const spec = MEMBER_SPECS[info.id]
      return spec !== undefined && (spec.ids.includes(id) || spec.ranges.some(([from, to]) => id >= from && id <= to))
    })
  }

  traits(id: number): EntryTraits {
    const special = SPECIAL_ENTRIES[id]
    if (special) return { skill: special.skill, salt: special.salt, startedEvent: 1 }
    const h = hash32(this.seed, STREAM_STARTED, id)
    // About 2% joined a few weeks late (their early gameweeks have no picks), never in the pub.
    const late = id > 1000100 && h % 1000 < 20
    return { skill: (hash32(this.seed, STREAM_PROFILE, id) % 1000) / 1000, salt: 0, startedEvent: late ? 2 + ((h >>> 10) % 4) : 1 }
  }

  /** Renames an entry from now on, in its summary and in every league table. */
  renameEntry(id: number, rename: EntryRename): void {
    this.renamed.set(id, { ...this.renamed.get(id), ...rename })
  }

  profile(id: number): EntryProfile {
    const rng = new Rng(hash32(this.nameSeed, STREAM_PROFILE, id, 1))
    const special = SPECIAL_ENTRIES[id]
    const generatedFirst = special?.first ?? rng.pick(FIRST_NAMES)
    const generatedLast = special?.last ?? rng.pick(LAST_NAMES)
    const generatedTeam = special?.team ?? generateTeamName(rng, generatedLast)
    // The rng draws above happen whatever the rename, so the rest of the profile stays the same.
    const rename = this.renamed.get(id)
    const firstName = rename?.player_first_name ?? generatedFirst
    const lastName = rename?.player_last_name ?? generatedLast
    const teamName = rename?.name ?? generatedTeam
    const startedEvent = this.traits(id).startedEvent
    const preseason = this.deadline(1) - 60 * 86_400
    const joinedEpoch = startedEvent > 1 ? this.deadline(startedEvent) - (1 + rng.int(6)) * 86_400 - rng.int(80_000) : preseason + rng.int(59 * 86_400)
    return {
      id,
      firstName,
      lastName,
      teamName,
      region: rng.chance(0.6) ? REGIONS[0]! : rng.pick(REGIONS),
      favouriteTeam: rng.chance(0.85) ? 1 + rng.int(this.template.teams.length) : null,
      joinedEpoch,
      joinedMicros: rng.int(1_000_000),
      yearsActive: 1 + rng.int(12) + this.yearsOn,
      startedEvent,
    }
  }

  /** One entry's decisions for gameweeks 1..upTo, with transfers, for the detail endpoints. */
  replay(id: number, upTo: number): EntryReplay {
    const key = `${id}:${upTo}`
    const cached = this.replays.get(key)
    if (cached) return cached
    const sim = new EntrySim(this.seed, id, this.traits(id), this.ctx, true)
    const records: Array<EntryGwRecord | undefined> = []
    for (let gw = 1; gw <= upTo; gw++) {
      sim.step(gw, this.ctx, this.market(gw))
      if (!sim.played) continue
      records[gw] = {
        gw,
        chip: sim.chip,
        order: Int16Array.from(sim.order),
        captainPos: sim.captainPos,
        vicePos: sim.vicePos,
        eventTransfers: sim.eventTransfers,
        transferCost: sim.transferCost,
        bank: sim.bank,
        value: sim.value(this.ctx),
        totalTransfers: sim.totalTransfers,
      }
    }
    const replay: EntryReplay = { id, startedEvent: sim.startedEvent, records, moves: sim.moves ?? [] }
    if (this.replays.size > 2000) this.replays.clear()
    this.replays.set(key, replay)
    return replay
  }

  /** Scores a recorded team sheet against a gameweek's data as seen by `view`. */
  scoreRecord(record: EntryGwRecord, view: View): { points: number; bench: number; detail: TeamScore } {
    const table = this.gwTable(record.gw)
    const overlay = record.gw === view.started ? view.overlay : null
    const pts = overlay ? overlay.pts : table.pts
    const subs: Array<[number, number]> = []
    const points = scoreTeam(
      record.order,
      record.captainPos,
      record.vicePos,
      record.chip,
      pts,
      overlay ? overlay.played : table.played,
      this.types,
      !overlay?.live,
      subs,
    )
    const bench = benchPointsOf(record.chip, pts)
    return { points, bench, detail: { points, benchPoints: bench, order: Array.from(scoreOrder), multipliers: Array.from(scoreMult), autoSubs: subs } }
  }

  // -- leagues -----------------------------------------------------------------------------

  league(id: number): LeagueState | null {
    const existing = this.leagues.get(id)
    if (existing) return existing
    const info = LEAGUES.find((l) => l.id === id)
    const spec = MEMBER_SPECS[id]
    if (!info || !spec) return null
    const state = new LeagueState(info, expandMembers(spec), id === MEGA_LEAGUE_ID)
    this.leagues.set(id, state)
    return state
  }

  /**
   * Steps every member up to `gw`, storing final scores, and scores `gw` itself against `overlay`
   * when there is one (decisions never depend on the phase, only the scoring does). An overlay of
   * an earlier gameweek than the last stepped is rare (tests rewinding the clock): it recomputes
   * the league from scratch, since only the last gameweek's team sheets are kept.
   */
  ensureLeague(league: LeagueState, gw: number, overlay: Picture | null = null): void {
    if (overlay && gw <= league.computedGw && league.sheetsGw !== gw) league.reset()
    this.stepLeague(league, gw)
    const key = `${gw}:${overlay?.key}`
    if (!overlay || league.overlayKey === key) return
    for (let i = 0; i < league.members.length; i++) {
      const at = i * GW_STRIDE + gw
      if (!league.played[at]) continue
      const order = league.sheetOrder.subarray(i * 15, i * 15 + 15)
      league.livePts[at] = scoreTeam(
        order,
        league.sheetCaptain[i]!,
        league.sheetVice[i]!,
        league.sheetChip[i]!,
        overlay.pts,
        overlay.played,
        this.types,
        !overlay.live,
        null,
      )
    }
    league.overlayKey = key
  }

  stepLeague(league: LeagueState, gw: number): void {
    if (league.computedGw >= gw) return
    const n = league.members.length
    if (league.sims.length === 0) {
      for (let i = 0; i < n; i++) {
        const id = league.members[i]!
        league.sims.push(new EntrySim(this.seed, id, this.traits(id), this.ctx, false))
      }
    }
    for (let g = league.computedGw + 1; g <= gw; g++) {
      const table = this.gwTable(g)
      const market = this.market(g)
      const agg = league.aggregates ? newAggregates(this.players.length) : null
      for (let i = 0; i < n; i++) {
        const sim = league.sims[i]!
        sim.step(g, this.ctx, market)
        if (!sim.played) continue
        const at = i * GW_STRIDE + g
        league.played[at] = 1
        league.finalPts[at] = scoreTeam(sim.order, sim.captainPos, sim.vicePos, sim.chip, table.pts, table.played, this.types, true, null)
        if (g === gw) {
          league.sheetOrder.set(sim.order, i * 15)
          league.sheetCaptain[i] = sim.captainPos
          league.sheetVice[i] = sim.vicePos
          league.sheetChip[i] = sim.chip
        }
        league.cost[at] = sim.transferCost
        league.transfers[at] = sim.chip === CHIP_WILDCARD || sim.chip === CHIP_FREEHIT ? 0 : sim.eventTransfers
        if (agg) accumulate(agg, sim)
      }
      if (league.aggregates && agg) league.aggregates[g] = agg
      league.computedGw = g
    }
    league.sheetsGw = gw
    league.overlayKey = ''
  }

  /** Gross points of member `i` in gameweek `gw` as seen by `view`. */
  memberPoints(league: LeagueState, i: number, gw: number, view: View): number {
    const at = i * GW_STRIDE + gw
    return view.overlay && gw === view.started ? league.livePts[at]! : league.finalPts[at]!
  }

  /** The league table for a view and a phase (1 = overall, 2..11 = months). */
  rankedTable(league: LeagueState, view: View, phaseId: number): RankedTable {
    const key = `${view.key}:${phaseId}`
    const cached = league.tables.get(key)
    if (cached) return cached
    const phase = this.template.phases.find((p) => p.id === phaseId)
    if (!phase) throw new Error(`Unknown phase ${phaseId}`)
    this.ensureLeague(league, view.started, view.overlay)
    const n = league.members.length
    // A league counts from its own start_event: a GW20 league's totals are its points since GW20.
    const first = Math.max(phase.start_event, league.info.startEvent)
    const last = Math.min(view.started, phase.stop_event)
    const total = new Int32Array(n)
    const eventTotal = new Int32Array(n)
    const previous = new Int32Array(n)
    const transfers = new Int32Array(n)
    const transfersBefore = new Int32Array(n)
    for (let i = 0; i < n; i++) {
      let sum = 0
      let latest = 0
      for (let g = first; g <= last; g++) {
        latest = this.memberPoints(league, i, g, view) - league.cost[i * GW_STRIDE + g]!
        sum += latest
      }
      total[i] = sum
      eventTotal[i] = last >= first ? latest : 0
      previous[i] = sum - eventTotal[i]!
      // The season's transfers, whatever the phase or the league's start.
      let made = 0
      for (let g = 1; g <= view.started; g++) made += league.transfers[i * GW_STRIDE + g]!
      transfers[i] = made
      transfersBefore[i] = made - league.transfers[i * GW_STRIDE + view.started]!
    }
    const { order, rank } = rankBy(total, transfers)
    // No previous gameweek inside the phase: FPL shows last_rank 0.
    const lastRank = last > first ? rankBy(previous, transfersBefore).rank : new Int32Array(n)
    const table: RankedTable = { order, rank, lastRank, total, eventTotal }
    if (league.tables.size > 64) league.tables.clear()
    league.tables.set(key, table)
    return table
  }

  /** Score distribution of the Mega league, standing in for the whole game (ranks, averages). */
  population(view: View): PopulationStats {
    const cached = this.populations.get(view.key)
    if (cached) return cached
    const league = this.league(MEGA_LEAGUE_ID)!
    this.ensureLeague(league, view.started, view.overlay)
    const stats: PopulationStats = { gwMean: [0], gwSd: [0], gwMax: [0], gwArgMax: [0], gwAverage: [0], totalMean: [0], totalSd: [0] }
    const n = league.members.length
    const totals = new Float64Array(n)
    for (let g = 1; g <= view.started; g++) {
      let sum = 0
      let sumSq = 0
      let gross = 0
      let count = 0
      let max = Number.NEGATIVE_INFINITY
      let argMax = 0
      let tSum = 0
      let tSq = 0
      for (let i = 0; i < n; i++) {
        const at = i * GW_STRIDE + g
        if (league.played[at]) {
          const points = this.memberPoints(league, i, g, view)
          const net = points - league.cost[at]!
          sum += net
          sumSq += net * net
          gross += points
          count++
          totals[i] = totals[i]! + net
          if (points > max) {
            max = points
            argMax = league.members[i]!
          }
        }
        tSum += totals[i]!
        tSq += totals[i]! * totals[i]!
      }
      const mean = count > 0 ? sum / count : 0
      stats.gwMean.push(mean)
      stats.gwSd.push(count > 1 ? Math.sqrt(Math.max(1, sumSq / count - mean * mean)) : 1)
      stats.gwMax.push(count > 0 ? max : 0)
      stats.gwArgMax.push(argMax)
      stats.gwAverage.push(count > 0 ? Math.round(gross / count) : 0)
      const tMean = tSum / n
      stats.totalMean.push(tMean)
      stats.totalSd.push(Math.sqrt(Math.max(1, tSq / n - tMean * tMean)))
    }
    if (this.populations.size > 64) this.populations.clear()
    this.populations.set(view.key, stats)
    return stats
  }

  // -- responses ---------------------------------------------------------------------------

  bootstrapStatic(clock: SimClock): Record<string, unknown> {
    const view = this.view(clock)
    const out: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(this.template)) {
      if (key === 'events') out[key] = this.events(view)
      else if (key === 'phases') out[key] = this.phases(view)
      else if (key === 'elements') out[key] = this.elements(view)
      else if (key === 'total_players') out[key] = SIM_TOTAL_PLAYERS
      else out[key] = value
    }
    return out
  }

  events(view: View): Record<string, unknown>[] {
    const population = view.started > 0 ? this.population(view) : null
    const scale = SIM_TOTAL_PLAYERS / (this.league(MEGA_LEAGUE_ID)?.members.length ?? 1)
    return this.template.events
      .map((e) => {
        const gw = e.id
        const started = gw <= view.started
        const finished = gw < view.started || (gw === view.started && !view.live)
        const dataChecked = gw < view.started || (gw === view.started && view.phase === 'checked') || (gw === view.started && view.phase === 'upcoming')
        const agg = started ? this.league(MEGA_LEAGUE_ID)!.aggregates?.[gw] : undefined
        const table = started ? this.gwTable(gw) : null
        const top = table ? this.topElement(table, view) : null
        const deadline = this.deadline(gw)
        return {
          ...e,
          deadline_time: isoSeconds(deadline),
          release_time: null,
          average_entry_score: started && population ? population.gwAverage[gw]! : 0,
          finished,
          data_checked: dataChecked,
          highest_scoring_entry: started && population ? population.gwArgMax[gw]! : null,
          deadline_time_epoch: deadline,
          highest_score: started && population ? population.gwMax[gw]! : null,
          is_previous: gw === view.started - 1,
          is_current: gw === view.started,
          is_next: gw === view.started + 1,
          can_enter: gw === view.started + 1,
          can_manage: gw === view.started + 1,
          ranked_count: started ? SIM_TOTAL_PLAYERS : 0,
          chip_plays: agg ? chipPlays(agg, scale) : [],
          most_selected: agg ? argMax(agg.selected) : null,
          most_transferred_in: agg && gw > 1 ? argMax(agg.transfersIn) : null,
          top_element: top ? top.id : null,
          top_element_info: top,
          transfers_made: agg ? Math.round(agg.transfers * scale) : 0,
          most_captained: agg ? argMax(agg.captained) : null,
          most_vice_captained: agg ? argMax(agg.viceCaptained) : null,
        }
      })
      .map((event) => this.withElementIds(event))
  }

  /** Aggregates count player indices; the API speaks element ids. */
  withElementIds(event: Record<string, unknown>): Record<string, unknown> {
    for (const key of ['most_selected', 'most_transferred_in', 'most_captained', 'most_vice_captained']) {
      const v = event[key]
      if (typeof v === 'number') event[key] = this.players[v]?.id ?? null
    }
    return event
  }

  topElement(table: GwTable, view: View): { id: number; points: number } | null {
    const pts = (table.gw === view.started ? view.overlay?.pts : undefined) ?? table.pts
    let best = -1
    for (let i = 0; i < pts.length; i++) if (best < 0 || pts[i]! > pts[best]!) best = i
    return best < 0 ? null : { id: this.players[best]!.id, points: pts[best]! }
  }

  phases(view: View): TemplatePhase[] {
    const mega = this.league(MEGA_LEAGUE_ID)!
    return this.template.phases.map((phase) => {
      if (view.started < phase.start_event) return { ...phase, highest_score: 0 }
      const table = this.rankedTable(mega, view, phase.id)
      return { ...phase, highest_score: table.total[table.order[0]!]! }
    })
  }

  elements(view: View): Record<string, unknown>[] {
    const tables: GwTable[] = []
    for (let g = 1; g <= view.started; g++) tables.push(this.gwTable(g))
    const mega = view.started > 0 ? this.league(MEGA_LEAGUE_ID) : null
    if (mega) this.ensureLeague(mega, view.started, view.overlay)
    const owned = mega?.aggregates?.[view.started]?.selected
    return this.template.elements.map((e, index) => {
      const totals = emptyStats()
      let appearances = 0
      let dreamteam = 0
      let recent = 0
      const overlayOf = (t: GwTable): Picture | null => (t.gw === view.started ? view.overlay : null)
      const points = (t: GwTable): number => (overlayOf(t)?.pts ?? t.pts)[index]!
      for (const t of tables) {
        const s = (overlayOf(t)?.stats ?? t.stats)[index]!
        // Live stats already carry the mid-gameweek total, so summing them matches event_points.
        for (const key of Object.keys(totals) as Array<keyof PlayerGwStats>) totals[key] += s[key]
        if (s.minutes > 0) appearances++
        if (t.dream[index] && !overlayOf(t)?.live) dreamteam++
      }
      const lastFour = tables.slice(-4)
      for (const t of lastFour) recent += points(t)
      const current = tables[tables.length - 1]
      return {
        ...e,
        dreamteam_count: dreamteam,
        event_points: current ? points(current) : 0,
        form: (lastFour.length > 0 ? recent / lastFour.length : 0).toFixed(1),
        in_dreamteam: current !== undefined && !view.live && current.dream[index] === 1,
        points_per_game: (appearances > 0 ? totals.total_points / appearances : 0).toFixed(1),
        selected_by_percent: owned && mega ? ((100 * owned[index]!) / mega.members.length).toFixed(1) : e.selected_by_percent,
        total_points: totals.total_points,
        minutes: totals.minutes,
        goals_scored: totals.goals_scored,
        assists: totals.assists,
        clean_sheets: totals.clean_sheets,
        goals_conceded: totals.goals_conceded,
        own_goals: totals.own_goals,
        penalties_saved: totals.penalties_saved,
        penalties_missed: totals.penalties_missed,
        yellow_cards: totals.yellow_cards,
        red_cards: totals.red_cards,
        saves: totals.saves,
        bonus: totals.bonus,
        bps: totals.bps,
        influence: totals.influence.toFixed(1),
        creativity: totals.creativity.toFixed(1),
        threat: totals.threat.toFixed(1),
        ict_index: ((totals.influence + totals.creativity + totals.threat) / 10).toFixed(1),
        clearances_blocks_interceptions: totals.clearances_blocks_interceptions,
        recoveries: totals.recoveries,
        tackles: totals.tackles,
        defensive_contribution: totals.defensive_contribution,
        starts: totals.starts,
        expected_goals: totals.expected_goals.toFixed(2),
        expected_assists: totals.expected_assists.toFixed(2),
        expected_goal_involvements: (totals.expected_goals + totals.expected_assists).toFixed(2),
        expected_goals_conceded: totals.expected_goals_conceded.toFixed(2),
      }
    })
  }

  /** A player's stats as the live feed shows them mid-gameweek. */
  liveStats(table: GwTable, index: number): PlayerGwStats {
    const s = table.stats[index]!
    const day = table.dayOf[index]!
    if (day === 2) return emptyStats()
    if (day === 1) return { ...s, bonus: 0, total_points: table.livePts[index]! }
    return s
  }

  eventLive(clock: SimClock, gw: number): Record<string, unknown> | null {
    if (!Number.isInteger(gw) || gw < 1 || gw > TOTAL_GAMEWEEKS) return null
    const view = this.view(clock)
    if (gw > view.started) return { elements: [] }
    const table = this.gwTable(gw)
    const picture = gw === view.started ? view.overlay : null
    const elements = [...this.players]
      .sort((a, b) => a.id - b.id)
      .map((p) => {
        const s = (picture?.stats ?? table.stats)[p.index]!
        const lines = scoreLines(p.type, s, this.rules)
        return {
          id: p.id,
          stats: liveStatsJson(s, !picture?.live && table.dream[p.index] === 1),
          explain: [
            {
              fixture: table.fixtureOf[p.index]!,
              stats: lines.map((l) => ({ identifier: l.identifier, points: l.points, value: l.value, points_modification: 0 })),
            },
          ],
          modified: false,
        }
      })
    return { elements }
  }

  eventStatus(clock: SimClock): Record<string, unknown> {
    const view = this.view(clock)
    const gw = Math.max(1, view.started)
    const notStarted = view.started === 0
    const moments = clock.matchDay && view.live ? view.overlay?.moments : undefined
    const fixtures = this.schedule[gw] ?? []
    const status = [0, 1, 2].map((day) => {
      let points = 'r'
      let bonusAdded = true
      if (notStarted) {
        points = ''
        bonusAdded = false
      } else if (moments) {
        // A match day's row: "" until its first kick-off, "l" while any of its bonus is pending, then "p".
        const ofDay = moments.filter((_, i) => fixtures[i]!.day === day)
        bonusAdded = ofDay.every((m) => m.finished)
        points = !ofDay.some((m) => m.started) ? '' : bonusAdded ? 'p' : 'l'
      } else if (view.phase === 'live') {
        points = day === 2 ? '' : 'l'
        bonusAdded = day === 0
      } else if (view.phase === 'finished') {
        points = 'p'
      }
      return { bonus_added: bonusAdded, date: isoDate(this.matchDay(gw, day)), event: gw, points }
    })
    const leagues = notStarted || view.phase === 'live' ? '' : view.phase === 'finished' ? 'Updating' : 'Updated'
    return { status, leagues }
  }

  /** When league tables were last recomputed for a clock (a match day's tables follow its every minute). */
  lastUpdated(view: View, clock: SimClock): string {
    if (view.started === 0) return isoSeconds(this.deadline(1) - 7 * 86_400)
    const gw = view.started
    if (clock.matchDay && view.live) return isoSeconds(Math.floor(clock.matchDay.at / 60) * 60)
    if (view.live) return isoSeconds(this.matchDay(gw, 1) + 6 * 3600)
    if (view.phase === 'finished') return isoSeconds(this.matchDay(gw, 2) + 3 * 3600)
    return isoSeconds(this.matchDay(gw, 3) + 9 * 3600)
  }

  standings(clock: SimClock, leagueId: number, query: { page: number; phase: number; pageNewEntries: number }): Record<string, unknown> | null {
    const league = this.league(leagueId)
    if (!league || !this.template.phases.some((p) => p.id === query.phase)) return null
    const view = this.view(clock)
    const info = league.info
    const n = league.members.length
    const page = Math.max(1, query.page)
    const start = (page - 1) * STANDINGS_PAGE_SIZE
    const leagueJson = {
      id: info.id,
      name: info.name,
      created: info.created,
      closed: false,
      max_entries: null,
      league_type: 'x',
      scoring: 'c',
      admin_entry: info.adminEntry,
      start_event: info.startEvent,
      code_privacy: 'p',
      has_cup: n >= 4,
      cup_league: n >= 4 ? 3_000_000 + (info.id % 1_000_000) : null,
      rank: null,
    }
    // Before the league's first gameweek nobody has a score in it: members are listed as new entries.
    if (view.started < info.startEvent) {
      const newPage = Math.max(1, query.pageNewEntries)
      const from = (newPage - 1) * STANDINGS_PAGE_SIZE
      const results = Array.from(league.members.subarray(from, from + STANDINGS_PAGE_SIZE), (id) => {
        const p = this.profile(id)
        return {
          entry: id,
          entry_name: p.teamName,
          joined_time: isoMicros(p.joinedEpoch, p.joinedMicros),
          player_first_name: p.firstName,
          player_last_name: p.lastName,
        }
      })
      return {
        new_entries: { has_next: from + STANDINGS_PAGE_SIZE < n, page: newPage, results },
        last_updated_data: this.lastUpdated(view, clock),
        league: leagueJson,
        standings: { has_next: false, page, results: [] },
      }
    }
    const table = this.rankedTable(league, view, query.phase)
    const results: Record<string, unknown>[] = []
    for (let pos = start; pos < Math.min(n, start + STANDINGS_PAGE_SIZE); pos++) {
      const i = table.order[pos]!
      const id = league.members[i]!
      const p = this.profile(id)
      results.push({
        id: standingsRowId(info.id, id),
        event_total: table.eventTotal[i]!,
        player_name: `${p.firstName} ${p.lastName}`,
        rank: table.rank[i]!,
        last_rank: table.lastRank[i]!,
        rank_sort: pos + 1,
        total: table.total[i]!,
        entry: id,
        entry_name: p.teamName,
      })
    }
    return {
      new_entries: { has_next: false, page: Math.max(1, query.pageNewEntries), results: [] },
      last_updated_data: this.lastUpdated(view, clock),
      league: leagueJson,
      standings: { has_next: start + STANDINGS_PAGE_SIZE < n, page, results },
    }
  }

  /** history.current rows for an entry, from its started event to the view's started gameweek. */
  historyRows(id: number, view: View): { rows: HistoryRow[]; replay: EntryReplay } {
    const replay = this.replay(id, view.started)
    const rows: HistoryRow[] = []
    if (view.started === 0) return { rows, replay }
    const population = this.population(view)
    let total = 0
    for (let gw = replay.startedEvent; gw <= view.started; gw++) {
      const record = replay.records[gw]
      if (!record) continue
      const { points, bench } = this.scoreRecord(record, view)
      const net = points - record.transferCost
      total += net
      const rank = rankFromScore(net, population.gwMean[gw]!, population.gwSd[gw]!)
      const overall = rankFromScore(total, population.totalMean[gw]!, population.totalSd[gw]!)
      rows.push({
        event: gw,
        points,
        total_points: total,
        rank,
        rank_sort: rank + (hash32(this.seed, id, gw) % 211),
        overall_rank: overall,
        percentile_rank: percentileBucket(rank, SIM_TOTAL_PLAYERS),
        bank: record.bank,
        value: record.value,
        event_transfers: record.eventTransfers,
        event_transfers_cost: record.transferCost,
        points_on_bench: bench,
      })
    }
    return { rows, replay }
  }

  entryHistory(clock: SimClock, id: number): Record<string, unknown> | null {
    if (!this.isEntry(id)) return null
    const view = this.view(clock)
    const { rows, replay } = this.historyRows(id, view)
    const chips: Array<{ name: ChipName; time: string; event: number }> = []
    for (const record of replay.records) {
      const name = record ? CHIP_NAMES[record.chip] : null
      if (record && name)
        chips.push({
          name,
          time: isoMicros(this.deadline(record.gw) - 3600 - (hash32(this.seed, STREAM_TIME, id, record.gw) % 150_000), hash32(id, record.gw) % 1_000_000),
          event: record.gw,
        })
    }
    return { current: rows, past: clock.summer ? [...this.pastSeasons(id), this.seasonRow(id)] : this.pastSeasons(id), chips }
  }

  /** history `past`, oldest first: the seasons before this one. */
  pastSeasons(id: number): PastSeason[] {
    if (this.previous) return [...this.previous.pastSeasons(id), this.previous.seasonRow(id)]
    const profile = this.profile(id)
    const rng = new Rng(hash32(this.nameSeed, STREAM_PAST, id))
    const past: PastSeason[] = []
    for (let years = profile.yearsActive - 1; years >= 1; years--) {
      const points = 1750 + rng.int(800)
      past.push({ season_name: seasonLabel(2026 - years), total_points: points, rank: rankFromScore(points, 2150, 180) })
    }
    return past
  }

  /** This season's line in history `past`, once it is over: the total and overall rank after the last gameweek. */
  seasonRow(id: number): PastSeason {
    const { rows } = this.historyRows(id, this.view({ gw: TOTAL_GAMEWEEKS, phase: 'checked' }))
    const last = rows[rows.length - 1]
    return { season_name: this.seasonName, total_points: last?.total_points ?? 0, rank: last?.overall_rank ?? SIM_TOTAL_PLAYERS }
  }

  entryPicks(clock: SimClock, id: number, gw: number): Record<string, unknown> | null {
    if (!this.isEntry(id)) return null
    const view = this.view(clock)
    if (!Number.isInteger(gw) || gw < 1 || gw > view.started) return null
    const { rows, replay } = this.historyRows(id, view)
    const record = replay.records[gw]
    const row = rows.find((r) => r.event === gw)
    if (!record || !row) return null
    const { detail } = this.scoreRecord(record, view)
    const captain = record.order[record.captainPos]!
    const vice = record.order[record.vicePos]!
    return {
      active_chip: CHIP_NAMES[record.chip] ?? null,
      automatic_subs: detail.autoSubs.map(([elementIn, elementOut]) => ({
        entry: id,
        element_in: this.players[elementIn]!.id,
        element_out: this.players[elementOut]!.id,
        event: gw,
      })),
      entry_history: row,
      picks: detail.order.map((p, i) => ({
        element: this.players[p]!.id,
        position: i + 1,
        multiplier: detail.multipliers[i]!,
        is_captain: p === captain,
        is_vice_captain: p === vice,
        element_type: this.players[p]!.type,
      })),
    }
  }

  entryTransfers(clock: SimClock, id: number): Record<string, unknown>[] | null {
    if (!this.isEntry(id)) return null
    const view = this.view(clock)
    const replay = this.replay(id, view.started)
    const rows = replay.moves.map((m, i) => {
      const base = this.deadline(m.gw) - 3600 - (hash32(this.seed, STREAM_TIME, id, m.gw) % 150_000)
      return {
        element_in: m.elementIn,
        element_in_cost: m.costIn,
        element_out: m.elementOut,
        element_out_cost: m.costOut,
        entry: id,
        event: m.gw,
        time: isoMicros(base + i * 7, hash32(id, m.gw, i) % 1_000_000),
      }
    })
    return rows.reverse()
  }

  entrySummary(clock: SimClock, id: number): Record<string, unknown> | null {
    if (!this.isEntry(id)) return null
    const view = this.view(clock)
    const profile = this.profile(id)
    const { rows, replay } = this.historyRows(id, view)
    const latest = rows[rows.length - 1]
    const record = latest ? replay.records[latest.event] : undefined
    return {
      id,
      joined_time: isoMicros(profile.joinedEpoch, profile.joinedMicros),
      started_event: profile.startedEvent,
      favourite_team: profile.favouriteTeam,
      player_first_name: profile.firstName,
      player_last_name: profile.lastName,
      player_region_id: profile.region.id,
      player_region_name: profile.region.name,
      player_region_iso_code_short: profile.region.short,
      player_region_iso_code_long: profile.region.long,
      years_active: profile.yearsActive,
      // A team carried over from last season shows 0 points, not null, before its first gameweek.
      summary_overall_points: latest ? latest.total_points : this.previous ? 0 : null,
      summary_overall_rank: latest ? latest.overall_rank : null,
      summary_event_points: latest ? latest.points : this.previous ? 0 : null,
      summary_event_rank: latest ? latest.rank : null,
      current_event: view.started > 0 ? view.started : null,
      leagues: {
        classic: this.classicLeagues(id, view, rows),
        h2h: [],
        cup: {
          matches: [],
          status: { qualification_event: null, qualification_numbers: null, qualification_rank: null, qualification_state: null },
          cup_league: null,
        },
        cup_matches: [],
        event: [],
      },
      name: profile.teamName,
      name_change_blocked: false,
      entered_events: rows.map((r) => r.event),
      kit: null,
      last_deadline_bank: record ? record.bank : null,
      last_deadline_value: record ? record.value : null,
      last_deadline_total_transfers: record ? record.totalTransfers : null,
      club_badge_src: null,
    }
  }

  classicLeagues(id: number, view: View, rows: readonly HistoryRow[]): Record<string, unknown>[] {
    const monthPhase = this.template.phases.find((p) => p.id > 1 && p.start_event <= view.started && view.started <= p.stop_event)
    const phaseIds = view.started > 0 ? [1, ...(monthPhase ? [monthPhase.id] : [])] : []
    const latest = rows[rows.length - 1]
    const previous = rows[rows.length - 2]
    const overall = {
      id: OVERALL_LEAGUE_ID,
      name: 'Overall',
      short_name: 'overall',
      created: `${2026 + this.yearsOn}-06-15T10:02:11.538116Z`,
      closed: false,
      rank: null,
      max_entries: null,
      league_type: 's',
      scoring: 'c',
      admin_entry: null,
      start_event: 1,
      entry_can_leave: false,
      entry_can_admin: false,
      entry_can_invite: false,
      has_cup: true,
      cup_league: 3_011_274,
      cup_qualified: null,
      rank_count: SIM_TOTAL_PLAYERS,
      entry_percentile_rank: latest ? percentileBucket(latest.overall_rank, SIM_TOTAL_PLAYERS) : 100,
      active_phases: latest
        ? [
            {
              phase: 1,
              rank: latest.overall_rank,
              last_rank: previous?.overall_rank ?? 0,
              rank_sort: latest.overall_rank,
              total: latest.total_points,
              league_id: OVERALL_LEAGUE_ID,
              rank_count: SIM_TOTAL_PLAYERS,
              entry_percentile_rank: percentileBucket(latest.overall_rank, SIM_TOTAL_PLAYERS),
            },
          ]
        : [],
      featured_entry_ids: [],
      entry_rank: latest?.overall_rank ?? 0,
      entry_last_rank: previous?.overall_rank ?? 0,
    }
    const privateLeagues = this.leaguesOf(id).map((info) => {
      const league = this.league(info.id)!
      const idx = league.indexOf(id)
      const n = league.members.length
      const phases = (view.started >= info.startEvent ? phaseIds : []).map((phaseId) => {
        const table = this.rankedTable(league, view, phaseId)
        return {
          phase: phaseId,
          rank: table.rank[idx]!,
          last_rank: table.lastRank[idx]!,
          rank_sort: table.order.indexOf(idx) + 1,
          total: table.total[idx]!,
          league_id: info.id,
          rank_count: n,
          entry_percentile_rank: percentileBucket(table.rank[idx]!, n),
        }
      })
      const main = phases[0]
      return {
        id: info.id,
        name: info.name,
        short_name: null,
        created: info.created,
        closed: false,
        rank: null,
        max_entries: null,
        league_type: 'x',
        scoring: 'c',
        admin_entry: info.adminEntry,
        start_event: info.startEvent,
        entry_can_leave: true,
        entry_can_admin: info.adminEntry === id,
        entry_can_invite: true,
        has_cup: n >= 4,
        cup_league: n >= 4 ? 3_000_000 + (info.id % 1_000_000) : null,
        cup_qualified: null,
        rank_count: n,
        entry_percentile_rank: main ? main.entry_percentile_rank : 100,
        active_phases: phases,
        featured_entry_ids: [],
        entry_rank: main ? main.rank : 0,
        entry_last_rank: main ? main.last_rank : 0,
      }
    })
    return [overall, ...privateLeagues].sort((a, b) => a.id - b.id)
  }
}

/** "2026/27" for the season starting in 2026. */
function seasonLabel(startYear: number): string {
  return `${startYear}/${String((startYear + 1) % 100).padStart(2, '0')}`
}

function standingsRowId(leagueId: number, entryId: number): number {
  return 10_000_000 + (hash32(leagueId, entryId) % 80_000_000)
}

function generateTeamName(rng: Rng, lastName: string): string {
  const u = rng.next()
  if (u < 0.4) return rng.pick(TEAM_PUNS)
  if (u < 0.75) {
    const name = `${rng.pick(TEAM_PREFIXES)} ${rng.pick(TEAM_NOUNS)}`
    return name.length <= 20 ? name : rng.pick(TEAM_PUNS)
  }
  const name = `${lastName} ${rng.pick(TEAM_SUFFIXES)}`
  // FPL caps team names at 20 characters.
  return name.length <= 20 ? name : rng.pick(TEAM_PUNS)
}

function newAggregates(n: number): GwAggregates {
  return {
    selected: new Int32Array(n),
    captained: new Int32Array(n),
    viceCaptained: new Int32Array(n),
    transfersIn: new Int32Array(n),
    chips: new Int32Array(5),
    transfers: 0,
  }
}

function accumulate(agg: GwAggregates, sim: EntrySim): void {
  for (let i = 0; i < 15; i++) agg.selected[sim.order[i]!]!++
  agg.captained[sim.order[sim.captainPos]!]!++
  agg.viceCaptained[sim.order[sim.vicePos]!]!++
  for (let i = 0; i < sim.insCount; i++) agg.transfersIn[sim.ins[i]!]!++
  agg.chips[sim.chip]!++
  agg.transfers += sim.eventTransfers
}

function argMax(values: Int32Array): number | null {
  let best = -1
  for (let i = 0; i < values.length; i++) if (values[i]! > 0 && (best < 0 || values[i]! > values[best]!)) best = i
  return best < 0 ? null : best
}

function chipPlays(agg: GwAggregates, scale: number): Array<{ chip_name: ChipName; num_played: number }> {
  const plays: Array<{ chip_name: ChipName; num_played: number }> = []
  for (let code = 1; code < CHIP_NAMES.length; code++) {
    const name = CHIP_NAMES[code]
    if (name && agg.chips[code]! > 0) plays.push({ chip_name: name, num_played: Math.round(agg.chips[code]! * scale) })
  }
  return plays
}

/** The live feed's stats object, in the key order of the real 2025-26 feed. */
/** Home and away goals: a side's goals plus the other side's own goals. */
function fixtureScore(match: MatchRecord, stats: readonly PlayerGwStats[]): [number, number] {
  const goals = (side: number, key: 'goals_scored' | 'own_goals'): number => match.sides[side]!.reduce((sum, a) => sum + stats[a.p.index]![key], 0)
  return [goals(0, 'goals_scored') + goals(1, 'own_goals'), goals(1, 'goals_scored') + goals(0, 'own_goals')]
}

/** A fixture's `stats`: per identifier, each side's players with a non-zero value, highest first. */
function fixtureStats(match: MatchRecord, stats: readonly PlayerGwStats[]): FixtureJson['stats'] {
  const list = (apps: readonly Appearance[], key: (typeof FIXTURE_STAT_KEYS)[number]): Array<{ value: number; element: number }> =>
    apps
      .map((a) => ({ value: stats[a.p.index]![key], element: a.p.id }))
      .filter((x) => x.value !== 0)
      .sort((x, y) => y.value - x.value || x.element - y.element)
  return FIXTURE_STAT_KEYS.map((identifier) => ({ identifier, a: list(match.sides[1]!, identifier), h: list(match.sides[0]!, identifier) }))
}

function liveStatsJson(s: PlayerGwStats, inDreamteam: boolean): Record<string, unknown> {
  return {
    minutes: s.minutes,
    goals_scored: s.goals_scored,
    assists: s.assists,
    clean_sheets: s.clean_sheets,
    goals_conceded: s.goals_conceded,
    own_goals: s.own_goals,
    penalties_saved: s.penalties_saved,
    penalties_missed: s.penalties_missed,
    yellow_cards: s.yellow_cards,
    red_cards: s.red_cards,
    saves: s.saves,
    bonus: s.bonus,
    bps: s.bps,
    influence: s.influence.toFixed(1),
    creativity: s.creativity.toFixed(1),
    threat: s.threat.toFixed(1),
    ict_index: ((s.influence + s.creativity + s.threat) / 10).toFixed(1),
    clearances_blocks_interceptions: s.clearances_blocks_interceptions,
    recoveries: s.recoveries,
    tackles: s.tackles,
    defensive_contribution: s.defensive_contribution,
    starts: s.starts,
    expected_goals: s.expected_goals.toFixed(2),
    expected_assists: s.expected_assists.toFixed(2),
    expected_goal_involvements: (s.expected_goals + s.expected_assists).toFixed(2),
    expected_goals_conceded: s.expected_goals_conceded.toFixed(2),
    total_points: s.total_points,
    in_dreamteam: inDreamteam,
    played: s.minutes > 0,
  }
}

export function createSeasonWorld(options: SeasonWorldOptions = {}): SeasonWorld {
  return new SeasonWorld(options)
}
