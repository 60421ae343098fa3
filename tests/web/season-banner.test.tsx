import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SeasonBanner } from '../../web/src/features/season/SeasonBanner'
import { renderWithProviders } from './helpers'
import { mockApi } from './mock-api'

// The season banner (decision 183): silent in season, and between seasons what still works.

const season = (body: { season: string; phase: string; next_deadline: string | null }) => mockApi({ 'GET /api/season': { body } })

afterEach(() => vi.unstubAllGlobals())

describe('the season banner', () => {
  it('says nothing while gameweeks are played', async () => {
    const api = season({ season: '2026/27', phase: 'in_season', next_deadline: '2026-11-28T11:00:00Z' })
    renderWithProviders(<SeasonBanner />)
    await vi.waitFor(() => expect(api.calls).toHaveLength(1))
    expect(screen.queryByRole('status', { name: 'Season' })).toBeNull()
  })

  it('says the season is over and what stays once FPL has checked the last gameweek', async () => {
    season({ season: '2026/27', phase: 'finished', next_deadline: null })
    renderWithProviders(<SeasonBanner />)
    expect(await screen.findByRole('status', { name: 'Season' })).toHaveTextContent(
      'The 2026/27 season is over. The final tables, the Gazette and the Hall of Fame stay here until the next season starts.',
    )
  })

  it('explains the weeks without FPL as FPL preparing the next season, not as an error', async () => {
    season({ season: '2026/27', phase: 'off_season', next_deadline: null })
    renderWithProviders(<SeasonBanner />)
    const banner = await screen.findByRole('status', { name: 'Season' })
    expect(banner).toHaveTextContent('FPL is getting the next one ready: live numbers and team look-ups come back when it relaunches.')
    expect(banner.textContent).not.toMatch(/error|wrong/i)
  })

  it('gives the new season and its first deadline before it starts', async () => {
    season({ season: '2027/28', phase: 'pre_season', next_deadline: '2027-08-13T17:30:00Z' })
    renderWithProviders(<SeasonBanner />)
    const banner = await screen.findByRole('status', { name: 'Season' })
    expect(banner).toHaveTextContent("The 2027/28 season is on! Gameweek 1's deadline is")
    expect(banner).toHaveTextContent(/Fri 13 Aug/)
  })

  it('shows nothing when the season cannot be read', async () => {
    const api = mockApi({ 'GET /api/season': { status: 503, body: { detail: 'FPL has not told us about the season yet.' } } })
    renderWithProviders(<SeasonBanner />)
    await vi.waitFor(() => expect(api.calls.length).toBeGreaterThan(0))
    expect(screen.queryByRole('status', { name: 'Season' })).toBeNull()
  })
})
