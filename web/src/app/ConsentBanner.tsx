import { lazy, Suspense } from 'react'

// The consent banner shows 2 s after load at the earliest: its code and styles load meanwhile, out of
// the first paint's JavaScript. It belongs to the browser's app only (App.tsx), beside the PWA
// bridge: the page renderer, which draws the app's providers and pages on the server, never shows it.
const CookieConsentBanner = lazy(() => import('../features/consent/CookieConsentBanner').then((m) => ({ default: m.CookieConsentBanner })))

export function ConsentBanner() {
  return (
    <Suspense fallback={null}>
      <CookieConsentBanner />
    </Suspense>
  )
}
