// A vitest reporter: gathers the tests tagged with attack() (tests/security/attack.ts) into
// tests/.artifacts/security/<project>.json, and writes tests/.artifacts/security-summary.md from
// every project's file, the table the README's Security section shows.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Reporter, TestModule } from 'vitest/node'
import { CATEGORIES, type SecurityRecord } from './attack.ts'

interface Row {
  test: string
  state: string
  record: SecurityRecord
}

const ROOT = path.resolve(import.meta.dirname, '../..')
const DIR = path.join(ROOT, 'tests/.artifacts/security')

export default class SecuritySummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const rows: Row[] = []
    let project = 'tests'
    for (const module of modules) {
      project = module.project.name || project
      for (const test of module.children.allTests()) {
        const record = test.meta().security
        if (record) rows.push({ test: `${path.relative(ROOT, module.moduleId)} > ${test.fullName}`, state: test.result().state, record })
      }
    }
    if (rows.length === 0) return
    mkdirSync(DIR, { recursive: true })
    writeFileSync(path.join(DIR, `${project}.json`), JSON.stringify(rows, null, 2))
    writeFileSync(path.join(ROOT, 'tests/.artifacts/security-summary.md'), summaryMarkdown(readAll()))
  }
}

function readAll(): Row[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => JSON.parse(readFileSync(path.join(DIR, f), 'utf8')) as Row[])
}

export function summaryMarkdown(rows: Row[]): string {
  const lines = ['| category | cases | passed | hostile inputs | faults injected | concurrent requests | rows lost |', '|---|---|---|---|---|---|---|']
  const total = { cases: 0, passed: 0, inputs: 0, faults: 0, concurrent: 0, rowsLost: 0 }
  for (const category of CATEGORIES) {
    const mine = rows.filter((r) => r.record.category === category)
    if (mine.length === 0) continue
    const sum = (key: 'inputs' | 'faults' | 'rowsLost') => mine.reduce((n, r) => n + (r.record[key] ?? 0), 0)
    const concurrent = Math.max(0, ...mine.map((r) => r.record.concurrent ?? 0))
    const passed = mine.filter((r) => r.state === 'passed').length
    lines.push(`| ${category} | ${mine.length} | ${passed} | ${sum('inputs')} | ${sum('faults')} | ${concurrent} | ${sum('rowsLost')} |`)
    total.cases += mine.length
    total.passed += passed
    total.inputs += sum('inputs')
    total.faults += sum('faults')
    total.concurrent = Math.max(total.concurrent, concurrent)
    total.rowsLost += sum('rowsLost')
  }
  lines.push(`| **all** | ${total.cases} | ${total.passed} | ${total.inputs} | ${total.faults} | ${total.concurrent} | ${total.rowsLost} |`)
  return `${lines.join('\n')}\n`
}
