import * as z from 'zod/mini'
import { passwordLength, passwordMustContain } from '../../../contract/account-rules'
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../../lib/common-passwords'
import { showableText } from '../../lib/validation'
import { MAX_PASSWORD_LENGTH } from './password'

// The account rules (decision 181, R2 and R7) as input checks, shared by every endpoint that takes these fields.
// The password rules themselves are contract/account-rules.ts, the same list the SPA's checklist shows.

export const emailField = z.pipe(
  z.string({ error: 'Email is required' }).check(z.trim(), z.toLowerCase(), z.minLength(1, 'Email is required'), z.maxLength(254, 'Invalid email format')),
  z.email({ error: 'Invalid email format' }),
)

// Checked before anything is hashed: a megabyte "password" must cost nothing. Length is counted
// as passwordLength counts it (code points), like the hash guard and the web's checklist. A lone
// surrogate (possible in JSON, not from a keyboard) has no UTF-8 form: it would be hashed as
// U+FFFD, so two different passwords would match each other; it is refused instead.
export const passwordInput = z.string({ error: 'Password is required' }).check(
  z.superRefine((password, ctx) => {
    if (password.length === 0) ctx.addIssue({ code: 'custom', message: 'Password is required' })
    else if (passwordLength(password) > MAX_PASSWORD_LENGTH)
      ctx.addIssue({ code: 'custom', message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters` })
    else if (!password.isWellFormed())
      ctx.addIssue({ code: 'custom', message: 'Password contains a character that cannot be used. Please type it again without it.' })
  }),
)

export const strongPassword = (message?: string) =>
  passwordInput.check(
    z.superRefine((password, ctx) => {
      const missing = passwordMustContain(password)
      if (missing) ctx.addIssue({ code: 'custom', message: message ?? missing })
      // A password that meets every rule can still be the first one an attacker tries.
      else if (isCommonPassword(password)) ctx.addIssue({ code: 'custom', message: COMMON_PASSWORD_MESSAGE })
    }),
  )

export const UNSHOWABLE_NAME = "Name contains characters we can't show (or only invisible ones). Use letters, numbers or emoji."

export const nameField = z
  .string({ error: 'Name is required' })
  .check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(50, 'Name must be at most 50 characters'), showableText(UNSHOWABLE_NAME))

export const fplTeamIdField = z
  .number({ error: 'FPL Team ID must be a positive number' })
  .check(
    z.int('FPL Team ID must be a positive number'),
    z.positive('FPL Team ID must be a positive number'),
    z.maximum(2_147_483_647, 'FPL Team ID must be a positive number'),
  )

// A tournament's invite code as links carry it (services/tournaments.ts newInviteCode).
export const inviteCodeField = z
  .string()
  .check(z.trim(), z.minLength(6, 'Invalid invite link'), z.maxLength(64, 'Invalid invite link'), z.regex(/^[A-Za-z0-9_-]+$/, 'Invalid invite link'))

export const tokenField = z
  .string({ error: 'The link is missing its token' })
  .check(z.minLength(16, 'This link is invalid'), z.maxLength(256, 'This link is invalid'))
