/**
 * "The Crown & Anchor": a hand-built 6-manager league over GW1–4, shared by the banter, standings
 * and public-stats tests. Every number the tests expect is worked out in the comments here.
 *
 * History (points = gross GW points; net = points − cost; total = cumulative net = total_points):
 *
 *   entry name   GW1        GW2                 GW3                 GW4                         overall rank GW1..4
 *   101   Alice  60 (60)    55 (115) 1tr        58 (173)            57 (230) bench 4            300k 250k 200k 150k
 *   102   Ben    40 (40)    80 (120) 1tr        30 (150) 2tr        94−8=86 (236) 3tr bench 9   2.0M 900k 1.5M 90k
 *   103   Cara   70 (70)    69−4=65 (135) 2tr   58−8=50 (185) 3tr   30 (215) 1tr                100k 200k 400k 800k
 *   104   Dev    50 (50)    50 (100) 1tr        70 (170) 1tr        88 (258) 3xc, bench 9       1.0M 800k 500k 120k
 *   105   Eve    65 (65)    45 (110) 1tr        60 (170) 1tr        20 (190) bboost, bench 25   400k 600k 700k 2.0M
 *   106   Finn   -          -                   60 (60)             60 (120) bench 2            -    -    3.0M 5.0M
 *
 * League table (FPL's ranking: equal totals split on fewer transfers, shared when the transfers are
 * equal too, then entry id; Dev and Eve have made 2 transfers each by GW3):
 *   after GW3: Cara 185 (1), Alice 173 (2), Dev 170 (3), Eve 170 (3), Ben 150 (5), Finn 60 (6)
 *   after GW4: Dev 258 (1), Ben 236 (2), Alice 230 (3), Cara 215 (4), Eve 190 (5), Finn 120 (6)
 *
 * GW4 live (minutes, points):
 *   1 Raya GK (90, 6)   2 Pickford GK (90, 2)   10 Saliba DEF (90, 6)   11 Gabriel DEF (90, 8)
 *   13 Gvardiol DEF (0, 0)   20 Salah MID (90, 12)   22 Palmer MID (0, 0)   23 Mbeumo MID (90, 7)
 *   25 Elanga MID (25, 1)   30 Haaland FWD (0, 0)   31 Isak FWD (90, 2)   32 Watkins FWD (90, 9)
 *   33 Wissa FWD (60, 6)
 *
 * GW4 sheets (processed, trimmed to the players that matter; everyone starts Raya, Saliba, Salah):
 *   Alice: + Watkins; C Salah ×2, VC Saliba; bench Pickford.            captain 12×2 = 24
 *   Ben:   + Mbeumo, Wissa; C Haaland (0 min, subbed out for Wissa, now bench ×0), VC Mbeumo ×2.
 *                                                                       captain 7×2 = 14, auto-sub 6
 *   Cara:  + Isak; C Isak ×2, VC Salah.                                  captain 2×2 = 4
 *   Dev:   + Gabriel (auto-sub in for Gvardiol); 3xc on Salah ×3.        captain 12×3 = 36, auto-sub 8
 *   Eve:   + Elanga; bench Pickford ×1 under Bench Boost; C Salah ×2.    captain 24
 *   Finn:  + Palmer, Haaland (both 0 min, no sub available); C Palmer, VC Haaland.  captain 0
 */

import type { FplLive } from '../../../worker/fpl/schemas'
import type { BanterManager } from '../../../worker/fpl/stats'
import type { RowSpec, SheetSpec } from './fixtures'
import { makeHistory, makeLive, makePicks, makeRow } from './fixtures'

export const GW = 4

export const ELEMENTS = [
  { id: 1, web_name: 'Raya', element_type: 1 },
  { id: 2, web_name: 'Pickford', element_type: 1 },
  { id: 10, web_name: 'Saliba', element_type: 2 },
  { id: 11, web_name: 'Gabriel', element_type: 2 },
  { id: 13, web_name: 'Gvardiol', element_type: 2 },
  { id: 20, web_name: 'Salah', element_type: 3 },
  { id: 22, web_name: 'Palmer', element_type: 3 },
  { id: 23, web_name: 'Mbeumo', element_type: 3 },
  { id: 25, web_name: 'Elanga', element_type: 3 },
  { id: 30, web_name: 'Haaland', element_type: 4 },
  { id: 31, web_name: 'Isak', element_type: 4 },
  { id: 32, web_name: 'Watkins', element_type: 4 },
  { id: 33, web_name: 'Wissa', element_type: 4 },
]

export function leagueLive(): FplLive {
  return makeLive({
    1: [90, 6],
    2: [90, 2],
    10: [90, 6],
    11: [90, 8],
    13: [0, 0],
    20: [90, 12],
    22: [0, 0],
    23: [90, 7],
    25: [25, 1],
    30: [0, 0],
    31: [90, 2],
    32: [90, 9],
    33: [60, 6],
  })
}

