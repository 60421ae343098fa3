// The share-image renderer (worker/og) is reachable only over Workers RPC. To time or weigh it
// alone, `wrangler dev` runs it beside this driver: a worker that turns POST / with a JSON card
// into env.OG_RENDERER.render(card), the call the API makes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const DRIVER = `export default {
  async fetch(request, env) {
    const png = await env.OG_RENDERER.render(await request.json())
    return new Response(png, { headers: { 'content-type': 'image/png' } })
  },
}
`

/** `wrangler dev` arguments for the driver and the renderer, the driver answering on `port`, and a cleanup. */
export function rendererDev(port: number): { args: string[]; url: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'banter-og-driver-'))
  writeFileSync(path.join(dir, 'index.js'), DRIVER)
  writeFileSync(
    path.join(dir, 'wrangler.toml'),
    'name = "bench-og-driver"\nmain = "index.js"\ncompatibility_date = "2026-07-01"\nsend_metrics = false\n\n[[services]]\nbinding = "OG_RENDERER"\nservice = "banter-arena-og"\n',
  )
  return {
    args: [
      'dev',
      '-c',
      path.join(dir, 'wrangler.toml'),
      '-c',
      'worker/og/wrangler.toml',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--show-interactive-dev-session=false',
    ],
    url: `http://127.0.0.1:${port}/`,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  }
}
