import type { QueryClient } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import { type ReactNode, StrictMode } from 'react'
import { MemoryRouter, type NavigateFunction, useLocation, useNavigate } from 'react-router'
import { vi } from 'vitest'
import { AppProviders } from '../../web/src/app/AppProviders'
import { AppRoutes } from '../../web/src/app/AppRoutes'
import { ConsentBanner } from '../../web/src/app/ConsentBanner'
import type { User } from '../../web/src/features/auth/types'

/** Installs a window.matchMedia whose `(prefers-color-scheme: dark)` answers `dark`. */
export function mockMatchMedia({ dark }: { dark: boolean }) {
  const impl = vi.fn((query: string) => ({
    matches: query.includes('prefers-color-scheme: dark') ? dark : false,
    media: query,
    onchange: null,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    addListener: vi.fn(),
    removeListener: vi.fn(),
    dispatchEvent: vi.fn(() => false),
  }))
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: impl })
  return impl
}

export const demoUser: User = {
  id: 7,
  name: 'Jamie Vardy',
  email: 'jamie@example.com',
  fpl_team_id: 123456,
  created_at: '2025-08-01T10:00:00Z',
  is_verified: true,
  joined_leagues: [1, 2],
}

export function storeSession(token: string, user: User = demoUser) {
  window.localStorage.setItem('authToken', token)
  window.localStorage.setItem('userData', JSON.stringify(user))
}

/** Shows the router's current location, so tests can assert redirects. */
function LocationProbe() {
  const location = useLocation()
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname + location.search}
    </output>
  )
}

/** Navigates like the browser would (back button, typed URL); set while renderApp is mounted. */
export let testNavigate: NavigateFunction = () => {
  throw new Error('renderApp is not mounted')
}

function NavigateProbe() {
  testNavigate = useNavigate()
  return null
}

/** The whole app (providers and route table) at `path`, in a memory router (StrictMode on request). */
export function renderApp(
  path: string | { pathname: string; search?: string; state?: unknown } = '/',
  { strict = false, queryClient }: { strict?: boolean; queryClient?: QueryClient } = {},
) {
  const tree = (
    <MemoryRouter initialEntries={[path]}>
      <AppProviders queryClient={queryClient}>
        <AppRoutes />
        <ConsentBanner />
        <LocationProbe />
        <NavigateProbe />
      </AppProviders>
    </MemoryRouter>
  )
  return render(strict ? <StrictMode>{tree}</StrictMode> : tree)
}

/** Any component inside the app's providers, in a memory router at `path`. */
export function renderWithProviders(ui: ReactNode, path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders>
        {ui}
        <LocationProbe />
      </AppProviders>
    </MemoryRouter>,
  )
}

/** The current location (pathname + search) and its navigation state. */
export function currentLocation() {
  const probe = screen.getByTestId('location')
  return { path: probe.textContent ?? '', state: JSON.parse(probe.getAttribute('data-state') ?? 'null') as unknown }
}

/** The stored session user (localStorage `userData`), parsed. */
export function storedUser(): Record<string, unknown> | null {
  return JSON.parse(window.localStorage.getItem('userData') ?? 'null') as Record<string, unknown> | null
}

/** Toasts a person can currently perceive. */
export function visibleToasts() {
  return [...screen.queryAllByRole('status'), ...screen.queryAllByRole('alert')].filter((el) => el.classList.contains('toast'))
}

/**
 * Fakes the timer functions (and Date) but not setImmediate, so module loading and fetch mocks
 * still settle while the test owns the clock. Use advance() and settle() while it is on
 * (Testing Library's findBy/waitFor poll with setTimeout and would stall).
 */
export function fakeClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
}

/** Moves the fake clock on, running what falls due. */
export const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })

const nextMacrotask = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Lets promises, lazy modules and mocked fetches settle (real event-loop turns) until `assertion` passes. */
export async function settle(assertion: () => void = () => {}, turns = 200): Promise<void> {
  for (let i = 0; ; i += 1) {
    try {
      assertion()
      return
    } catch (error) {
      if (i >= turns) throw error
    }
    await act(async () => {
      await nextMacrotask()
    })
  }
}

/** What the worker appends to <head> of a tournament's page (worker/routes/tournament-page.ts). */
export function writePageAnswers(answers: Record<string, { status: number; body: unknown }>) {
  const element = document.createElement('script')
  element.type = 'application/json'
  element.id = 'page-answers'
  element.textContent = JSON.stringify(answers)
  document.head.append(element)
}
