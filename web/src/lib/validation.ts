// Client-side checks of what a form sends. The account rules themselves are shared with the
// worker (contract/account-rules.ts); the client checks first so the user sees the reason at once.

import { missingPasswordRules } from '../../../contract/account-rules'

/** A basic x@y.z pattern: no spaces, one @, a dot in the domain. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const isValidEmail = (email: string) => EMAIL_PATTERN.test(email)

export const isStrongPassword = (password: string) => missingPasswordRules(password).length === 0

/**
 * The server's common-password check (worker/lib/common-passwords), fetched the first time a
 * password is typed: its list of 10,000 breached passwords is ~30 kB gzip, too much for every page.
 */
export const loadCommonPasswordCheck = () => import('../../../worker/lib/common-passwords')

const MAX_ID = 2_147_483_647

/** A positive whole number typed as digits only (FPL team ids), or null. */
export function parsePositiveId(value: string): number | null {
  const trimmed = value.trim()
  if (!/^\d+$/.test(trimmed)) return null
  const n = Number(trimmed)
  return n > 0 && n <= MAX_ID ? n : null
}
