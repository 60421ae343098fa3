// Regenerates tests/fixtures/argon2-node-rs.json: PHC strings made by @node-rs/argon2 (the
// Node reference), which tests/worker/password.test.ts verifies inside workerd.
//   npx node tests/unit/argon2-fixtures.ts   (Node 24 from devDependencies: runs .ts directly)
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { hash } from '@node-rs/argon2'

// algorithm 2 is Algorithm.Argon2id (an ambient const enum, which isolatedModules cannot read).
const OWASP = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 }

const cases = [
  { password: 'correct horse battery staple', options: OWASP },
  { password: 'pässwörd Ünïcødé 🔐 密码', options: OWASP },
  { password: 'x'.repeat(128), options: OWASP },
  // Other parameters: verification must read them from the string, not assume ours.
  { password: 'four lanes', options: { ...OWASP, parallelism: 4, timeCost: 3 } },
]

const out = {
  generatedBy: 'npx node tests/unit/argon2-fixtures.ts (@node-rs/argon2 2.2.1)',
  hashes: await Promise.all(cases.map(async ({ password, options }) => ({ password, phc: await hash(password, options) }))),
}
const file = path.resolve(import.meta.dirname, '../fixtures/argon2-node-rs.json')
writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`)
console.info(`wrote ${out.hashes.length} hashes to ${file}`)
