import { describe, expect, it } from 'vitest'
import { seasonView } from '../../worker/fpl/season'
import bootstrap from '../fixtures/fpl/bootstrap-static.json' with { type: 'json' }

// The season's phase from FPL's real bootstrap-static (2025-26, captured with GW37 current and
// checked, GW38 next), and from the same events moved on to the season's end and to a new season.

const events = () => structuredClone(bootstrap.events)

describe('the season as bootstrap-static shows it', () => {
  it('is in season, with the next gameweek deadline, on the real capture', () => {
    const gw38 = bootstrap.events.find((e) => e.id === 38)!
    expect(seasonView(bootstrap.events)).toEqual({ season: '2025/26', phase: 'in_season', next_deadline: gw38.deadline_time })
  })

  it('is still in season while the last gameweek is played or not yet checked', () => {
    const moved = events()
    for (const e of moved) Object.assign(e, { is_current: e.id === 38, is_next: false, is_previous: e.id === 37 })
    Object.assign(moved.find((e) => e.id === 38)!, { finished: true, data_checked: false })
    expect(seasonView(moved)).toEqual({ season: '2025/26', phase: 'in_season', next_deadline: null })
  })

  it('is finished once FPL has checked the last gameweek (the summer state)', () => {
    const moved = events()
    for (const e of moved) Object.assign(e, { is_current: e.id === 38, is_next: false, is_previous: e.id === 37, finished: true, data_checked: true })
    expect(seasonView(moved)).toEqual({ season: '2025/26', phase: 'finished', next_deadline: null })
  })

  it('is pre-season, with the first deadline, when no gameweek has started', () => {
    const next = events().map((e) => ({
      ...e,
      deadline_time: new Date(Date.parse(e.deadline_time) + 364 * 86_400_000).toISOString().replace('.000Z', 'Z'),
      is_current: false,
      is_previous: false,
      is_next: e.id === 1,
      finished: false,
      data_checked: false,
    }))
    expect(seasonView(next)).toEqual({ season: '2026/27', phase: 'pre_season', next_deadline: next[0]!.deadline_time })
  })
})
