import * as z from 'zod'

// Lenient schemas of the FPL API responses (shapes: tests/fixtures/fpl, reference:
// shared/fpl/README.md). Only the fields the app uses are declared; unknown fields pass
// (looseObject), fields that have drifted between seasons are optional, and a field that is
// null in some captures is nullable. A missing required field is a real shape change and fails.

const int = z.number().int()
const nullableInt = int.nullable().optional().transform((v) => v ?? null)

export const eventSchema = z.looseObject({
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

export const phaseSchema = z.looseObject({
  id: int,
  name: z.string(),
  start_event: int,
  stop_event: int,
})

export const elementSchema = z.looseObject({
  id: int,
  web_name: z.string(),
  first_name: z.string().optional(),
  second_name: z.string().optional(),
  element_type: int,
  team: int,
})

export const teamSchema = z.looseObject({ id: int, name: z.string(), short_name: z.string() })

export const bootstrapSchema = z.looseObject({
  events: z.array(eventSchema),
  phases: z.array(phaseSchema),
  teams: z.array(teamSchema),
  elements: z.array(elementSchema),
  total_players: int.optional(),
})

export const standingsRowSchema = z.looseObject({
  entry: int,
  entry_name: z.string(),
  player_name: z.string(),
  rank: int,
  last_rank: nullableInt,
  rank_sort: int.optional(),
  total: int,
  event_total: int,
})

export const leagueSchema = z.looseObject({
  id: int,
  name: z.string(),
  league_type: z.string().optional(),
  start_event: int.optional(),
  admin_entry: nullableInt,
})

export const standingsPageSchema = z.looseObject({
  league: leagueSchema,
  standings: z.looseObject({
    has_next: z.boolean(),
    page: int,
    results: z.array(standingsRowSchema),
  }),
  new_entries: z
    .looseObject({
      has_next: z.boolean().optional(),
      results: z.array(z.looseObject({ entry: int, entry_name: z.string().optional() })).optional(),
    })
    .optional(),
  last_updated_data: z.string().nullable().optional(),
})

export const entryLeagueSchema = z.looseObject({
  id: int,
  name: z.string(),
  league_type: z.string(),
  entry_rank: nullableInt,
  rank_count: nullableInt,
  // Phase 1 carries rank_sort: the position in the paged table (entry_rank is shared on ties).
  active_phases: z.array(z.looseObject({ phase: int, rank_sort: nullableInt })).optional(),
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
  leagues: z
    .looseObject({ classic: z.array(entryLeagueSchema).default([]) })
    .optional()
    .transform((v) => v ?? { classic: [] }),
})

export const historyRowSchema = z.looseObject({
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

export const chipPlaySchema = z.looseObject({ name: z.string(), event: int, time: z.string().optional() })

export const historySchema = z.looseObject({
  current: z.array(historyRowSchema),
  past: z.array(z.looseObject({ season_name: z.string(), total_points: int, rank: nullableInt })).default([]),
  chips: z.array(chipPlaySchema).default([]),
})

export const pickSchema = z.looseObject({
  element: int,
  position: int,
  multiplier: int,
  is_captain: z.boolean(),
  is_vice_captain: z.boolean(),
  element_type: int.optional(),
})

export const picksSchema = z.looseObject({
  active_chip: z.string().nullable().optional().transform((v) => v ?? null),
  automatic_subs: z
    .array(z.looseObject({ element_in: int, element_out: int, event: int.optional() }))
    .default([]),
  entry_history: historyRowSchema,
  picks: z.array(pickSchema),
})

export const liveElementSchema = z.looseObject({
  id: int,
  stats: z.looseObject({ minutes: int, total_points: int, bonus: int.optional() }),
})

export const liveSchema = z.looseObject({ elements: z.array(liveElementSchema) })

export const transferSchema = z.looseObject({
  element_in: int,
  element_out: int,
  entry: int,
  event: int,
  time: z.string().optional(),
})

export const transfersSchema = z.array(transferSchema)

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
export type FplTransfer = z.infer<typeof transferSchema>
export type FplEventStatus = z.infer<typeof eventStatusSchema>
