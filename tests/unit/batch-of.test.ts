import type { BatchItem } from 'drizzle-orm/batch'
import { describe, expect, it } from 'vitest'
import { type BatchRead, batchOf, constant, mapRead } from '../../worker/db/batch'

// A stand-in statement: batchOf only counts and orders statements, it never runs them.
const statement = (name: string) => name as unknown as BatchItem<'sqlite'>

/** A read of the named statements whose value is the results it was handed. */
const reads = (...names: string[]): BatchRead<unknown[]> => ({ statements: names.map(statement), parse: (results) => results })

describe('batchOf', () => {
  it("runs the reads' statements in the record's key order and hands each read its own results", () => {
    const read = batchOf({ a: reads('a1'), b: reads('b1', 'b2'), c: constant('none'), d: reads('d1') })
    expect(read.statements).toEqual(['a1', 'b1', 'b2', 'd1'])
    expect(read.parse(['A1', 'B1', 'B2', 'D1'])).toEqual({ a: ['A1'], b: ['B1', 'B2'], c: 'none', d: ['D1'] })
  })

  it('nests: a record inside a record reads its slice of the results', () => {
    const inner = mapRead(batchOf({ x: reads('x'), y: reads('y') }), ({ x, y }) => `${x[0]}+${y[0]}`)
    const read = batchOf({ first: reads('f'), inner, last: reads('l') })
    expect(read.statements).toEqual(['f', 'x', 'y', 'l'])
    expect(read.parse(['F', 'X', 'Y', 'L'])).toEqual({ first: ['F'], inner: 'X+Y', last: ['L'] })
  })

  it('an empty record needs no statement', () => {
    const read = batchOf({})
    expect(read.statements).toEqual([])
    expect(read.parse([])).toEqual({})
  })

  it('types each key by its read', () => {
    const read = batchOf({ n: constant(1), s: constant('s') })
    const { n, s }: { n: number; s: string } = read.parse([])
    expect([n, s]).toEqual([1, 's'])
  })
})
