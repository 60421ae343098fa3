// The account rules (decision 181, R2), the one copy both sides use: the worker refuses
// what breaks them (worker/services/auth/rules.ts), the SPA shows the checklist before sending.

/** Special characters that satisfy the password rule. */
export const SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>'

export const PASSWORD_MIN_LENGTH = 8

/**
 * A password's length, the one way every rule counts it (server rules, the hash guard, the web's
 * checklist): Unicode code points, so an emoji is one character as it is to the person typing.
 * (UTF-16 units counted it as two: zod's limit let 128 emoji through and the hash guard, counting
 * units, refused them with a 500.)
 */
export const passwordLength = (password: string) => [...password].length

export interface PasswordRule {
  id: 'length' | 'uppercase' | 'lowercase' | 'number' | 'special'
  /** Checklist line. */
  label: string
  /** Wording in "Password must contain: …". */
  missing: string
  test: (password: string) => boolean
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  { id: 'length', label: 'At least 8 characters', missing: 'at least 8 characters', test: (p) => passwordLength(p) >= PASSWORD_MIN_LENGTH },
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

/** The rules a password misses, in the order the checklist shows them. */
export const missingPasswordRules = (password: string) => PASSWORD_RULES.filter((rule) => !rule.test(password))

/** "Password must contain: a number, a special character (…)", or null when every rule is met. */
export function passwordMustContain(password: string): string | null {
  const missing = missingPasswordRules(password)
  return missing.length ? `Password must contain: ${missing.map((r) => r.missing).join(', ')}` : null
}

/** Emails are trimmed and lowercased, by the SPA before sending and by the worker before use. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase()

/** Display names: at most 50 characters. */
export const DISPLAY_NAME_MAX = 50
