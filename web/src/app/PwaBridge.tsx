import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import { useNavigate } from 'react-router'
import { OPEN_SCREEN_MESSAGE, PUSH_SUBSCRIPTION_CHANGED_MESSAGE } from '../../../contract/notifications'
import { useAuth } from '../features/auth/AuthProvider'
import { installOfferDue, subscribeInstallPrompt } from '../features/pwa/install-prompt'

// Loaded when needed, not before the first screen (decision 168): the install offer when it is
// due (never on a first visit), the device's push code for a signed-in user or a changed subscription.
const InstallPrompt = lazy(() => import('../features/pwa/InstallPrompt').then((m) => ({ default: m.InstallPrompt })))
const resyncPush = () => import('../features/pwa/push-device').then((m) => m.resyncPush())

/**
 * The app's side of the service worker: a clicked notification opens its screen in this window
 * (in-app navigation, no reload), a signed-in user's device is re-synced when the app opens and
 * when the browser replaced its subscription, and the install offer is shown when it is due.
 * Browser only (App.tsx): the server-rendered page has none of it.
 */
export function PwaBridge() {
  const navigate = useNavigate()
  const { isAuthenticated } = useAuth()

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return
    const container = navigator.serviceWorker
    const onMessage = (event: MessageEvent) => {
      const message = event.data as { type?: string; url?: unknown } | null
      if (message?.type === OPEN_SCREEN_MESSAGE && typeof message.url === 'string' && message.url.startsWith('/')) navigate(message.url)
      if (message?.type === PUSH_SUBSCRIPTION_CHANGED_MESSAGE) void resyncPush().catch((error: unknown) => console.warn('Push re-sync failed', error))
    }
    container.addEventListener('message', onMessage)
    return () => container.removeEventListener('message', onMessage)
  }, [navigate])

  useEffect(() => {
    if (isAuthenticated) void resyncPush().catch((error: unknown) => console.warn('Push re-sync failed', error))
  }, [isAuthenticated])

  const offerDue = useSyncExternalStore(subscribeInstallPrompt, installOfferDue, () => false)
  return offerDue ? (
    <Suspense fallback={null}>
      <InstallPrompt />
    </Suspense>
  ) : null
}
