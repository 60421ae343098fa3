import { readStorage, writeStorage } from '../../lib/storage'

// The install offer (decision 139): Chromium's `beforeinstallprompt` is kept (not shown at once) and
// offered by the app from the second visit on, never on the first. iPhones have no such event:
// they are told how to add the app to the Home Screen, which push notifications need there.

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

const VISITS_KEY = 'banter-arena:visits'
const DISMISSED_KEY = 'banter-arena:install-dismissed'
/** The offer waits for this visit: a first visit is for the app, not for installing it. */
export const INSTALL_OFFER_VISIT = 2

let deferred: InstallPromptEvent | null = null
const listeners = new Set<() => void>()
const changed = () => {
  for (const listener of listeners) listener()
}

/** Called once by the entry: keeps the browser's install event and counts this visit. */
export function watchInstallPrompt() {
  writeStorage(VISITS_KEY, String(visits() + 1))
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    deferred = event as InstallPromptEvent
    changed()
  })
  window.addEventListener('appinstalled', () => {
    deferred = null
    changed()
  })
}

export const visits = () => Number(readStorage(VISITS_KEY)) || 0
export const installDismissed = () => readStorage(DISMISSED_KEY) === '1'
export const installPromptEvent = () => deferred

export function subscribeInstallPrompt(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function dismissInstall() {
  writeStorage(DISMISSED_KEY, '1')
  changed()
}

/**
 * Whether the install offer shows: from the second visit, until dismissed, with the browser's
 * install event kept or on an iPhone (which gets the Home Screen hint instead).
 */
export const installOfferDue = () => !installDismissed() && visits() >= INSTALL_OFFER_VISIT && (deferred !== null || isIosBrowser())

/** Shows the browser's install dialog; the event can be used once. */
export async function install(): Promise<boolean> {
  const event = deferred
  if (!event) return false
  deferred = null
  changed()
  await event.prompt()
  return (await event.userChoice).outcome === 'accepted'
}

/** iPhone or iPad Safari, not opened from the Home Screen: push needs the app installed there. */
export function isIosBrowser(nav: Navigator = navigator): boolean {
  const ios = /iPhone|iPad|iPod/.test(nav.userAgent) || (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1)
  return ios && (nav as Navigator & { standalone?: boolean }).standalone !== true
}
