import { afterFirstPaint } from '../../lib/after-first-paint'

/**
 * Registers the service worker (/sw.js) once the page has painted and loaded, so its install
 * (the shell's files) never competes with the first screen. Not in the Vite dev server, where
 * files are not built.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  const register = () =>
    afterFirstPaint(() => {
      navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.warn('The service worker did not register', error))
    })
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}
