import { onlineManager } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

// Whether the browser is online: one answer for the screens and the data cache. TanStack Query's
// onlineManager holds it (it pauses what cannot load offline and, on reconnect, resumes it and
// reloads what is on screen: app/query-client.ts); here it follows the browser, from its word at
// start (a page opened offline from the service worker's shell knows at once), then its online
// and offline events. Its own default would start online whatever the browser says.

/** Follows navigator.onLine; the data cache calls it again each time it starts listening. */
function followBrowser(setOnline: (online: boolean) => void): (() => void) | undefined {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return undefined
  const update = () => setOnline(navigator.onLine !== false)
  update()
  window.addEventListener('online', update)
  window.addEventListener('offline', update)
  return () => {
    window.removeEventListener('online', update)
    window.removeEventListener('offline', update)
  }
}

/** Makes the data cache's online state the browser's (app/query-client.ts, as each client is made). */
export const watchConnection = () => onlineManager.setEventListener(followBrowser)

/** Whether the browser is online now (outside React: the data layer's own checks). */
export const isOnline = () => onlineManager.isOnline()

const subscribe = (listener: () => void) => onlineManager.subscribe(listener)

/** Whether the browser is online; the component renders again when that changes. A server render is online. */
export const useOnline = () => useSyncExternalStore(subscribe, isOnline, () => true)
