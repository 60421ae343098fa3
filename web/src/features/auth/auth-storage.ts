import { readStorage, removeStorage, writeStorage } from '../../lib/storage'
import type { User } from './types'

/** Storage keys fixed by the product's rules (decision 181, R1). */
export const AUTH_TOKEN_KEY = 'authToken'
export const USER_DATA_KEY = 'userData'

export interface StoredSession {
  token: string | null
  user: User | null
}

/**
 * Reads the stored session. Unparsable (or non-object) `userData` counts as a broken session:
 * both keys are cleared, i.e. the user is logged out (decision 181, R1). A token without user
 * data is returned as is: not authenticated.
 */
export function readStoredSession(): StoredSession {
  const token = readStorage(AUTH_TOKEN_KEY) || null
  const raw = readStorage(USER_DATA_KEY)
  if (raw === null) return { token, user: null }
  try {
    const parsed: unknown = JSON.parse(raw)
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return { token, user: parsed as User }
    }
  } catch {
    // fall through: broken data
  }
  clearStoredSession()
  return { token: null, user: null }
}

export function writeStoredSession(token: string, user: User): void {
  writeStorage(AUTH_TOKEN_KEY, token)
  writeStorage(USER_DATA_KEY, JSON.stringify(user))
}

export function writeStoredUser(user: User): void {
  writeStorage(USER_DATA_KEY, JSON.stringify(user))
}

export function clearStoredSession(): void {
  removeStorage(AUTH_TOKEN_KEY)
  removeStorage(USER_DATA_KEY)
}
