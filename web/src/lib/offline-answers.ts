import { useSyncExternalStore } from 'react'
import { OFFLINE_SAVED_AT_HEADER } from '../../../contract/notifications'

// Whether the API's latest answer came from the service worker's offline copy, and from when
// (the header it adds: web/src/service-worker/sw.ts). The API client notes every answer
// (lib/api.ts); the tournament page says "saved at 14:32" while it shows such a copy.

let savedAt: string | null = null
const listeners = new Set<() => void>()

export function noteAnswer(response: Response) {
  const next = response.headers.get(OFFLINE_SAVED_AT_HEADER) || null
  if (next === savedAt) return
  savedAt = next
  for (const listener of listeners) listener()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The ISO time the answers on screen were saved, while the app is showing its offline copy. */
export const useOfflineSavedAt = () =>
  useSyncExternalStore(
    subscribe,
    () => savedAt,
    () => null,
  )
