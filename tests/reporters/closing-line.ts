// A vitest reporter: ends the run with one plain line, "N passed, N failed", over every project,
// and keeps it in tests/.artifacts/test-counts.txt, where CI (.ci/run) reads it. A file that fails
// to load or an error outside any test counts as one failure, so a red run never says "0 failed".
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Reporter, SerializedError, TestModule, TestRunEndReason } from 'vitest/node'

const COUNTS_FILE = path.resolve(import.meta.dirname, '../.artifacts/test-counts.txt')

export default class ClosingLineReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<SerializedError>, reason: TestRunEndReason) {
    const line = closingLine(modules, errors, reason)
    mkdirSync(path.dirname(COUNTS_FILE), { recursive: true })
    writeFileSync(COUNTS_FILE, `${line}\n`)
    console.log(`\n${line}`)
  }
}

export function closingLine(modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<unknown>, reason: TestRunEndReason): string {
  let passed = 0
  let failed = errors.length
  for (const module of modules) {
    const states = [...module.children.allTests()].map((test) => test.result().state)
    passed += states.filter((state) => state === 'passed').length
    const failedTests = states.filter((state) => state === 'failed').length
    failed += failedTests || (module.state() === 'failed' ? 1 : 0)
  }
  if (reason === 'failed' && failed === 0) failed = 1
  return `${passed} passed, ${failed} failed`
}
