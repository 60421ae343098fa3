/// <reference lib="webworker" />
// The service worker (decisions 139 and 154): the app shell and the last standings a user saw, offline; the
// pushes the worker sends, shown as notifications that open their screen. Its own small bundle,
// /sw.js (web/vite.config.ts), registered after the first paint (features/pwa/register.ts).
import { OFFLINE_SAVED_AT_HEADER, OPEN_SCREEN_MESSAGE, PUSH_SUBSCRIPTION_CHANGED_MESSAGE, type PushPayload } from '../../../contract/notifications'
import { OFFLINE_READS_CACHE } from '../lib/offline-cache'
import { screenUrl, shellAssets, staleCaches, strategyFor, versionCaches } from './routes'

declare const self: ServiceWorkerGlobalScope
/** The build's version, set by the build (web/vite.config.ts): each deploy's worker differs, so it installs. */
declare const __BUILD_VERSION__: string

// A new deploy's worker brings a new shell and new hashed files; the version names the caches it owns.
const { shell: SHELL_CACHE, assets: ASSET_CACHE } = versionCaches(__BUILD_VERSION__)
const SAVED_AT = 'x-saved-at'

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE)
      const shell = await fetch('/', { cache: 'no-cache' })
      if (!shell.ok) throw new Error(`The app shell answered ${shell.status}`)
      const html = await shell.clone().text()
      await cache.put('/', shell)
      await (await caches.open(ASSET_CACHE)).addAll(shellAssets(html))
      await self.skipWaiting()
    })(),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of staleCaches(await caches.keys(), __BUILD_VERSION__)) await caches.delete(name)
      await self.clients.claim()
    })(),
  )
})

self.addEventListener('fetch', (event) => {
  const strategy = strategyFor(event.request, self.location.origin)
  if (strategy === 'shell') event.respondWith(shell(event.request))
  else if (strategy === 'asset') event.respondWith(asset(event.request))
  else if (strategy === 'offline-read') event.respondWith(offlineRead(event.request))
})

/** Network first (a deploy's new HTML); offline, the cached shell, which routes on the client. */
async function shell(request: Request): Promise<Response> {
  try {
    return await fetch(request)
  } catch (error) {
    const cached = await caches.match('/', { cacheName: SHELL_CACHE })
    if (cached) return cached
    throw error
  }
}

async function asset(request: Request): Promise<Response> {
  const cache = await caches.open(ASSET_CACHE)
  const cached = await cache.match(request)
  if (cached) return cached
  const response = await fetch(request)
  if (response.ok) await cache.put(request, response.clone())
  return response
}

/**
 * Network first; each good answer is kept with the time it was saved, and served when the
 * network fails, marked with that time so the page can say how old it is.
 */
async function offlineRead(request: Request): Promise<Response> {
  // Per-user answers: the page deletes them when the user signs out or another signs in (lib/offline-cache.ts).
  const cache = await caches.open(OFFLINE_READS_CACHE)
  try {
    const response = await fetch(request)
    if (response.ok) {
      const headers = new Headers(response.headers)
      headers.set(SAVED_AT, new Date().toISOString())
      await cache.put(request.url, new Response(await response.clone().blob(), { status: response.status, headers }))
    }
    return response
  } catch (error) {
    const cached = await cache.match(request.url)
    if (!cached) throw error
    const headers = new Headers(cached.headers)
    headers.set(OFFLINE_SAVED_AT_HEADER, cached.headers.get(SAVED_AT) ?? '')
    return new Response(cached.body, { status: cached.status, headers })
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data)
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: screenUrl(payload.url, self.location.origin), type: payload.type },
    }),
  )
})

/** A push we cannot read still shows something: browsers penalise pushes that show nothing. */
function readPayload(data: PushMessageData | null): Pick<PushPayload, 'title' | 'body' | 'url' | 'tag' | 'type'> {
  try {
    const payload = data?.json() as PushPayload
    if (typeof payload.title === 'string' && typeof payload.body === 'string') return payload
  } catch {
    // Falls through to the generic notification.
  }
  return { type: 'gazette', title: 'Banter Arena', body: 'Something happened in your leagues.', url: '/dashboard', tag: 'banter-arena' }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = screenUrl((event.notification.data as { url?: unknown } | null)?.url, self.location.origin)
  // Started before waitUntil: an end-to-end test dispatches this event itself, and there
  // waitUntil throws (the event is not trusted), but the screen must still open.
  const opening = openScreen(url)
  event.waitUntil(opening)
})

/** An open window of the app goes to the screen (in-app, no reload); without one, a new window. */
async function openScreen(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin)
  if (!open) {
    await self.clients.openWindow(url)
    return
  }
  open.postMessage({ type: OPEN_SCREEN_MESSAGE, url })
  try {
    await open.focus()
  } catch {
    // Focus needs the user's click; the screen has changed either way.
  }
}

self.addEventListener('pushsubscriptionchange', () => {
  // The session is a bearer token the worker cannot read: the open app re-syncs the device.
  void self.clients.matchAll({ type: 'window' }).then((windows) => {
    for (const client of windows) client.postMessage({ type: PUSH_SUBSCRIPTION_CHANGED_MESSAGE })
  })
})
