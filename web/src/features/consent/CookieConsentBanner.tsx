import { useEffect, useLayoutEffect, useState } from 'react'
import { Link } from 'react-router'
import { readCookieConsent, storeCookieConsent } from '../../lib/analytics'
import '../../styles/consent.css'

/** The banner appears this long after load when no choice is stored. */
const CONSENT_BANNER_DELAY_MS = 2000

/**
 * Applies a choice to analytics consent: analytics granted or denied, ad storage always denied,
 * functionality and security storage granted.
 */
function applyConsent(analytics: boolean): void {
  window.gtag?.('consent', 'update', {
    analytics_storage: analytics ? 'granted' : 'denied',
    ad_storage: 'denied',
    functionality_storage: 'granted',
    security_storage: 'granted',
  })
}

/** The class on <html> while the banner shows; consent.css then pads the page by --consent-space. */
export const CONSENT_OPEN_CLASS = 'has-consent-banner'

/**
 * While the banner shows, the page leaves room for it: <html> gets CONSENT_OPEN_CLASS and
 * --consent-space (the banner's height, its gap to the bottom edge and a margin), so the page's
 * last buttons (Find Leagues' "Join 1 League" on a phone) can always be scrolled clear of it.
 */
function useRoomForBanner(banner: HTMLElement | null) {
  useLayoutEffect(() => {
    if (!banner) return
    const root = document.documentElement
    const measure = () => {
      const gap = Number.parseFloat(getComputedStyle(banner).bottom) || 0
      root.style.setProperty('--consent-space', `${Math.ceil(banner.offsetHeight + gap * 2)}px`)
    }
    measure()
    root.classList.add(CONSENT_OPEN_CLASS)
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure)
    observer?.observe(banner)
    return () => {
      observer?.disconnect()
      root.classList.remove(CONSENT_OPEN_CLASS)
      root.style.removeProperty('--consent-space')
    }
  }, [banner])
}

/**
 * Cookie consent: shown 2 s after load when no choice is stored (localStorage `cookieConsent`,
 * `{ analytics, accepted_at }`). Accept Analytics and Decline store the choice and apply it;
 * dismissing hides the banner for this visit without storing anything.
 */
export function CookieConsentBanner() {
  const [visible, setVisible] = useState(false)
  const [banner, setBanner] = useState<HTMLElement | null>(null)
  useRoomForBanner(visible ? banner : null)

  useEffect(() => {
    if (readCookieConsent()) return
    const timer = setTimeout(() => setVisible(true), CONSENT_BANNER_DELAY_MS)
    return () => clearTimeout(timer)
  }, [])

  if (!visible) return null

  const choose = (analytics: boolean) => {
    storeCookieConsent(analytics)
    applyConsent(analytics)
    setVisible(false)
  }

  return (
    <section ref={setBanner} className="consent" aria-label="Cookie consent">
      <div className="consent__inner">
        <p className="consent__text">
          <span aria-hidden="true">🍪 </span>
          We use essential storage to keep you signed in. With your consent we also use analytics cookies to see which features get used. No ads, ever.{' '}
          <Link to="/privacy">Privacy Policy</Link>
        </p>
        <div className="consent__actions">
          <button type="button" className="button button--primary button--sm" onClick={() => choose(true)}>
            Accept Analytics
          </button>
          <button type="button" className="button button--ghost button--sm" onClick={() => choose(false)}>
            Decline
          </button>
          <button type="button" className="icon-button consent__dismiss" onClick={() => setVisible(false)} aria-label="Dismiss cookie banner">
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      </div>
    </section>
  )
}
