import { parseResponse } from 'hono/client'
import type { PushSubscriptionInput } from '../../../../contract/notifications'
import { api, pathParam, publicApi } from '../../lib/api'
import { readStorage, removeStorage, writeStorage } from '../../lib/storage'
import { isIosBrowser } from './install-prompt'

// Push on this device: permission, the browser's subscription and the server's record of it.
// The server's id of this device is kept in storage, so the device can be turned off (and is,
// on sign-out: a shared phone never gets the previous user's pushes).

const DEVICE_KEY = 'banter-arena:push-device'

export type PushSupport = 'supported' | 'unsupported' | 'ios-needs-install'

export function pushSupport(): PushSupport {
  if (isIosBrowser()) return 'ios-needs-install'
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported'
  return 'supported'
}

export type DeviceState = 'on' | 'off' | 'denied'

export async function deviceState(): Promise<DeviceState> {
  if (Notification.permission === 'denied') return 'denied'
  const registration = await navigator.serviceWorker.getRegistration()
  const subscription = await registration?.pushManager.getSubscription()
  return subscription && readStorage(DEVICE_KEY) ? 'on' : 'off'
}

export class PushDeniedError extends Error {
  override readonly name = 'PushDeniedError'
}

/** The service worker's registration, registering it when the app has not yet (a fast click after load). */
async function registration(): Promise<ServiceWorkerRegistration> {
  if (!(await navigator.serviceWorker.getRegistration())) await navigator.serviceWorker.register('/sw.js')
  return navigator.serviceWorker.ready
}

const fromBase64Url = (text: string) => Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0))

/** Whether a subscription was made for this server key (an ArrayBuffer in the browser's options). */
function madeFor(sub: PushSubscription, key: Uint8Array): boolean {
  const made = sub.options.applicationServerKey
  if (!made) return false
  const bytes = new Uint8Array(made)
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i])
}

/**
 * This device's subscription for the server's current key. After the operators rotated the key
 * (docs/operations.md), push services refuse pushes to subscriptions made for the old one: the
 * device subscribes again, and the next save replaces its row.
 */
async function subscription(reg: ServiceWorkerRegistration): Promise<PushSubscription> {
  const { public_key } = await parseResponse(api.push['vapid-public-key'].$get())
  const key = fromBase64Url(public_key)
  const existing = await reg.pushManager.getSubscription()
  if (existing && madeFor(existing, key)) return existing
  await existing?.unsubscribe()
  return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
}

async function saveDevice(sub: PushSubscription) {
  const answer = await parseResponse(api.push.subscriptions.$post({ json: sub.toJSON() as PushSubscriptionInput }))
  writeStorage(DEVICE_KEY, answer.id)
}

/** Asks for permission (only ever from the user's click) and subscribes this device. */
export async function enablePush(): Promise<void> {
  if ((await Notification.requestPermission()) !== 'granted') throw new PushDeniedError('Notifications are blocked for this site.')
  await saveDevice(await subscription(await registration()))
}

export async function disablePush(): Promise<void> {
  const id = readStorage(DEVICE_KEY)
  if (id) await parseResponse(api.push.subscriptions[':id'].$delete({ param: { id: pathParam(id) } })).catch(() => undefined)
  removeStorage(DEVICE_KEY)
  const registration = await navigator.serviceWorker.getRegistration()
  await (await registration?.pushManager.getSubscription())?.unsubscribe()
}

/**
 * When the app opens signed in (and when the browser replaced the subscription): the server
 * gets this device's subscription again, which refreshes it, or a new one if the browser let the
 * old one expire. Nothing happens where the user never turned push on.
 */
export async function resyncPush(): Promise<void> {
  if (pushSupport() !== 'supported' || Notification.permission !== 'granted' || !readStorage(DEVICE_KEY)) return
  const registration = await navigator.serviceWorker.getRegistration()
  if (registration) await saveDevice(await subscription(registration))
}

/**
 * Sign-out: this device stops getting the user's pushes (its offline answers: lib/offline-cache.ts).
 * With a device to forget on the server, answers the promise of that call (made with the
 * session's token, still valid, so the caller revokes the session after it; it never rejects);
 * null when there is none.
 */
export function forgetDevice(token: string): Promise<unknown> | null {
  const id = readStorage(DEVICE_KEY)
  removeStorage(DEVICE_KEY)
  if ('serviceWorker' in navigator) {
    void navigator.serviceWorker
      .getRegistration()
      .then((registration) => registration?.pushManager.getSubscription())
      .then((subscription) => subscription?.unsubscribe())
      .catch(() => undefined)
  }
  if (!id) return null
  return publicApi.push.subscriptions[':id'].$delete({ param: { id: pathParam(id) } }, { headers: { Authorization: `Bearer ${token}` } }).catch(() => undefined)
}
