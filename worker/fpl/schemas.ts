import * as z from 'zod/mini'

// Lenient schemas of the FPL API responses (shapes: tests/fixtures/fpl, reference:
// shared/fpl/README.md). Only the fields the app uses are declared; unknown fields pass
// (looseObject), fields that have drifted between seasons are optional, and a field that is
// null in some captures is nullable. A missing required field is a real shape change and fails.

const int = z.number().check(z.int())
const nullableInt = z.pipe(
  z.optional(z.nullable(int)),
  z.transform((v) => v ?? null),
)

const eventSchema = z.looseObject({
  id: int,
  name: z.string(),
  deadline_time: z.string(),
  finished: z.boolean(),
  data_checked: z.boolean(),
  is_previous: z.boolean(),
  is_current: z.boolean(),
  is_next: z.boolean(),
  average_entry_score: nullableInt,
  highest_score: nullableInt,
})

const phaseSchema = z.looseObject({
  id: int,
  name: z.string(),
  start_event: int,
  stop_event: int,
})

const elementSchema = z.looseObject({
  id: int,
  web_name: z.string(),
  first_name: z.optional(z.string()),
  second_name: z.optional(z.string()),
  element_type: int,
  team: int,
})

const teamSchema = z.looseObject({ id: int, name: z.string(), short_name: z.string() })

// A season always has its gameweeks, months, clubs and players, and exactly one gameweek that is
// current (or, before the first deadline, next). An answer without them (`events: []`, no
// current or next gameweek) is FPL misbehaving, not news: it fails like a missing field, so it is
// never cached and the last good answer is served instead.
const seasonPresent = (b: { events: Array<{ is_current: boolean; is_next: boolean }>; phases: unknown[]; teams: unknown[]; elements: unknown[] }) => {
  const current = b.events.filter((e) => e.is_current).length
  const next = b.events.filter((e) => e.is_next).length
  return b.events.length > 0 && b.phases.length > 0 && b.teams.length > 0 && b.elements.length > 0 && current <= 1 && next <= 1 && current + next > 0
}

export const bootstrapSchema = z
  .looseObject({
    events: z.array(eventSchema),
    phases: z.array(phaseSchema),
    teams: z.array(teamSchema),
    elements: z.array(elementSchema),
    total_players: z.optional(int),
  })
  .check(z.refine(seasonPresent, 'no season in bootstrap-static (no gameweeks, months, clubs or players, or no current or next gameweek)'))

const standingsRowSchema = z.looseObject({
  entry: int,
  entry_name: z.string(),
  player_name: z.string(),
  rank: int,
  last_rank: nullableInt,
  rank_sort: z.optional(int),
  total: int,
  event_total: int,
})

const leagueSchema = z.looseObject({
  id: int,
  name: z.string(),
  league_type: z.optional(z.string()),
  start_event: z.optional(int),
  admin_entry: nullableInt,
})

export const standingsPageSchema = z.looseObject({
  league: leagueSchema,
  standings: z.looseObject({
    has_next: z.boolean(),
    page: int,
    results: z.array(standingsRowSchema),
  }),
  new_entries: z.optional(
    z.looseObject({
      has_next: z.optional(z.boolean()),
      results: z.optional(z.array(z.looseObject({ entry: int, entry_name: z.optional(z.string()) }))),
    }),
  ),
  last_updated_data: z.optional(z.nullable(z.string())),
})

const entryLeagueSchema = z.looseObject({
  id: int,
  name: z.string(),
  league_type: z.string(),
  entry_rank: nullableInt,
  rank_count: nullableInt,
  // Who runs the league on FPL (null for system leagues); entry_can_admin: the entry may run it.
  admin_entry: nullableInt,
  entry_can_admin: z.optional(z.boolean()),
  // Phase 1 carries rank_sort: the position in the paged table (entry_rank is shared on ties).
  active_phases: z.optional(z.array(z.looseObject({ phase: int, rank_sort: nullableInt }))),
})

export const entrySchema = z.looseObject({
  id: int,
  name: z.string(),
  player_first_name: z.string(),
  player_last_name: z.string(),
  started_event: nullableInt,
  summary_overall_points: nullableInt,
  summary_overall_rank: nullableInt,
  summary_event_points: nullableInt,
  current_event: nullableInt,
  leagues: z.pipe(
    z.optional(z.looseObject({ classic: z._default(z.array(entryLeagueSchema), []) })),
    z.transform((v) => v ?? { classic: [] }),
  ),
})

