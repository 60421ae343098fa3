// The app's uncaught errors reach the worker (POST /api/client-errors, decision 156), which logs them
// with a stack mapped back to our sources, so an operator hears of a broken page before a user
// writes in. Sampled here: a page load sends at most MAX_REPORTS, and each message once (a render
// loop or a failing poll repeats the same error many times a minute).

const ENDPOINT = '/api/client-errors'
const MAX_REPORTS = 5
// Well within the endpoint's 16 KB, whatever the browser's stack looks like.
const MAX_MESSAGE = 1000
const MAX_STACK = 8000
const MAX_USER_AGENT = 400

export interface ErrorReport {
  message: string
  stack?: string
  /** The page without its query and fragment, which may carry tokens (a reset link's). */
  url: string
  /** The bundle that reported: its file name carries the build's content hash. */
  release: string
  user_agent: string
}

/** This bundle's file name; read when a report is made, as the page renderer (a worker) also imports this module and has no such URL. */
function release(): string {
  try {
    return new URL(import.meta.url).pathname.split('/').pop() || 'unknown'
  } catch {
    return 'unknown'
  }
}

function describeError(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, stack: error.stack }
  return { message: typeof error === 'string' ? error : String(error) }
}

/** A reporter that sends at most `max` reports, each message once. */
export function createErrorReporter(send: (report: ErrorReport) => void, max = MAX_REPORTS) {
  const seen = new Set<string>()
  return (error: unknown) => {
    const { message, stack } = describeError(error)
    // "Script error." is all a browser says of another origin's script (an extension's): nothing to act on.
    if (!message || message === 'Script error.' || seen.has(message) || seen.size >= max) return
    seen.add(message)
    // The reporter runs inside the page's error handlers: it must never throw an error of its own.
    try {
      send({
        message: message.slice(0, MAX_MESSAGE),
        stack: stack?.slice(0, MAX_STACK),
        url: `${window.location.origin}${window.location.pathname}`,
        release: release(),
        user_agent: navigator.userAgent.slice(0, MAX_USER_AGENT),
      })
    } catch {}
  }
}

/** A beacon outlives the page (an error just before navigating away still arrives); fetch keepalive where there is none. */
function beacon(report: ErrorReport) {
  const body = JSON.stringify(report)
  if (navigator.sendBeacon?.(ENDPOINT, new Blob([body], { type: 'application/json' }))) return
  fetch(ENDPOINT, { method: 'POST', body, headers: { 'Content-Type': 'application/json' }, keepalive: true }).catch(() => {})
}

/** Reports an error of this page (React's error boundaries call it with what they caught). */
export const reportClientError = createErrorReporter(beacon)

/** Reports this page's uncaught errors and unhandled promise rejections. */
export function reportUncaughtErrors() {
  window.addEventListener('error', (event) => reportClientError(event.error ?? event.message))
  window.addEventListener('unhandledrejection', (event) => reportClientError(event.reason))
}
