import { render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { lazyPage } from '../../web/src/app/lazy-page'
import { ApiError, apiFetch, registerApiHandlers } from '../../web/src/lib/api'
import { hasPageAnswer, takePageAnswer } from '../../web/src/lib/page-answers'
import { writePageAnswers } from './helpers'

// Answers the worker writes into a tournament's page (worker/routes/tournament-page.ts) and the
// preloadable pages that let a deep link's first render be the page itself.

afterEach(() => {
  vi.unstubAllGlobals()
  document.getElementById('page-answers')?.remove()
})

describe('page answers', () => {
  it('answer the first anonymous GET of their path, once, without the network', async () => {
    const fetch = vi.fn(async () => Response.json({ from: 'network' }))
    vi.stubGlobal('fetch', fetch)
    writePageAnswers({ '/api/leagues/7': { status: 200, body: { from: 'page' } } })
    expect(await apiFetch('/api/leagues/7')).toEqual({ from: 'page' })
    expect(fetch).not.toHaveBeenCalled()
    expect(document.getElementById('page-answers')).toBeNull()
    expect(await apiFetch('/api/leagues/7')).toEqual({ from: 'network' })
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('turn an error status into the ApiError the network answer would have given', async () => {
    vi.stubGlobal('fetch', vi.fn())
    writePageAnswers({ '/api/leagues/7/standings?page=1&limit=50': { status: 401, body: { detail: 'Not authenticated' } } })
    const error = await apiFetch('/api/leagues/7/standings?page=1&limit=50').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 401, detail: 'Not authenticated' })
  })

  it('are not used for a signed-in call or a write', async () => {
    const fetch = vi.fn(async () => Response.json({ from: 'network' }))
    vi.stubGlobal('fetch', fetch)
    writePageAnswers({ '/api/leagues/7': { status: 200, body: { from: 'page' } } })
    const unregister = registerApiHandlers({ getToken: () => 'jwt-1', onUnauthorized: () => {} })
    expect(await apiFetch('/api/leagues/7')).toEqual({ from: 'network' })
    unregister()
    expect(await apiFetch('/api/leagues/7', { method: 'POST', body: {} })).toEqual({ from: 'network' })
    expect(hasPageAnswer('/api/leagues/7')).toBe(true)
    takePageAnswer('/api/leagues/7')
  })

  it('ignore a broken block: the app asks the network', async () => {
    const element = document.createElement('script')
    element.type = 'application/json'
    element.id = 'page-answers'
    element.textContent = '{"/api/leagues/7": '
    document.head.append(element)
    expect(hasPageAnswer('/api/leagues/7')).toBe(false)
  })
})

describe('lazyPage', () => {
  const Page = () => <h1>The page</h1>

  it('suspends until its chunk is there, like React.lazy', async () => {
    const LazyPage = lazyPage(async () => ({ default: Page }))
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <LazyPage />
      </Suspense>,
    )
    expect(screen.getByText('Loading...')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument()
  })

  it('once preloaded, renders the page in the first render: no fallback', async () => {
    const LazyPage = lazyPage(async () => ({ default: Page }))
    await LazyPage.preload()
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <LazyPage />
      </Suspense>,
    )
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument()
    expect(screen.queryByText('Loading...')).toBeNull()
  })
})
