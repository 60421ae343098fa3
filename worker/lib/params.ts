import * as z from 'zod'

// Shared input shapes: ids in paths and paging in queries.
export const positiveId = z.coerce.number().int().positive().max(2_147_483_647)
export const idParam = z.object({ id: positiveId })

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
})
