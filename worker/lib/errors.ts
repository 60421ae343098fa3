import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { $ZodError } from 'zod/v4/core'

// The one error envelope of the API: `{ "detail": "<a sentence a person can read>" }`, with an
// optional machine `code`. Never a stack trace, SQL or a token.
export class ApiError extends Error {
  readonly status: ContentfulStatusCode
  readonly code: string | undefined
  readonly headers: Record<string, string> | undefined

  constructor(
    status: ContentfulStatusCode,
    detail: string,
    options: { code?: string; headers?: Record<string, string> } = {},
  ) {
    super(detail)
    this.status = status
    this.code = options.code
    this.headers = options.headers
  }
}

export const errorBody = (detail: string, code?: string) => (code ? { detail, code } : { detail })

export function handleError(err: Error, c: Context) {
  if (err instanceof ApiError) {
    return c.json(errorBody(err.message, err.code), err.status, err.headers)
  }
  // Inputs parsed by hand (form bodies) fail the same way as validated ones.
  if (err instanceof $ZodError) {
    return c.json(errorBody(err.issues[0]?.message ?? 'The request is not valid.', 'validation_error'), 400)
  }
  if (err instanceof HTTPException) {
    // Hono raises these for malformed bodies and similar client mistakes.
    const status = err.status as ContentfulStatusCode
    const detail = status >= 500 ? 'Something went wrong on our side. Please try again.' : readableHttpMessage(err)
    return c.json(errorBody(detail), status)
  }
  console.error('Unhandled error', c.req.method, c.req.path, err)
  return c.json(errorBody('Something went wrong on our side. Please try again.', 'internal_error'), 500)
}

function readableHttpMessage(err: HTTPException): string {
  if (/malformed json/i.test(err.message)) return 'The request body is not valid JSON.'
  return err.message || 'The request could not be processed.'
}

export const notFound = (c: Context) => c.json(errorBody('Not found.', 'not_found'), 404)
