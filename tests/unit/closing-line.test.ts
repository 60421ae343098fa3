import { describe, expect, it } from 'vitest'
import type { TestModule } from 'vitest/node'
import { closingLine } from '../reporters/closing-line'

// A test file as the reporter sees it: the states of its tests and its own.
const file = (tests: string[], state = tests.includes('failed') ? 'failed' : 'passed') =>
  ({ state: () => state, children: { allTests: () => tests.map((s) => ({ result: () => ({ state: s }) })) } }) as unknown as TestModule

describe('the closing line CI reads', () => {
  it('sums passed and failed tests over every file', () => {
    expect(closingLine([file(['passed', 'passed', 'skipped']), file(['passed', 'failed'])], [], 'failed')).toBe('3 passed, 1 failed')
    expect(closingLine([file(['passed'])], [], 'passed')).toBe('1 passed, 0 failed')
  })

  it('counts a file that failed to load and an error outside any test as failures', () => {
    expect(closingLine([file([], 'failed'), file(['passed'])], [new Error('unhandled rejection')], 'failed')).toBe('1 passed, 2 failed')
  })

  it('never says "0 failed" for a failed run', () => {
    expect(closingLine([file(['passed'])], [], 'failed')).toBe('1 passed, 1 failed')
  })
})
