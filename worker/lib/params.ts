import * as z from 'zod/mini'
import { STANDINGS_MAX_PAGE } from '../../contract/tournaments'

// Shared input shapes: ids in paths and paging in queries.
// Numbers arrive as text (paths, queries) or as JSON numbers. Only plain decimal text is read
// as one: Number() would also take true or [3] in a JSON body for an id, and "0x10", "1e3" or
// " 1" for other spellings of one.
const DECIMAL = /^-?\d+(\.\d+)?$/
const decimal = (schema: z.ZodMiniNumber<number>) =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' && DECIMAL.test(value) ? Number(value) : value)),
    schema,
  )

// The maximum first: a huge number is reported against the id range, not JavaScript's.
export const positiveId = decimal(z.number().check(z.maximum(2_147_483_647), z.positive(), z.int()))
export const idParam = z.object({ id: positiveId })

/** A shared achievement's id: 32 hex digits. Any other text names no share. */
export const shareIdParam = z.object({ shareId: z.string().check(z.regex(/^[a-f0-9]{32}$/, 'Shared achievement not found')) })

export const pageQuery = z.object({
  page: z._default(decimal(z.number().check(z.maximum(STANDINGS_MAX_PAGE), z.minimum(1), z.int())), 1),
  limit: z._default(decimal(z.number().check(z.maximum(100), z.minimum(1), z.int())), 50),
})