interface ManagerSpec {
  entryId: number
  playerName: string
  teamName: string
  rows: RowSpec[]
  chips?: Array<{ name: string; event: number }>
  sheet: SheetSpec
}

const SPECS: ManagerSpec[] = [
  {
    entryId: 101,
    playerName: 'Alice Archer',
    teamName: 'Alisson Wonderland',
    rows: [
      { event: 1, points: 60, total: 60, overall: 300_000 },
      { event: 2, points: 55, total: 115, transfers: 1, overall: 250_000 },
      { event: 3, points: 58, total: 173, overall: 200_000 },
      { event: 4, points: 57, total: 230, bench: 4, overall: 150_000 },
    ],
    sheet: { starters: [1, 10, 20, 32], bench: [2], captain: 20, vice: 10, mult: { 20: 2 } },
  },
  {
    entryId: 102,
    playerName: 'Ben Bishop',
    teamName: 'Benchwarmers FC',
    rows: [
      { event: 1, points: 40, total: 40, overall: 2_000_000 },
      { event: 2, points: 80, total: 120, transfers: 1, overall: 900_000 },
      { event: 3, points: 30, total: 150, transfers: 2, overall: 1_500_000 },
      { event: 4, points: 94, total: 236, transfers: 3, cost: 8, bench: 9, overall: 90_000 },
    ],
    sheet: { starters: [1, 10, 20, 23, 33], bench: [30], captain: 30, vice: 23, mult: { 23: 2, 30: 0 }, subs: [[33, 30]] },
  },
  {
    entryId: 103,
    playerName: 'Cara Cole',
    teamName: 'Cara-bao Cup',
    rows: [
      { event: 1, points: 70, total: 70, overall: 100_000 },
      { event: 2, points: 69, total: 135, transfers: 2, cost: 4, overall: 200_000 },
      { event: 3, points: 58, total: 185, transfers: 3, cost: 8, overall: 400_000 },
      { event: 4, points: 30, total: 215, transfers: 1, overall: 800_000 },
    ],
    sheet: { starters: [1, 10, 20, 31], captain: 31, vice: 20, mult: { 31: 2 } },
  },
  {
    entryId: 104,
    playerName: 'Dev Dhillon',
    teamName: 'Dev-astating XI',
    rows: [
      { event: 1, points: 50, total: 50, overall: 1_000_000 },
      { event: 2, points: 50, total: 100, transfers: 1, overall: 800_000 },
      { event: 3, points: 70, total: 170, transfers: 1, overall: 500_000 },
      { event: 4, points: 88, total: 258, bench: 9, overall: 120_000 },
    ],
    chips: [{ name: '3xc', event: 4 }],
    sheet: { starters: [1, 10, 20, 11], bench: [13], captain: 20, vice: 11, chip: '3xc', mult: { 20: 3 }, subs: [[11, 13]] },
  },
  {
    entryId: 105,
    playerName: 'Eve Ellis',
    teamName: 'Eve-ry Point Counts',
    rows: [
      { event: 1, points: 65, total: 65, overall: 400_000 },
      { event: 2, points: 45, total: 110, transfers: 1, overall: 600_000 },
      { event: 3, points: 60, total: 170, transfers: 1, overall: 700_000 },
      { event: 4, points: 20, total: 190, bench: 25, overall: 2_000_000 },
    ],
    chips: [{ name: 'bboost', event: 4 }],
    sheet: { starters: [1, 10, 20, 25], bench: [2], captain: 20, vice: 1, chip: 'bboost', mult: { 20: 2 } },
  },
  {
    entryId: 106,
    playerName: 'Finn Foster',
    teamName: 'Finn-ished Article',
    rows: [
      { event: 3, points: 60, total: 60, overall: 3_000_000 },
      { event: 4, points: 60, total: 120, bench: 2, overall: 5_000_000 },
    ],
    sheet: { starters: [1, 10, 20, 22, 30], bench: [2], captain: 22, vice: 30, mult: { 22: 2 } },
  },
]

/** The six managers with GW4 picks (fresh objects each call, so tests can mutate them). */
export function leagueManagers(): BanterManager[] {
  return SPECS.map((s) => {
    const gwRow = s.rows.find((r) => r.event === GW)
    return {
      entryId: s.entryId,
      playerName: s.playerName,
      teamName: s.teamName,
      history: makeHistory(s.rows, s.chips ?? []),
      picks: makePicks({ ...s.sheet, event: GW }, gwRow ? makeRow(gwRow) : undefined),
    }
  })
}

export const TOURNAMENT = { name: 'The Crown & Anchor', type: 'private' as const, totalMembers: 6 }
