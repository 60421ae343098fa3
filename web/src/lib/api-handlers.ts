// Who the user is and what happens on a 401, for lib/api.ts: the React providers register them
// (app/ApiBridge.tsx). A module of their own, so the app's first screen registers them without
// loading the API client, which loads with the first call (decision 168).

import type { ApiError } from './api-errors'

export interface ApiHandlers {
  /** The token of the signed-in user, or null when signed out. */
  getToken: () => string | null
  /** Called when a call that carried a token answers 401 (the session is no longer valid). */
  onUnauthorized: (info: { path: string; error: ApiError }) => void
}

let handlers: ApiHandlers | null = null

/** The handlers installed now, if any. */
export const apiHandlers = () => handlers

/** Installs the handlers; the returned function removes them again (if still installed). */
export function registerApiHandlers(next: ApiHandlers): () => void {
  handlers = next
  return () => {
    if (handlers === next) handlers = null
  }
}

export function resetApiHandlers(): void {
  handlers = null
}
