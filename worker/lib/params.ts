import * as z from 'zod/mini'

// Shared input shapes: ids in paths and paging in queries.
export const positiveId = z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647))
export const idParam = z.object({ id: positiveId })

export const pageQuery = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 50),
})
