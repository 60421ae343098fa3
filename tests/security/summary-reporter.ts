// A vitest reporter: gathers the tests tagged with attack() (tests/security/attack.ts) into
// tests/.artifacts/security/<project>.json, then writes the table of every project's file (and
// the latest `npm run load`, tests/load/run.ts) to tests/.artifacts/security-summary.md. Only a
// project's whole run counts: a run of some of its files, or of the tests matching -t, changes
// nothing, so the table never shows a partial suite. `npm test` writes nothing that git tracks
// (decision 172): the table goes into docs/security.md only through `npm run security:report` and
// `npm run load`, which are run to publish it.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Reporter, TestModule, TestProject, TestRunEndReason } from 'vitest/node'
import { writeDocSection } from '../reporters/doc-section.ts'
import { CATEGORIES, type SecurityRecord } from './attack.ts'

interface Row {
  test: string
  state: string
  record: SecurityRecord
}

const ROOT = path.resolve(import.meta.dirname, '../..')
const DIR = path.join(ROOT, 'tests/.artifacts/security')

export default class SecuritySummaryReporter implements Reporter {
  async onTestRunEnd(modules: ReadonlyArray<TestModule>, _errors: unknown, reason: TestRunEndReason) {
    if (reason === 'interrupted') return
    const byProject = Map.groupBy(modules, (module) => module.project)
    let written = false
    for (const [project, mine] of byProject) {
      const rows: Row[] = []
      for (const module of mine) {
        for (const test of module.children.allTests()) {
          const record = test.meta().security
          if (record) rows.push({ test: `${path.relative(ROOT, module.moduleId)} > ${test.fullName}`, state: test.result().state, record })
        }
      }
      if (rows.length === 0 || !(await ranWhole(project, mine))) continue
      mkdirSync(DIR, { recursive: true })
      writeFileSync(path.join(DIR, `${project.name || 'tests'}.json`), JSON.stringify(rows, null, 2))
      written = true
    }
    if (written) writeSecuritySummary()
  }
}

/** Whether the run covered every test file of the project, with no name filter or shard. */
async function ranWhole(project: TestProject, modules: TestModule[]) {
  const { testNamePattern, shard } = project.config
  if (testNamePattern || project.globalConfig.testNamePattern || shard) return false
  const ran = new Set(modules.map((module) => module.moduleId))
  const { testFiles } = await project.globTestFiles()
  return testFiles.every((file) => ran.has(file))
}

/** Writes the table from every project's rows and the latest load run to tests/.artifacts/; returns it with the runs it counts. */
function writeSecuritySummary(): string {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.json'))
  const rows = files.flatMap((f) => JSON.parse(readFileSync(path.join(DIR, f), 'utf8')) as Row[])
  const day = (f: string) => statSync(path.join(DIR, f)).mtime.toISOString().slice(0, 10)
  const when = files.map((f) => `${path.basename(f, '.json')} ${day(f)}`).join(', ')
  const table = summaryMarkdown(rows)
  const summary = `${table}\nRuns counted: ${when}.`
  writeFileSync(path.join(ROOT, 'tests/.artifacts/security-summary.md'), summary)
  return summary
}

/** Writes the table into docs/security.md as well: for the commands run to publish it. */
export function publishSecuritySummary() {
  writeDocSection('docs/security.md', 'security', writeSecuritySummary())
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
