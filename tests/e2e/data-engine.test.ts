import { describe, expect, inject, it } from 'vitest'
import { refreshData } from '../stack/stack.ts'

// The data engine on the running stack: wrangler dev, local queues, the FPL simulator over HTTP.
const baseUrl = inject('baseUrl')
const simulatorUrl = inject('simulatorUrl')
const control = simulatorUrl.replace(/\/api$/, '/__sim')

interface Tournament {
  standings: Array<{ player_name: string; total_points: number }>
  gameweek: number
  total_members: number
}

// A private tournament's data is for its members: read it as the seeded demo user.
let auth: Record<string, string> = {}
async function demoAuth() {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@banter-arena.test', password: 'BanterDemo1!' }),
  })
  auth = { authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` }
}
const get = (path: string) => fetch(`${baseUrl}${path}`, { headers: auth })

async function pubLeagueId(): Promise<number> {
  await demoAuth()
  // The seed's first private tournament is The Pub League (after the two special ones).
  for (let id = 3; id < 10; id++) {
    const res = await get(`/api/leagues/${id}/standings`)
    const body = (await res.json()) as Tournament
    if (res.ok && body.total_members === 12) return id
  }
  throw new Error('The Pub League is not seeded')
}

describe('FPL data on the dev stack', () => {
  it('shows the seeded tournaments with data computed from the simulator, and moves on with the gameweek', async () => {
    const id = await pubLeagueId()
    const before = (await (await get(`/api/leagues/${id}/standings`)).json()) as Tournament
    expect(before.standings).toHaveLength(12)
    const winners = (await (await get(`/api/leagues/${id}/monthly-winners`)).json()) as { monthly_winners: unknown[] }
    expect(winners.monthly_winners.length).toBeGreaterThan(0)
    const banter = (await (await get(`/api/leagues/${id}/banter-stats`)).json()) as { comprehensive_banter_stats: Record<string, unknown> | null }
    expect(banter.comprehensive_banter_stats).toHaveProperty('captain_catastrophe')

    await fetch(`${control}/advance`, { method: 'POST' })
    const refreshed = await refreshData(baseUrl)
    expect(refreshed.failed).toBe(0)
    const after = (await (await get(`/api/leagues/${id}/standings`)).json()) as Tournament
    expect(after.gameweek).toBe(before.gameweek + 1)
    expect(after.standings.map((r) => r.total_points)).not.toEqual(before.standings.map((r) => r.total_points))
  })
})
