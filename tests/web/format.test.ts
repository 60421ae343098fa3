import { afterEach, describe, expect, it, vi } from 'vitest'

// lib/format is imported by chunks the landing loads (the fee and plural helpers); building its
// date formatter when the module loads paid Intl's first-use cost there (decision 169).
describe('formatShortDate', () => {
  afterEach(() => vi.restoreAllMocks())

  it('builds its Intl formatter on first use, not when the module loads', async () => {
    vi.resetModules()
    const dateFormat = vi.spyOn(Intl, 'DateTimeFormat')
    const { formatShortDate, formatEntryFee } = await import('../../web/src/lib/format')
    expect(formatEntryFee(5)).toBe('£5')
    expect(dateFormat).not.toHaveBeenCalled()
    expect(formatShortDate('2025-08-01T12:00:00Z')).toBe('Aug 1, 2025')
    expect(formatShortDate('2025-12-25T12:00:00Z')).toBe('Dec 25, 2025')
    expect(dateFormat).toHaveBeenCalledTimes(1)
    expect(formatShortDate('not a date')).toBe('')
  })
})
