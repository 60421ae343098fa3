import { act, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { COOKIE_CONSENT_KEY } from '../../web/src/lib/analytics'
import { renderApp } from './helpers'
import { advance, fakeClock, settle } from './tournament-fixtures'

const banner = () => screen.queryByRole('region', { name: 'Cookie consent' })

async function openAbout() {
  renderApp('/about')
  await settle(() => expect(screen.getByRole('heading', { level: 1, name: 'About Banter Arena' })).toBeInTheDocument())
}

describe('cookie consent banner', () => {
  it('appears 2 s after load when no choice is stored', async () => {
    fakeClock()
    await openAbout()
    await advance(1999)
    expect(banner()).not.toBeInTheDocument()
    await advance(1)
    expect(banner()).toBeInTheDocument()
  })

  it('never appears when a choice is stored', async () => {
    fakeClock()
    window.localStorage.setItem(COOKIE_CONSENT_KEY, JSON.stringify({ analytics: false, accepted_at: '2025-08-02T10:00:00.000Z' }))
    await openAbout()
    await advance(5000)
    expect(banner()).not.toBeInTheDocument()
  })

  it.each([
    ['Accept Analytics', true, 'granted'],
    ['Decline', false, 'denied'],
  ])('%s stores { analytics, accepted_at } and applies it to analytics consent', async (button, analytics, storage) => {
    fakeClock()
    const gtag = vi.fn()
    window.gtag = gtag
    await openAbout()
    await advance(2000)
    await act(async () => screen.getByRole('button', { name: button }).click())
    expect(banner()).not.toBeInTheDocument()
    const stored = JSON.parse(window.localStorage.getItem(COOKIE_CONSENT_KEY) ?? 'null') as { analytics: boolean; accepted_at: string }
    expect(stored.analytics).toBe(analytics)
    expect(new Date(stored.accepted_at).toISOString()).toBe(stored.accepted_at)
    expect(gtag).toHaveBeenCalledWith('consent', 'update', {
      analytics_storage: storage,
      ad_storage: 'denied',
      functionality_storage: 'granted',
      security_storage: 'granted',
    })
  })

  it('dismiss hides it without storing a choice', async () => {
    fakeClock()
    await openAbout()
    await advance(2000)
    await act(async () => screen.getByRole('button', { name: 'Dismiss cookie banner' }).click())
    expect(banner()).not.toBeInTheDocument()
    expect(window.localStorage.getItem(COOKIE_CONSENT_KEY)).toBeNull()
  })
})
