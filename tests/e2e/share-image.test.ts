import { describe, expect, inject, it } from 'vitest'
import { DEMO_EMAIL, DEMO_PASSWORD } from '../stack/seed.ts'
import { refreshData } from '../stack/stack.ts'

// The share card image on the dev stack: the API worker asks the renderer worker over the real
// OG_RENDERER service binding (both run in one wrangler dev), then serves the PNG from KV.
const baseUrl = inject('baseUrl')
const simulatorUrl = inject('simulatorUrl')

const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
  return { status: res.status, body: (await res.json()) as Record<string, any> }
}

/**
 * Awards can be shared once FPL has checked their gameweek (decision 113); journeys before this one
 * may have stored a gameweek in play: have the simulator check it and refresh.
 */
async function checkedGameweek(leagueId: number, auth: Record<string, string>) {
  const read = async <T>(path: string) => (await (await fetch(`${baseUrl}/api/leagues/${leagueId}/${path}`, { headers: auth })).json()) as T
  if (!(await read<{ provisional: boolean }>('banter-stats')).provisional) return
  const { gameweek } = await read<{ gameweek: number }>('standings')
  await fetch(`${simulatorUrl}/__sim/gameweek`, { method: 'POST', body: JSON.stringify({ gw: gameweek, phase: 'checked' }) })
  expect((await refreshData(baseUrl)).failed).toBe(0)
  expect((await read<{ provisional: boolean }>('banter-stats')).provisional).toBe(false)
}

describe('a shared achievement card', () => {
  it('is drawn by the renderer worker once, then served from the cache', async () => {
    const login = await post('/api/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD })
    expect(login.status).toBe(200)
    const auth = { authorization: `Bearer ${login.body.access_token}` }
    const leagues = (await (await fetch(`${baseUrl}/api/auth/user-leagues`, { headers: auth })).json()) as { leagues: Array<{ id: number }> }
    await checkedGameweek(leagues.leagues[0]!.id, auth)
    const created = await post(
      '/api/banter/share',
      {
        league_id: leagues.leagues[0]!.id,
        stat_type: 'benched_beast',
        stat_data: { title: 'Benched Beast', description: '25 points on the bench', emoji: '🪑' },
      },
      auth,
    )
    expect(created.status).toBe(201)
    const id = created.body.share_id as string

    const page = await (await fetch(`${baseUrl}/share/banter/${id}`)).text()
    expect(page).toContain(`content="${baseUrl}/api/banter/share/${id}/image"`)

    const first = await fetch(`${baseUrl}/api/banter/share/${id}/image`)
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toBe('image/png')
    expect(first.headers.get('cache-control')).toBe('public, no-cache')
    const png = new Uint8Array(await first.arrayBuffer())
    expect([...png.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47])
    // IHDR: width and height, big-endian, at bytes 16-23.
    const view = new DataView(png.buffer)
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630])

    await expect.poll(async () => (await fetch(`${baseUrl}/api/banter/share/${id}/image`)).headers.get('x-cache')).toBe('HIT')
    const again = await fetch(`${baseUrl}/api/banter/share/${id}/image`)
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'))
  })
})
