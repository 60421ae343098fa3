import { describe, expect, it, onTestFinished } from 'vitest'
import { createErrorReporter, type ErrorReport, reportUncaughtErrors } from '../../web/src/lib/report-error'

// The SPA's error reporter (decision 156): at most five reports a page load, each message once,
// without the page's query (it may carry a token), sent as a beacon to POST /api/client-errors.

describe('the client error reporter', () => {
  it('sends at most five reports a page load and each message once', () => {
    const sent: ErrorReport[] = []
    const report = createErrorReporter((r) => sent.push(r))
    for (let round = 0; round < 3; round++) report(new TypeError('x is undefined'))
    expect(sent).toHaveLength(1)
    for (let i = 0; i < 10; i++) report(new Error(`failure ${i}`))
    expect(sent.map((r) => r.message)).toEqual(['TypeError: x is undefined', 'Error: failure 0', 'Error: failure 1', 'Error: failure 2', 'Error: failure 3'])
  })

  it('reports the stack, the page without its query, the release and the browser; not another origin’s “Script error.”', () => {
    window.history.pushState({}, '', '/reset-password?token=secret#top')
    const sent: ErrorReport[] = []
    const report = createErrorReporter((r) => sent.push(r))
    report('Script error.')
    const error = new Error('boom')
    report(error)
    expect(sent).toEqual([
      {
        message: 'Error: boom',
        stack: error.stack,
        url: `${window.location.origin}/reset-password`,
        release: expect.any(String),
        user_agent: navigator.userAgent,
      },
    ])
    expect(sent[0]?.release).not.toBe('')
  })

  it('uncaught errors and unhandled rejections go out as beacons to /api/client-errors', async () => {
    const beacons: Array<[string, Blob]> = []
    // jsdom has no sendBeacon.
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: (url: string, data: Blob) => beacons.push([url, data]) > 0 })
    onTestFinished(() => {
      delete (navigator as { sendBeacon?: unknown }).sendBeacon
    })
    reportUncaughtErrors()
    window.dispatchEvent(new ErrorEvent('error', { error: new RangeError('uncaught in a handler'), message: 'uncaught in a handler' }))
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('a promise nobody caught') }))
    expect(beacons.map(([url]) => url)).toEqual(['/api/client-errors', '/api/client-errors'])
    expect(beacons[0]?.[1].type).toBe('application/json')
    const bodies = await Promise.all(beacons.map(([, blob]) => blob.text().then((t) => JSON.parse(t) as ErrorReport)))
    expect(bodies.map((b) => b.message)).toEqual(['RangeError: uncaught in a handler', 'Error: a promise nobody caught'])
  })
})
