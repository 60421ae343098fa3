import { useOfflineSavedAt } from '../../lib/offline-answers'

const savedAtText = (iso: string) => {
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return 'earlier'
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })
  const day = at.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short' })
  return `at ${time} on ${day}`
}

/** Shown while the page's answers are the service worker's offline copy. */
export function OfflineBanner() {
  const savedAt = useOfflineSavedAt()
  if (!savedAt) return null
  return (
    <p className="notice notice--warning offline-banner" role="status">
      You’re offline. These standings were saved {savedAtText(savedAt)}.
    </p>
  )
}
