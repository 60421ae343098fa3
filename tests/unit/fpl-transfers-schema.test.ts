import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { transfersSchema } from '../../worker/fpl/schemas'

// FPL's `entry/{id}/transfers/` as the sheets' fetch reads it: the real captures parse, extra fields and all.

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/fpl')
const fixture = (name: string): unknown => JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8'))

describe('transfersSchema', () => {
  it('parses a 2025-26 capture, newest first', () => {
    const transfers = transfersSchema.parse(fixture('entry-transfers.json'))
    expect(transfers).toHaveLength(5)
    expect(transfers[0]).toMatchObject({ element_in: 673, element_out: 267, event: 38, time: '2026-05-24T13:25:42.487593Z' })
  })

  it("parses a whole 2022-23 season's transfers, and tells a gameweek's apart", () => {
    const transfers = transfersSchema.parse(fixture('entry-transfers-2022-23-full-season.json'))
    expect(transfers).toHaveLength(34)
    expect(transfers.filter((t) => t.event === 32).map((t) => [t.element_in, t.element_out])).toEqual([
      [346, 45],
      [16, 26],
    ])
  })

  it('refuses a row without the players moved', () => {
    expect(transfersSchema.safeParse([{ element_in: 1, event: 3, time: '2026-08-20T10:00:00Z' }]).success).toBe(false)
  })
})
