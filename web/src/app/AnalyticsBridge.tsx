import { useEffect } from 'react'
import { useLocation } from 'react-router'

/** Page views are reported on every route change, after 100 ms: the page sets its title first (decision 181, R5). */
export const PAGE_VIEW_DELAY_MS = 100

/**
 * Reports page views (a no-op unless analytics is configured and accepted). Renders nothing. The
 * analytics code loads with the first report, after the first screen (decision 168).
 */
export function AnalyticsBridge() {
  const { pathname, search } = useLocation()
  useEffect(() => {
    const timer = setTimeout(() => void import('../lib/analytics').then(({ trackPageView }) => trackPageView(pathname, search)), PAGE_VIEW_DELAY_MS)
    return () => clearTimeout(timer)
  }, [pathname, search])
  return null
}
