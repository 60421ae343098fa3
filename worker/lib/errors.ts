import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { AppEnv } from '../env'
import { log } from './log'

// The one error envelope of the API: `{ "detail": "<a sentence a person can read>" }`, with an
// optional machine `code` and the `request_id` a user can quote to us (the X-Request-Id header's
// value, on every line the worker logged for that request). Never a stack trace, SQL or a token. Every failure is thrown (an
// ApiError, or Hono's HTTPException) and answered by handleError; validation throws too.
export class ApiError extends Error {
  readonly status: ContentfulStatusCode
  readonly code: string | undefined
  readonly headers: Record<string, string> | undefined

  constructor(status: ContentfulStatusCode, detail: string, options: { code?: string; headers?: Record<string, string> } = {}) {
    super(detail)
    this.status = status
    this.code = options.code
    this.headers = options.headers
  }
}

export const errorBody = (detail: string, code?: string) => (code ? { detail, code } : { detail })

/**
 * For the one route whose client reads its error text from `message` (deleting a wall post,
 * decision 052): the same envelope, with the sentence in `message` too.
 */
export const errorTextAsMessage = createMiddleware<AppEnv>(async (c, next) => {
  c.set('errorTextAsMessage', true)
  await next()
})

function errorAnswer(c: Context<AppEnv>, status: ContentfulStatusCode, detail: string, code?: string, headers?: Record<string, string>) {
  const body = { ...errorBody(detail, code), request_id: c.var.requestId }
  return c.json(c.var.errorTextAsMessage ? { ...body, message: detail } : body, status, headers)
}

export function handleError(err: Error, c: Context<AppEnv>) {
  if (err instanceof ApiError) return errorAnswer(c, err.status, err.message, err.code, err.headers)
  if (err instanceof HTTPException) {
    // Hono raises these for malformed bodies and similar client mistakes.
    const status = err.status as ContentfulStatusCode
    return errorAnswer(c, status, status >= 500 ? 'Something went wrong on our side. Please try again.' : readableHttpMessage(err))
  }
  log.error('Unhandled error', { error: err })
  return errorAnswer(c, 500, 'Something went wrong on our side. Please try again.', 'internal_error')
}

function readableHttpMessage(err: HTTPException): string {
  if (/malformed json/i.test(err.message)) return 'The request body is not valid JSON.'
  return err.message || 'The request could not be processed.'
}

export const notFound = (c: Context<AppEnv>) => errorAnswer(c, 404, 'Not found.', 'not_found')
