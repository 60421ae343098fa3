import { describe, expect, it } from 'vitest'
import { formatNumber } from '../../contract/numbers'

// Node carries full ICU, so en-GB's own formatting is the reference the helper must equal.
describe('formatNumber', () => {
  const samples = [
    0,
    7,
    42,
    999,
    1000,
    1234,
    12_345,
    123_456,
    1_234_567,
    98_765_432_109,
    -1,
    -999,
    -1000,
    -1_234_567,
    45.5,
    1234.25,
    0.125,
    1.0005,
    2 / 3,
    1234.5678,
    -0.0004,
    -0,
    11_000_000,
  ]
  it.each(samples)('writes %d as toLocaleString("en-GB") does', (n) => {
    expect(formatNumber(n)).toBe(n.toLocaleString('en-GB'))
  })

  it('groups every run of three digits, including the counts the landing shows', () => {
    expect(formatNumber(1234)).toBe('1,234')
    expect(formatNumber(10_000_000)).toBe('10,000,000')
    expect(formatNumber(100)).toBe('100')
  })
})
