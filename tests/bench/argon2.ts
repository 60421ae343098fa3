// argon2id (m=19456, t=2, p=1) in workerd (the worker's wasm) against @node-rs/argon2 natively:
// the password worker fixture of tests/unit/argon2-cross-check.test.ts.

import path from 'node:path'
import { hash } from '@node-rs/argon2'
import { unstable_startWorker } from 'wrangler'
import { ROOT } from '../stack/commands.ts'
import { add, fmt, ratio } from './table.ts'

const OWASP = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 }

export async function argon2Bench(n = 10) {
  const worker = await unstable_startWorker({
    config: path.join(ROOT, 'tests/unit/fixtures/password-worker.wrangler.jsonc'),
    dev: { server: { port: 0 }, inspector: false, watch: false, logLevel: 'warn' },
  })
  try {
    await worker.ready
    const res = await worker.fetch(`http://worker/bench?n=${n}`)
    const { meanMs: workerMs } = (await res.json()) as { meanMs: number }
    await hash('warm-up', OWASP as any)
    const start = performance.now()
    for (let i = 0; i < n; i++) await hash(`benchmark password ${i}`, OWASP as any)
    const nativeMs = (performance.now() - start) / n
    add(
      `argon2id hash in workerd (wasm), mean of ${n} (ms)`,
      fmt(workerMs, 1),
      `${fmt(nativeMs, 1)} ms @node-rs/argon2 native`,
      ratio(workerMs, nativeMs),
      '≤ 3× native',
    )
  } finally {
    await worker.dispose()
  }
}
