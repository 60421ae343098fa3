// Client-side validation rules of the accounts spec (§5). The worker checks the same rules
// (worker/services/auth/rules.ts); the client checks first so the user sees the reason at once.

/** Special characters that satisfy the password rule. */
export const SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>'

/** A basic x@y.z pattern: no spaces, one @, a dot in the domain. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const isValidEmail = (email: string) => EMAIL_PATTERN.test(email)

/** Emails are trimmed and lowercased before they are sent. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase()

export interface PasswordRule {
  id: 'length' | 'uppercase' | 'lowercase' | 'number' | 'special'
  /** Checklist line. */
  label: string
  /** Wording in "Password must contain: …". */
  missing: string
  test: (password: string) => boolean
}

export const PASSWORD_MIN_LENGTH = 8

/**
 * A password's length as the server counts it (worker/services/auth/password.ts): Unicode code
 * points, so an emoji is one character, as it looks to the person typing it.
 */
export const passwordLength = (password: string) => [...password].length

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: 'At least 8 characters',
    missing: 'at least 8 characters',
    test: (p) => passwordLength(p) >= PASSWORD_MIN_LENGTH,
  },
  { id: 'uppercase', label: 'One uppercase letter', missing: 'an uppercase letter', test: (p) => /[A-Z]/.test(p) },
  { id: 'lowercase', label: 'One lowercase letter', missing: 'a lowercase letter', test: (p) => /[a-z]/.test(p) },
  { id: 'number', label: 'One number', missing: 'a number', test: (p) => /\d/.test(p) },
  {
    id: 'special',
    label: `One special character (${SPECIAL_CHARACTERS})`,
    missing: `a special character (${SPECIAL_CHARACTERS})`,
    test: (p) => [...p].some((ch) => SPECIAL_CHARACTERS.includes(ch)),
  },
]

export const missingPasswordRules = (password: string) => PASSWORD_RULES.filter((rule) => !rule.test(password))

export const isStrongPassword = (password: string) => missingPasswordRules(password).length === 0

/**
 * The server's common-password check (worker/lib/common-passwords), fetched the first time a
 * password is typed: its list of 10,000 breached passwords is ~30 kB gzip, too much for every page.
 */
export const loadCommonPasswordCheck = () => import('../../../worker/lib/common-passwords')

/** "Password must contain: a number, a special character (…)", or null when every rule is met. */
export function passwordMustContain(password: string): string | null {
  const missing = missingPasswordRules(password)
  return missing.length ? `Password must contain: ${missing.map((r) => r.missing).join(', ')}` : null
}

const MAX_ID = 2_147_483_647

/** A positive whole number typed as digits only (FPL team ids), or null. */
export function parsePositiveId(value: string): number | null {
  const trimmed = value.trim()
  if (!/^\d+$/.test(trimmed)) return null
  const n = Number(trimmed)
  return n > 0 && n <= MAX_ID ? n : null
}

/** Display names: at most 50 characters in the input (the tip says 2-50; the minimum is the server's). */
export const DISPLAY_NAME_MAX = 50
