import '@testing-library/jest-dom/vitest'
import { notifyManager } from '@tanstack/react-query'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'
import { resetAnalytics } from '../../web/src/lib/analytics'
import { resetApiHandlers } from '../../web/src/lib/api'
import { resetOnce } from '../../web/src/lib/useOnce'
import { mockMatchMedia } from './helpers'

// The first lazy page of a file is transformed on demand, which can take over a second when
// every file runs in parallel: give async queries more room than the 1 s default.
configure({ asyncUtilTimeout: 4000 })

// The query cache tells components of new data in a zero-delay timeout, which a test's fake clock
// would hold back until it is advanced: in tests it tells them in a microtask.
notifyManager.setScheduler(queueMicrotask)

beforeEach(() => {
  window.localStorage.clear()
  document.documentElement.removeAttribute('data-theme')
  document.documentElement.className = ''
  document.title = ''
  // jsdom has no matchMedia and does not implement scrolling.
  mockMatchMedia({ dark: false })
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo
})

afterEach(() => {
  cleanup()
  resetApiHandlers()
  resetOnce()
  resetAnalytics()
  delete window.gtag
  delete window.dataLayer
  for (const s of document.head.querySelectorAll('script[src*="googletagmanager"]')) s.remove()
  vi.useRealTimers()
  vi.unstubAllEnvs()
})
