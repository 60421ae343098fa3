// The pages of docs/ that a script keeps up to date (the benchmark table, the security table):
// the script's output replaces what lies between `<!-- name:start -->` and `<!-- name:end -->`,
// and the prose around it stays as written.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../..')

/** Replaces the `name` block of `page` (a path from the repository root) with `body`. */
export function writeDocSection(page: string, name: string, body: string, root = ROOT) {
  const file = path.join(root, page)
  const text = readFileSync(file, 'utf8')
  const start = `<!-- ${name}:start -->`
  const end = `<!-- ${name}:end -->`
  const from = text.indexOf(start)
  const to = text.indexOf(end)
  if (from < 0 || to < from) throw new Error(`${page} has no ${start} ... ${end} block`)
  writeFileSync(file, `${text.slice(0, from + start.length)}\n${body.trim()}\n${text.slice(to)}`)
}
