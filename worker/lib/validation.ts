import { type Hook, zValidator } from '@hono/zod-validator'
import type { Context, Next, ValidationTargets } from 'hono'
import * as z from 'zod/mini'
import type { AppEnv } from '../env'
import { ApiError } from './errors'

// Every request input goes through `validate(...)`. Failures answer 400 with one readable
// sentence in `detail` (the client shows it as is), never zod's issue array.

const ACRONYMS: Record<string, string> = { fpl: 'FPL', id: 'ID', url: 'URL', gw: 'GW' }

/** "fpl_team_id" -> "FPL team ID"; the label a person sees for a field. */
function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const key = path?.filter((p) => typeof p === 'string').at(-1)
  if (typeof key !== 'string' || key === '') return 'The request'
  const words = key.split(/_|(?=[A-Z])/).map((w) => ACRONYMS[w.toLowerCase()] ?? w.toLowerCase())
  const [first = '', ...rest] = words
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(' ')
}

type Issue = Parameters<z.core.$ZodErrorMap>[0]

function readableIssue(issue: Issue): string {
  const field = fieldLabel(issue.path)
  switch (issue.code) {
    case 'invalid_type':
      // A JSON body of the wrong kind altogether (null, a string, an array for an object).
      if (!issue.path?.length) return `The request body must be ${typeWords(String(issue.expected))}`
      return issue.input === undefined || issue.input === null ? `${field} is required` : `${field} must be ${typeWords(String(issue.expected))}`
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? `${field} is required` : `${field} must be at least ${issue.minimum} characters`
      }
      if (isNumeric(issue.origin)) return `${field} must be ${issue.inclusive ? 'at least' : 'greater than'} ${issue.minimum}`
      return `${field} must have at least ${issue.minimum} items`
    case 'too_big':
      if (issue.origin === 'string') return `${field} must be at most ${issue.maximum} characters`
      if (isNumeric(issue.origin)) return `${field} must be at most ${issue.maximum}`
      return `${field} must have at most ${issue.maximum} items`
    case 'invalid_format':
      return issue.format === 'email' ? 'Invalid email format' : `${field} has an invalid format`
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`
    case 'invalid_value':
      return `${field} must be one of: ${issue.values.map(String).join(', ')}`
    default:
      return `${field} is not valid`
  }
}

const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`)
// zod's names for some types ("int", "record") are not words a person reads.
const TYPE_WORDS: Record<string, string> = { int: 'a whole number', record: 'an object', null: 'null' }
const typeWords = (type: string) => TYPE_WORDS[type] ?? article(type)
// z.int() reports its safe-integer range with origin "int".
const isNumeric = (origin: string) => origin === 'number' || origin === 'int'

z.config({ customError: readableIssue })

// Text a person writes for others to read must show as something. Refused: control characters
// (NUL and the like; tab and line breaks only where the text may have lines), lone surrogates
// (half an emoji, which no font can draw) and text made only of invisible characters: spaces,
// zero-width and bidi marks, the BOM, joiners, variation selectors, combining marks, fillers.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\p{Cs}/u
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F]|\p{Cs}/u
const INVISIBLE_ONLY = /^[\s\p{Cf}\p{M}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0\u2800]*$/u

const isShowableText = (text: string, multiline: boolean) => !(multiline ? CONTROL : CONTROL_SINGLE_LINE).test(text) && !INVISIBLE_ONLY.test(text)

/** The check for free text (posts, names): `message` says what to do instead. */
export const showableText = (message: string, { multiline = false } = {}) => z.refine<string>((text) => isShowableText(text, multiline), message)

export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodMiniType>(target: Target, schema: Schema) {
  return zValidator(target, schema, rejectInvalid)
}

/**
 * validate(...) for an input whose failure is no bad request to its caller: a share id of the
 * wrong form names no share, so its image and its page answer `whenInvalid` (their "not found"),
 * as they do for an id that names none.
 */
export function validateOr<Target extends keyof ValidationTargets, Schema extends z.ZodMiniType>(
  target: Target,
  schema: Schema,
  whenInvalid: (c: Context<AppEnv>) => Response | Promise<Response>,
) {
  const hook: Hook<z.infer<Schema>, AppEnv, string, Target> = (result, c) => (result.success ? undefined : whenInvalid(c))
  return zValidator<Schema, Target, AppEnv, string, typeof hook>(target, schema, hook)
}

function rejectInvalid(result: { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } }) {
  if (!result.success) throw new ApiError(400, result.error.issues[0]?.message ?? 'The request is not valid.', { code: 'validation_error' })
}

/**
 * validate('form', schema) for a call that may send its fields as query parameters instead (the
 * client's create call sends a query string with a form-encoded body, decision 181 R7): a query
 * parameter wins over the same field in the body, and a form field that is not text (a file)
 * counts as absent.
 */
export function validateQueryOrForm<Schema extends z.ZodMiniType>(schema: Schema) {
  const middleware = (c: Context, next: Next) =>
    zValidator('form', schema, rejectInvalid, {
      // zod/mini's result has the shape of the classic one zod-validator names, not its type.
      validationFunction: (s, form) =>
        s.safeParseAsync({ ...Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === 'string')), ...c.req.query() }) as never,
    })(c, next)
  return middleware as unknown as ReturnType<typeof validate<'form', Schema>>
}
