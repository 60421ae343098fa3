// The page renderer (worker/pages) in a workerd of its own, called over its RPC binding by a
// harness worker (page-render-harness/): CPU per drawn tournament page, against a 404 of the
// harness in the same process (the runtime's own share of a request). The API worker keeps each
// drawn page for 30 s, so this is the cost of a miss.
import type { PageRenderInput } from '../../contract/page-render.ts'
import { cpuMs, spawnWranglerDev } from './proc.ts'
import { add, fmt, ratio } from './table.ts'

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** The render input the API worker would send for this tournament page of the running stack, as JSON. */
export async function renderRequestFor(base: string, path: string): Promise<string> {
  const html = await (await fetch(`${base}${path}`)).text()
  const answers = /<script type="application\/json" id="page-answers">([^<]*)<\/script>/.exec(html)?.[1]
  if (!answers) throw new Error(`${path} carries no page answers`)
  return JSON.stringify({ path, leagueId: path.split('/')[2]!, answers: JSON.parse(answers) as PageRenderInput['answers'] } satisfies PageRenderInput)
}

export async function pageRenderCpu(port: number, body: string, n = 200) {
  const dev = spawnWranglerDev([
    'dev',
    '-c',
    'tests/bench/page-render-harness/wrangler.toml',
    '-c',
    'worker/pages/wrangler.toml',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--show-interactive-dev-session=false',
  ])
  const render = `http://127.0.0.1:${port}/render`
  const missing = `http://127.0.0.1:${port}/nothing`
  try {
    await dev.ready(render, body)
    const pids = dev.workerd()
    const perRequest = async (url: string) => {
      const before = cpuMs(pids)
      for (let i = 0; i < n; i += 1) await (await fetch(url, { method: 'POST', body })).text()
      return (cpuMs(pids) - before) / n
    }
    for (let i = 0; i < 30; i += 1) await (await fetch(render, { method: 'POST', body })).text() // warm-up
    const draws: number[] = []
    const baseline: number[] = []
    for (let round = 0; round < 3; round += 1) {
      baseline.push(await perRequest(missing))
      draws.push(await perRequest(render))
    }
    const b = median(baseline)
    const d = median(draws)
    add(
      `Page renderer: CPU ms per drawn tournament page (renderer alone, median of 3 × ${n})`,
      `${fmt(d, 2)} (${fmt(d - b, 2)} over a 404)`,
      `${fmt(b, 2)} ms per 404 of the same worker`,
      ratio(d, b),
      '≤ 10 ms (Free plan limit)',
    )
  } finally {
    await dev.stop()
  }
}
