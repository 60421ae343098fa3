import { act, render, screen, within } from '@testing-library/react'
import { parseResponse } from 'hono/client'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { AppProviders } from '../../web/src/app/AppProviders'
import { useAuth } from '../../web/src/features/auth/AuthProvider'
import { ApiError, api, NetworkError, pathParam, publicApi, registerApiHandlers } from '../../web/src/lib/api'
import { errorText } from '../../web/src/lib/errors'
import { renderApp, storeSession } from './helpers'

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

function mockFetch(...responses: (Response | Error)[]) {
  const fn = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const next = responses.shift()
    if (!next) throw new Error('unexpected fetch')
    if (next instanceof Error) throw next
    return next
  })
  vi.stubGlobal('fetch', fn)
  return fn
}

const sentHeaders = (fn: ReturnType<typeof mockFetch>, call = 0) => new Headers(fn.mock.calls[call]?.[1]?.headers)

function AuthState() {
  const { isAuthenticated } = useAuth()
  return <p data-testid="auth">{isAuthenticated ? 'signed-in' : 'signed-out'}</p>
}

function renderProviders() {
  return render(
    <MemoryRouter>
      <AppProviders>
        <AuthState />
      </AppProviders>
    </MemoryRouter>,
  )
}

describe('the API client with the app providers', () => {
  it('sends the bearer token of the signed-in user', async () => {
    storeSession('jwt-123')
    renderProviders()
    const fetch = mockFetch(json({ leagues: [] }))
    await expect(parseResponse(api.auth['user-leagues'].$get())).resolves.toEqual({ leagues: [] })
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/auth/user-leagues')
    expect(sentHeaders(fetch).get('Authorization')).toBe('Bearer jwt-123')
    expect(sentHeaders(fetch).get('Accept')).toBe('application/json')
  })

  it('sends no token when signed out, or when the call opts out', async () => {
    renderProviders()
    const fetch = mockFetch(json([]), json({}))
    await parseResponse(api.leagues.$get())
    expect(sentHeaders(fetch, 0).has('Authorization')).toBe(false)

    act(() => {
      window.localStorage.setItem('authToken', 'jwt-x')
    })
    await parseResponse(publicApi.auth.login.$post({ json: { email: 'a@b.c', password: 'x' } }))
    expect(sentHeaders(fetch, 1).has('Authorization')).toBe(false)
  })

  it('on a 401 to a call that sent a token: logs out, opens Sign In and toasts', async () => {
    storeSession('jwt-expired')
    renderProviders()
    expect(screen.getByTestId('auth')).toHaveTextContent('signed-in')
    mockFetch(json({ detail: 'Token expired' }, 401))

    let caught: unknown
    await act(async () => {
      caught = await parseResponse(api.auth['user-leagues'].$get()).catch((e: unknown) => e)
    })
    expect(caught).toBeInstanceOf(ApiError)
    expect(caught).toMatchObject({ status: 401, detail: 'Token expired' })

    expect(screen.getByTestId('auth')).toHaveTextContent('signed-out')
    expect(window.localStorage.getItem('authToken')).toBeNull()
    expect(window.localStorage.getItem('userData')).toBeNull()

    // The dialog's panels load lazily (decision 168).
    const dialog = await screen.findByRole('dialog', { name: 'Welcome Back!' })
    expect(within(dialog).getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true')

    const toast = screen.getByRole('alert')
    expect(toast).toHaveTextContent('Authentication Required')
    expect(toast).toHaveTextContent('Please login again to continue')
  })

  it('leaves a signed-out user alone on a 401 (e.g. wrong password)', async () => {
    renderProviders()
    mockFetch(json({ detail: 'Invalid email or password' }, 401))
    await act(async () => {
      await expect(parseResponse(api.auth.login.$post({ json: { email: 'a@b.c', password: 'x' } }))).rejects.toMatchObject({
        status: 401,
        detail: 'Invalid email or password',
      })
    })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('works through the whole app: the 401 flow opens the dialog over the current page', async () => {
    storeSession('jwt-expired')
    renderApp('/about')
    await screen.findByRole('heading', { level: 1, name: 'About Banter Arena' })
    mockFetch(json({ detail: 'Session expired' }, 401))
    await act(async () => {
      await parseResponse(api.auth.me.$get()).catch(() => undefined)
    })
    expect(screen.getByRole('dialog', { name: 'Welcome Back!' })).toBeInTheDocument()
    // Signed out: the header offers Sign In again.
    const header = document.querySelector<HTMLElement>('.site-header') as HTMLElement
    expect(within(header).getByRole('button', { name: 'Sign In' })).toBeInTheDocument()
  })
})

describe('the transport on its own', () => {
  const me = () => parseResponse(api.auth.me.$get())

  it('surfaces the detail of the error envelope', async () => {
    mockFetch(json({ detail: 'FPL Team ID must be a positive number', code: 'validation' }, 400))
    const error = (await me().catch((e: unknown) => e)) as ApiError
    expect(error).toBeInstanceOf(ApiError)
    expect(error.status).toBe(400)
    expect(error.detail).toBe('FPL Team ID must be a positive number')
    expect(error.message).toBe('FPL Team ID must be a positive number')
    expect(error.code).toBe('validation')
  })

  it('falls back to `message`, then to no detail', async () => {
    mockFetch(json({ message: 'Delete failed' }, 500), new Response('<html>Bad gateway</html>', { status: 502 }))
    await expect(me()).rejects.toMatchObject({ status: 500, detail: 'Delete failed' })
    await expect(me()).rejects.toMatchObject({ status: 502, detail: undefined })
  })

  it('throws NetworkError when the request fails', async () => {
    mockFetch(new TypeError('Failed to fetch'))
    const error = await me().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect((error as NetworkError).cause).toBeInstanceOf(TypeError)
  })

  it('calls the registered unauthorized handler only when a token was sent', async () => {
    const onUnauthorized = vi.fn()
    let token: string | null = null
    registerApiHandlers({ getToken: () => token, onUnauthorized })
    mockFetch(json({ detail: 'no' }, 401), json({ detail: 'no' }, 401), json({ detail: 'no' }, 403))
    await me().catch(() => undefined)
    expect(onUnauthorized).not.toHaveBeenCalled()
    token = 't'
    await parseResponse(api.leagues.$get()).catch(() => undefined)
    expect(onUnauthorized).toHaveBeenCalledTimes(1)
    expect(onUnauthorized.mock.calls[0]?.[0]).toMatchObject({ path: '/api/leagues', error: { status: 401 } })
    await me().catch(() => undefined)
    expect(onUnauthorized).toHaveBeenCalledTimes(1)
  })

  it('unregistering removes the handlers', async () => {
    const unregister = registerApiHandlers({ getToken: () => 'tok', onUnauthorized: vi.fn() })
    unregister()
    const fetch = mockFetch(json([]))
    await parseResponse(api.leagues.$get())
    expect(sentHeaders(fetch).has('Authorization')).toBe(false)
  })
})

describe('the typed client (hc over the worker routes)', () => {
  it('builds the route path, sends the token, and reads the answer typed by the route', async () => {
    registerApiHandlers({ getToken: () => 'tok', onUnauthorized: vi.fn() })
    const fetch = mockFetch(json({ has_admin_access: true }))
    const answer = await parseResponse(api.leagues[':id']['admin-check'].$get({ param: { id: pathParam('12') } }))
    expect(answer.has_admin_access).toBe(true)
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/leagues/12/admin-check')
    expect(sentHeaders(fetch).get('Authorization')).toBe('Bearer tok')
    expect(sentHeaders(fetch).get('Accept')).toBe('application/json')
  })

  it('throws the error envelope as ApiError and runs the 401 handler; publicApi sends no token', async () => {
    const onUnauthorized = vi.fn()
    registerApiHandlers({ getToken: () => 'tok', onUnauthorized })
    const fetch = mockFetch(json({ detail: 'Session expired', code: 'session_expired' }, 401), json({ detail: 'Not found', code: 'x' }, 404))
    const error = await parseResponse(api.auth.me.$get()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 401, detail: 'Session expired', code: 'session_expired' })
    expect(onUnauthorized).toHaveBeenCalledTimes(1)
    await expect(parseResponse(publicApi['user-stats'].$get())).rejects.toMatchObject({ status: 404, detail: 'Not found' })
    expect(sentHeaders(fetch, 1).has('Authorization')).toBe(false)
    expect(onUnauthorized).toHaveBeenCalledTimes(1)
  })

  it('keeps an id from the address bar inside its path segment', async () => {
    const fetch = mockFetch(json({ has_admin_access: false }))
    await parseResponse(api.leagues[':id']['admin-check'].$get({ param: { id: pathParam('1/../../auth/me') } }))
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/leagues/1%2F..%2F..%2Fauth%2Fme/admin-check')
  })
})

describe('errorText', () => {
  it('names the request of a failure on our side, so a user can quote it; a refusal is shown as the server said it', () => {
    const ours = new ApiError(500, 'Something went wrong on our side. Please try again.', { detail: 'x', request_id: '8e5f1a2b-LHR' })
    expect(errorText(ours, 'fallback')).toBe('Something went wrong on our side. Please try again. (Reference: 8e5f1a2b-LHR)')
    const refusal = new ApiError(403, 'Only the commissioner can do that.', { detail: 'x', request_id: '8e5f1a2b-LHR' })
    expect(errorText(refusal, 'fallback')).toBe('Only the commissioner can do that.')
    expect(errorText(new ApiError(502, undefined, undefined), 'Could not load.')).toBe('Could not load.')
  })
})
