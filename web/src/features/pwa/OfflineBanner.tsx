import { useOfflineSavedAt } from '../../lib/offline-answers'
import { useOnline } from '../../lib/online'

const savedAtText = (iso: string) => {
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return 'earlier'
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })
  const day = at.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short' })
  return `at ${time} on ${day}`
}

/** What the app promises while the browser is offline: loads wait for the connection and run by themselves (decision 165). */
const BACK_ONLINE = 'We’ll update this page when you’re back online.'

/**
 * A tournament page's notice: from when the standings are while they are the service worker's
 * offline copy, and that the page updates once back online while the browser is offline.
 */
export function OfflineBanner() {
  const savedAt = useOfflineSavedAt()
  const online = useOnline()
  if (!savedAt && online) return null
  return (
    <p className="notice notice--warning offline-banner" role="status">
      You’re offline.{savedAt ? ` These standings were saved ${savedAtText(savedAt)}.` : null}
      {online ? null : ` ${BACK_ONLINE}`}
    </p>
  )
}

/** Every other page's notice while the browser is offline (in the shell: ShellLayout); it goes when the connection returns. */
export function ConnectionBanner() {
  const online = useOnline()
  if (online) return null
  return (
    <div className="container connection-banner">
      <p className="notice notice--warning" role="status">
        You’re offline. {BACK_ONLINE}
      </p>
    </div>
  )
}
