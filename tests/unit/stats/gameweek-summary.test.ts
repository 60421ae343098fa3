import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { standingsPageSchema } from '../../../worker/fpl/schemas'
import { gameweekSummary } from '../../../worker/fpl/stats'

// The This Gameweek card's figures over a whole table (docs/decisions/043-gameweek-summary.md).
// The real capture: the top 100 of Overall league 314 at the end of 2024-25, two FPL pages.

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/fpl')
const captured: unknown = JSON.parse(readFileSync(path.join(FIXTURES, 'leagues-classic-standings-results-2024-25.json'), 'utf8'))
// The capture is the results array only: parse it as the app parses a page's rows.
const { results } = standingsPageSchema.parse({
  league: { id: 314, name: 'Overall', admin_entry: null },
  standings: { has_next: false, page: 1, results: captured },
}).standings
// As the refresh stores them (worker/services/refresh/finalize.ts): event_total is the row's gameweek points.
const rows = results.map((r) => ({ player_name: r.player_name, team_name: r.entry_name, gameweek_points: r.event_total }))

describe('gameweekSummary on a real two-page table', () => {
  it('finds the top scorer and the average over every row, not over the first page', () => {
    expect(rows).toHaveLength(100)
    const summary = gameweekSummary(rows, 38, 'checked')
    expect(summary).toEqual({
      gameweek: 38,
      // 98 on page 2 (rank 69); page 1 alone would say 93.
      top_scorer: { player_name: 'Liam Wilson', team_name: 'McGinn & Tonic', points: 98, tied_with: 0 },
      average_points: 64.4, // 6439 / 100; page 1 alone averages 65.4, page 2 63.4
      provisional: false,
      managers_counted: 100,
    })
    expect(gameweekSummary(rows.slice(0, 50), 38, 'checked')?.top_scorer?.points).toBe(93)
    expect(summary?.average_points).toBe(Math.round((results.reduce((s, r) => s + r.event_total, 0) / results.length) * 10) / 10)
  })

  it('is the same whatever order the pages were read in, apart from who wins a tie', () => {
    const reversed = gameweekSummary([...rows.slice(50), ...rows.slice(0, 50)], 38, 'checked')
    expect(reversed?.average_points).toBe(64.4)
    expect(reversed?.top_scorer?.points).toBe(98)
  })

  it('gives a tie to the manager highest in the table and counts the others', () => {
    // The most common page-1 score, shared by several managers: make it the top by capping the rest.
    const capped = rows.map((r) => ({ ...r, gameweek_points: Math.min(r.gameweek_points, 70) }))
    const on70 = capped.filter((r) => r.gameweek_points === 70)
    const summary = gameweekSummary(capped, 38, 'checked')
    expect(on70.length).toBeGreaterThan(1)
    expect(summary?.top_scorer).toEqual({ player_name: on70[0]!.player_name, team_name: on70[0]!.team_name, points: 70, tied_with: on70.length - 1 })
  })

  it('is provisional until FPL has checked the gameweek, and absent before it starts or without rows', () => {
    expect(gameweekSummary(rows, 38, 'live')?.provisional).toBe(true)
    expect(gameweekSummary(rows, 38, 'finished')?.provisional).toBe(true)
    expect(gameweekSummary(rows, 1, 'upcoming')).toBeNull()
    expect(gameweekSummary([], 38, 'checked')).toBeNull()
  })
})
