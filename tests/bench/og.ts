// B5: share image through the real stack (API worker + renderer behind its service binding).
// Uncached: a new share (new text) per image; cached: the same image again. Medians after
// warm-ups, and the stack's workerd peak memory.
import { json } from './http.ts'
import { memoryMb, workerdPids, wranglerGroup } from './proc.ts'
import { add, fmt, ratio } from './table.ts'

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

export async function shareImage(base: string, port: number, token: string, count = 12) {
  const auth = { authorization: `Bearer ${token}` }
  const leagues = (await json<{ leagues: Array<{ id: number }> }>(`${base}/api/auth/user-leagues`, { headers: auth })).body
  const leagueId = leagues.leagues?.[0]?.id
  if (!leagueId) throw new Error('the demo user has no league')
  const share = async (title: string) => {
    const res = await json(`${base}/api/banter/share`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        league_id: leagueId,
        stat_type: 'benched_beast',
        stat_data: { title, description: '25 points left on the bench 🔥', emoji: '🪑' },
      }),
    })
    if (res.status !== 201) throw new Error(`share: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`)
    return res.body.share_id as string
  }
  const image = async (id: string, expect: 'HIT' | 'MISS') => {
    const t = performance.now()
    const res = await fetch(`${base}/api/banter/share/${id}/image`)
    const png = await res.arrayBuffer()
    const ms = performance.now() - t
    if (res.status !== 200 || res.headers.get('x-cache') !== expect)
      throw new Error(`image: ${res.status} x-cache ${res.headers.get('x-cache')} (expected ${expect})`)
    return { ms, bytes: png.byteLength }
  }
  const workerd = workerdPids(wranglerGroup(port))
  const mem0 = memoryMb(workerd)
  const first = await share('Benched Beast #first')
  await image(first, 'MISS')
  const uncached: number[] = []
  let bytes = 0
  for (let i = 0; i < count + 3; i += 1) {
    const r = await image(await share(`Benched Beast #${i}`), 'MISS')
    if (i >= 3) uncached.push(r.ms)
    bytes = r.bytes
    await new Promise((resolve) => setTimeout(resolve, 50)) // let the cache write land
  }
  const cached: number[] = []
  for (let i = 0; i < count * 2 + 3; i += 1) {
    const r = await image(first, 'HIT')
    if (i >= 3) cached.push(r.ms)
  }
  const health: number[] = []
  for (let i = 0; i < 23; i += 1) {
    const t = performance.now()
    await (await fetch(`${base}/api/health`)).arrayBuffer()
    if (i >= 3) health.push(performance.now() - t)
  }
  const mem1 = memoryMb(workerd)
  const h = median(health)
  add(
    `Share image uncached p50 (ms, n=${uncached.length}, wall)`,
    fmt(median(uncached), 0),
    `${fmt(h, 1)} ms /api/health`,
    ratio(median(uncached), h, 0),
    '≤ 100 ms',
  )
  add(
    `Share image cached p50 (ms, n=${cached.length}, wall)`,
    fmt(median(cached), 1),
    `${fmt(median(uncached), 0)} ms uncached`,
    ratio(median(cached), median(uncached), 3),
    '≤ 15 ms',
  )
  add('Share image PNG size', `${fmt(bytes / 1000)} kB`, '50 kB target', ratio(bytes, 50_000), '≤ 50 kB')
  add(
    'Stack workerd peak RSS (MB, both workers + local D1/KV)',
    String(mem1.peak),
    `${mem0.now} MB before renders; 128 MB isolate limit`,
    ratio(mem1.peak, 128),
    '≤ 96 MB per isolate (whole process here)',
  )
}
