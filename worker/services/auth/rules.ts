import * as z from 'zod/mini'
import { MAX_PASSWORD_LENGTH } from './password'

// The account rules of the spec, shared by every endpoint that takes these fields.

export const SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>'

const requirements: Array<[string, (password: string) => boolean]> = [
  ['at least 8 characters', (p) => p.length >= 8],
  ['an uppercase letter', (p) => /[A-Z]/.test(p)],
  ['a lowercase letter', (p) => /[a-z]/.test(p)],
  ['a number', (p) => /\d/.test(p)],
  [`a special character (${SPECIAL_CHARACTERS})`, (p) => [...p].some((ch) => SPECIAL_CHARACTERS.includes(ch))],
]

/** The rules a password misses, in the order the checklist shows them. */
export const missingRequirements = (password: string) => requirements.filter(([, ok]) => !ok(password)).map(([label]) => label)

export const normalizeEmail = (email: string) => email.trim().toLowerCase()

export const emailField = z.pipe(
  z.string({ error: 'Email is required' }).check(z.trim(), z.toLowerCase(), z.minLength(1, 'Email is required'), z.maxLength(254, 'Invalid email format')),
  z.email({ error: 'Invalid email format' }),
)

// Checked before anything is hashed: a megabyte "password" must cost nothing.
export const passwordInput = z
  .string({ error: 'Password is required' })
  .check(z.minLength(1, 'Password is required'), z.maxLength(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`))

export const strongPassword = (message?: string) =>
  passwordInput.check(
    z.superRefine((password, ctx) => {
      const missing = missingRequirements(password)
      if (missing.length > 0) ctx.addIssue({ code: 'custom', message: message ?? `Password must contain: ${missing.join(', ')}` })
    }),
  )

export const nameField = z
  .string({ error: 'Name is required' })
  .check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(50, 'Name must be at most 50 characters'))

export const fplTeamIdField = z
  .number({ error: 'FPL Team ID must be a positive number' })
  .check(
    z.int('FPL Team ID must be a positive number'),
    z.positive('FPL Team ID must be a positive number'),
    z.maximum(2_147_483_647, 'FPL Team ID must be a positive number'),
  )

export const tokenField = z
  .string({ error: 'The link is missing its token' })
  .check(z.minLength(16, 'This link is invalid'), z.maxLength(256, 'This link is invalid'))