const historyRowSchema = z.looseObject({
  event: int,
  points: int,
  total_points: int,
  rank: nullableInt,
  overall_rank: nullableInt,
  event_transfers: int,
  event_transfers_cost: int,
  points_on_bench: int,
  bank: nullableInt,
  value: nullableInt,
})

const chipPlaySchema = z.looseObject({ name: z.string(), event: int, time: z.optional(z.string()) })

export const historySchema = z.looseObject({
  current: z.array(historyRowSchema),
  past: z._default(z.array(z.looseObject({ season_name: z.string(), total_points: int, rank: nullableInt })), []),
  chips: z._default(z.array(chipPlaySchema), []),
})

const pickSchema = z.looseObject({
  element: int,
  position: int,
  multiplier: int,
  is_captain: z.boolean(),
  is_vice_captain: z.boolean(),
  element_type: z.optional(int),
})

export const picksSchema = z.looseObject({
  active_chip: z.pipe(
    z.optional(z.nullable(z.string())),
    z.transform((v) => v ?? null),
  ),
  automatic_subs: z._default(z.array(z.looseObject({ element_in: int, element_out: int, event: z.optional(int) })), []),
  entry_history: historyRowSchema,
  picks: z.array(pickSchema),
})

// `entry/{id}/transfers/`: the season's transfers, newest first (Wildcard moves listed too, at no
// cost); only what the league's glance reads of them.
export const transfersSchema = z.array(z.looseObject({ element_in: int, element_out: int, event: int, time: z.string() }))

// `explain` has one entry per fixture the player's club plays in the gameweek (two in a double
// gameweek), each listing the points-scoring stats of that fixture: the live engine reads which
// fixtures' bonus is already inside `total_points` from it.
const explainSchema = z.looseObject({
  fixture: int,
  stats: z.array(z.looseObject({ identifier: z.string(), points: int })),
})

const liveElementSchema = z.looseObject({
  id: int,
  // A card counts as playing (FPL's rules), so the cards are read with the minutes.
  stats: z.looseObject({
    minutes: int,
    total_points: int,
    bonus: z.optional(int),
    bps: z.optional(int),
    yellow_cards: z.optional(int),
    red_cards: z.optional(int),
  }),
  explain: z.optional(z.array(explainSchema)),
})

export const liveSchema = z.looseObject({ elements: z.array(liveElementSchema) })

// One per-fixture stat of `fixtures/?event={gw}`: `h` and `a` list the home and away players with
// a non-zero value (a player who played and scored 0 bps is absent).
const fixtureStatSchema = z.looseObject({
  identifier: z.string(),
  h: z.array(z.looseObject({ element: int, value: int })),
  a: z.array(z.looseObject({ element: int, value: int })),
})

const fixtureSchema = z.looseObject({
  id: int,
  // null once a fixture is postponed and not yet rescheduled.
  event: nullableInt,
  kickoff_time: z.pipe(
    z.optional(z.nullable(z.string())),
    z.transform((v) => v ?? null),
  ),
  started: z.pipe(
    z.optional(z.nullable(z.boolean())),
    z.transform((v) => v ?? false),
  ),
  finished: z.boolean(),
  finished_provisional: z._default(z.boolean(), false),
  team_h: int,
  team_a: int,
  // Null before kick-off; `minutes` is the match minute FPL last wrote.
  team_h_score: z._default(nullableInt, null),
  team_a_score: z._default(nullableInt, null),
  minutes: z._default(int, 0),
  stats: z._default(z.array(fixtureStatSchema), []),
})

export const fixturesSchema = z.array(fixtureSchema)

export const eventStatusSchema = z.looseObject({
  status: z.array(
    z.looseObject({
      bonus_added: z.boolean(),
      date: z.string(),
      event: int,
      points: z.string(),
    }),
  ),
  leagues: z.string(),
})

export type FplBootstrap = z.infer<typeof bootstrapSchema>
export type FplEvent = z.infer<typeof eventSchema>
export type FplPhase = z.infer<typeof phaseSchema>
export type FplStandingsPage = z.infer<typeof standingsPageSchema>
export type FplStandingsRow = z.infer<typeof standingsRowSchema>
export type FplEntry = z.infer<typeof entrySchema>
export type FplHistory = z.infer<typeof historySchema>
export type FplHistoryRow = z.infer<typeof historyRowSchema>
export type FplPicks = z.infer<typeof picksSchema>
export type FplLive = z.infer<typeof liveSchema>
export type FplEventStatus = z.infer<typeof eventStatusSchema>
export type FplFixture = z.infer<typeof fixtureSchema>
