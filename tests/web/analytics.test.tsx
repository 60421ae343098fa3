import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { PAGE_VIEW_DELAY_MS } from '../../web/src/app/AnalyticsBridge'
import { analytics, COOKIE_CONSENT_KEY, identifyUser, isAnalyticsEnabled, readCookieConsent, storeCookieConsent, trackEvent } from '../../web/src/lib/analytics'
import { advance, fakeClock, renderApp, settle, testNavigate } from './helpers'
import { mockApi } from './mock-api'

const GA_ID = 'G-TEST123'
const gtagScript = () => document.head.querySelector('script[src*="googletagmanager.com/gtag/js"]')

function consent(analyticsAccepted: boolean) {
  window.localStorage.setItem(COOKIE_CONSENT_KEY, JSON.stringify({ analytics: analyticsAccepted, accepted_at: '2025-08-01T10:00:00Z' }))
}

/** The events gtag received, as [name, params]. */
function eventsSent(gtag: ReturnType<typeof vi.fn>) {
  return gtag.mock.calls.filter((c) => c[0] === 'event').map((c) => [c[1], c[2]])
}

describe('analytics gating', () => {
  it('sends nothing and loads no script without a measurement id, even with consent', () => {
    consent(true)
    const gtag = vi.fn()
    window.gtag = gtag
    expect(isAnalyticsEnabled()).toBe(false)
    analytics.login()
    trackEvent('sign_up')
    identifyUser({ id: 1, name: 'Jo', fpl_team_id: 1, is_verified: true })
    expect(gtag).not.toHaveBeenCalled()
    expect(gtagScript()).toBeNull()
  })

  it('sends nothing and loads no script with an id but without consent, or with consent declined', () => {
    vi.stubEnv('VITE_GA_MEASUREMENT_ID', GA_ID)
    const gtag = vi.fn()
    window.gtag = gtag
    analytics.logout()
    expect(isAnalyticsEnabled()).toBe(false)
    consent(false)
    analytics.signUp()
    analytics.profileUpdate('display_name')
    expect(gtag).not.toHaveBeenCalled()
    expect(gtagScript()).toBeNull()
  })

  it('ignores a malformed consent record or measurement id', () => {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, '{"analytics":"yes"}')
    expect(readCookieConsent()).toBeNull()
    window.localStorage.setItem(COOKIE_CONSENT_KEY, 'not json')
    expect(readCookieConsent()).toBeNull()
    consent(true)
    vi.stubEnv('VITE_GA_MEASUREMENT_ID', 'javascript:alert(1)')
    expect(isAnalyticsEnabled()).toBe(false)
  })

  it('with an id and consent: loads gtag.js once and sends events through window.gtag', () => {
    vi.stubEnv('VITE_GA_MEASUREMENT_ID', GA_ID)
    consent(true)
    expect(isAnalyticsEnabled()).toBe(true)
    analytics.login()
    analytics.tournamentJoin('private', 5)
    analytics.purchase(5, 'tx-1')
    expect(document.head.querySelectorAll('script[src*="googletagmanager.com/gtag/js"]')).toHaveLength(1)
    expect(gtagScript()?.getAttribute('src')).toBe(`https://www.googletagmanager.com/gtag/js?id=${GA_ID}`)
    const layer = (window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>))
    expect(layer).toContainEqual(['config', GA_ID, { send_page_view: false }])
    expect(layer).toContainEqual(['event', 'login', { method: 'email' }])
    expect(layer).toContainEqual(['event', 'tournament_join', { tournament_type: 'private', entry_fee: 5 }])
    expect(layer).toContainEqual(['event', 'purchase', { value: 5, currency: 'GBP', transaction_id: 'tx-1' }])
    const consentDefault = layer.find((args) => args[0] === 'consent' && args[1] === 'default')
    expect(consentDefault?.[2]).toMatchObject({ analytics_storage: 'granted', ad_storage: 'denied' })
  })

  it('applies a later choice to the loaded gtag', () => {
    vi.stubEnv('VITE_GA_MEASUREMENT_ID', GA_ID)
    consent(true)
    const gtag = vi.fn()
    window.gtag = gtag
    analytics.login()
    storeCookieConsent(false)
    expect(gtag).toHaveBeenCalledWith('consent', 'update', { analytics_storage: 'denied' })
    expect(readCookieConsent()?.analytics).toBe(false)
    gtag.mockClear()
    analytics.logout()
    expect(gtag).not.toHaveBeenCalled()
  })
})

describe('analytics in the app', () => {
  it('reports page views 100 ms after each route change, without secret query parameters', async () => {
    vi.stubEnv('VITE_GA_MEASUREMENT_ID', GA_ID)
    consent(true)
    const gtag = vi.fn()
    window.gtag = gtag
    mockApi({ 'POST /api/auth/verify-email': () => new Promise(() => {}) })
    fakeClock()
    renderApp('/about')
    await settle(() => screen.getByRole('heading', { level: 1, name: 'About Banter Arena' }))
    await advance(PAGE_VIEW_DELAY_MS - 1)
    expect(eventsSent(gtag)).toEqual([])
    await advance(1)
    expect(eventsSent(gtag)).toEqual([['page_view', expect.objectContaining({ page_path: '/about', page_title: 'About · Banter Arena' })]])

    await act(async () => {
      await testNavigate('/verify-email?token=secret-token-123&utm_source=mail')
    })
    await settle(() => screen.getByRole('heading', { level: 1, name: 'Verifying your email' }))
    await advance(PAGE_VIEW_DELAY_MS)
    const last = eventsSent(gtag).at(-1)
    expect(last?.[1]).toMatchObject({ page_path: '/verify-email?utm_source=mail' })
    expect(JSON.stringify(gtag.mock.calls)).not.toContain('secret-token-123')
  })

  it('sends no page views without consent', async () => {
    vi.stubEnv('VITE_GA_MEASUREMENT_ID', GA_ID)
    const gtag = vi.fn()
    window.gtag = gtag
    fakeClock()
    renderApp('/about')
    await settle(() => screen.getByRole('heading', { level: 1, name: 'About Banter Arena' }))
    await advance(1000)
    expect(gtag).not.toHaveBeenCalled()
    expect(gtagScript()).toBeNull()
  })

  it('login identifies the user (name, team id, verified) and logout is reported', async () => {
    vi.stubEnv('VITE_GA_MEASUREMENT_ID', GA_ID)
    consent(true)
    const gtag = vi.fn()
    window.gtag = gtag
    const user = userEvent.setup()
    mockApi({
      'POST /api/auth/login': {
        body: {
          access_token: 'jwt',
          user_id: 7,
          name: 'Jamie',
          email: 'jamie@example.com',
          joined_leagues: [],
          user: { id: 7, name: 'Jamie', email: 'jamie@example.com', fpl_team_id: 42, is_verified: true, joined_leagues: [], created_at: '' },
        },
      },
    })
    renderApp('/?signin=true')
    await user.type(await screen.findByLabelText('Email'), 'jamie@example.com')
    await user.type(screen.getByLabelText('Password'), 'x')
    await user.click(screen.getAllByRole('button', { name: 'Sign In' }).at(-1) as HTMLElement)
    await waitFor(() => expect(eventsSent(gtag).map((e) => e[0])).toContain('login'))
    expect(gtag).toHaveBeenCalledWith('set', 'user_properties', { user_name: 'Jamie', fpl_team_id: 42, is_verified: true })

    await user.click(screen.getByRole('button', { name: 'Sign Out' }))
    await waitFor(() => expect(eventsSent(gtag).map((e) => e[0])).toContain('logout'))
  })
})
