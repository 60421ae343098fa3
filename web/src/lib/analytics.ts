// Analytics (decision 181, R5): events go to Google Analytics 4 through `window.gtag`, and only
// when BOTH hold:
//   1. a measurement id is configured at build time (VITE_GA_MEASUREMENT_ID, e.g. "G-ABC123"), and
//   2. the user accepted analytics in the cookie consent (localStorage `cookieConsent`,
//      `{ "analytics": true, "accepted_at": "…" }`).
// Otherwise nothing is sent and no script is loaded. gtag.js is loaded lazily on the first event
// that passes both checks. It is disabled by default: the worker's CSP allows same-origin scripts
// only (see web/README.md for what enabling it takes).

type Gtag = (...args: unknown[]) => void

declare global {
  interface Window {
    gtag?: Gtag
    dataLayer?: unknown[]
  }
}

/** Where the cookie consent banner stores the user's choice. */
export const COOKIE_CONSENT_KEY = 'cookieConsent'

export interface CookieConsent {
  analytics: boolean
  /** ISO timestamp of the choice. */
  accepted_at: string
}

export function readCookieConsent(): CookieConsent | null {
  try {
    const raw = window.localStorage.getItem(COOKIE_CONSENT_KEY)
    if (!raw) return null
    const parsed = JSON.parse(raw) as Partial<CookieConsent> | null
    if (!parsed || typeof parsed.analytics !== 'boolean') return null
    return { analytics: parsed.analytics, accepted_at: String(parsed.accepted_at ?? '') }
  } catch {
    return null
  }
}

/**
 * Stores the banner's choice and applies it to an already-loaded gtag (consent update).
 * For the cookie consent banner.
 */
export function storeCookieConsent(analytics: boolean): void {
  const record: CookieConsent = { analytics, accepted_at: new Date().toISOString() }
  try {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, JSON.stringify(record))
  } catch {
    // Not remembered: analytics stays off.
  }
  if (loadedId && typeof window.gtag === 'function') {
    window.gtag('consent', 'update', { analytics_storage: analytics ? 'granted' : 'denied' })
  }
}

/** The configured GA4 measurement id, or null (read on every call so tests can stub the env). */
function measurementId(): string | null {
  const id = import.meta.env.VITE_GA_MEASUREMENT_ID
  return typeof id === 'string' && /^G-[A-Z0-9]{4,20}$/i.test(id.trim()) ? id.trim() : null
}

export function isAnalyticsEnabled(): boolean {
  return measurementId() !== null && readCookieConsent()?.analytics === true
}

let loadedId: string | null = null

function load(id: string): void {
  loadedId = id
  if (typeof window.gtag !== 'function') {
    window.dataLayer ??= []
    const dataLayer = window.dataLayer
    window.gtag = function gtag() {
      // biome-ignore lint/complexity/noArguments: gtag.js expects the `arguments` object itself, not an array
      dataLayer.push(arguments)
    }
    const script = document.createElement('script')
    script.async = true
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`
    document.head.appendChild(script)
  }
  window.gtag('consent', 'default', {
    analytics_storage: 'granted',
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
    functionality_storage: 'granted',
    security_storage: 'granted',
  })
  window.gtag('js', new Date())
  // Page views are sent by trackPageView on route changes.
  window.gtag('config', id, { send_page_view: false })
}

/** The gtag function when analytics is allowed (loading it on first use), else null. */
function gtag(): Gtag | null {
  const id = measurementId()
  if (!id || readCookieConsent()?.analytics !== true) return null
  if (loadedId !== id) load(id)
  return typeof window.gtag === 'function' ? window.gtag : null
}

/** Forgets the loaded state (tests). */
export function resetAnalytics(): void {
  loadedId = null
}

export type EventParams = Record<string, string | number | boolean | null | undefined>

export function trackEvent(name: string, params: EventParams = {}): void {
  gtag()?.('event', name, params)
}

// Query parameters that carry secrets or personal data (verification and reset links).
const PRIVATE_PARAMS = ['token', 'email', 'name', 'user_id']

/** A page view: path with secret query parameters removed. */
export function trackPageView(pathname: string, search = ''): void {
  const send = gtag()
  if (!send) return
  const params = new URLSearchParams(search)
  for (const key of PRIVATE_PARAMS) params.delete(key)
  const query = params.toString()
  const pagePath = query ? `${pathname}?${query}` : pathname
  send('event', 'page_view', {
    page_path: pagePath,
    page_location: `${window.location.origin}${pagePath}`,
    page_title: document.title,
  })
}

export interface AnalyticsUser {
  id?: number
  name?: string
  fpl_team_id?: number | null
  is_verified?: boolean
}

/** The user-identification call made at login: name, team ID and verified flag. */
export function identifyUser(user: AnalyticsUser): void {
  const send = gtag()
  if (!send) return
  const id = measurementId()
  if (id && user.id !== undefined) send('config', id, { user_id: String(user.id), send_page_view: false })
  send('set', 'user_properties', {
    user_name: user.name ?? null,
    fpl_team_id: user.fpl_team_id ?? null,
    is_verified: user.is_verified ?? null,
  })
}

/** The events the product reports (decision 181, R5). */
export const analytics = {
  signUp: (method = 'email') => trackEvent('sign_up', { method }),
  login: (method = 'email') => trackEvent('login', { method }),
  logout: () => trackEvent('logout'),
  profileUpdate: (field: string) => trackEvent('profile_update', { field }),
  fplTeamIdUpdate: () => trackEvent('fpl_team_id_update'),
  tournamentCreate: (type: string, entryFee = 0) => trackEvent('tournament_create', { tournament_type: type, entry_fee: entryFee }),
  tournamentJoin: (type: string, entryFee = 0) => trackEvent('tournament_join', { tournament_type: type, entry_fee: entryFee }),
  tournamentLeave: (type: string, entryFee = 0) => trackEvent('tournament_leave', { tournament_type: type, entry_fee: entryFee }),
  banterStatsView: (leagueId: number | string) => trackEvent('banter_stats_view', { league_id: String(leagueId) }),
  share: (method: string, contentType: string) => trackEvent('share', { method, content_type: contentType }),
  standingsView: (leagueId: number | string) => trackEvent('standings_view', { league_id: String(leagueId) }),
  tabSwitch: (tab: string) => trackEvent('tab_switch', { tab_name: tab }),
  communityPost: (leagueId: number | string) => trackEvent('community_post', { league_id: String(leagueId) }),
  communityReaction: (reaction: string) => trackEvent('community_reaction', { reaction }),
  purchase: (value: number, transactionId: string) => trackEvent('purchase', { value, currency: 'GBP', transaction_id: transactionId }),
  conversion: (name: string, value?: number) => trackEvent('conversion', { conversion_name: name, value }),
  timing: (name: string, valueMs: number, category?: string) => trackEvent('timing_complete', { name, value: Math.round(valueMs), event_category: category }),
  exception: (description: string, fatal = false) => trackEvent('exception', { description, fatal }),
  featureUsage: (feature: string, action = 'use') => trackEvent('feature_usage', { feature_name: feature, action }),
}
