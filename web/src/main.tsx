import { watchInstallPrompt } from './features/pwa/install-prompt'
import { registerServiceWorker } from './features/pwa/register'
import { afterFirstPaint } from './lib/after-first-paint'
import { reportUncaughtErrors } from './lib/report-error'
import './styles/index.css'

// The entry only decides when to load the app. Where the HTML carries a first screen (the
// landing's hero, a visitor's tournament page: theme-init.js marks them), React and the router
// are evaluated after it has painted; elsewhere there is nothing to paint first, so the app loads
// at once. Nothing here imports React, the router or the query layer (decision 168): a static
// import would make the browser fetch and evaluate them before the first paint.
// First, so an error anywhere after reaches the worker's log (decision 156).
reportUncaughtErrors()
const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

const loadApp = () => {
  // The landing's own chunk (and its styles) downloads beside the app's: mount.tsx waits for it.
  if (window.location.pathname === '/') import('./pages/LandingPage').catch(() => {})
  return import('./app/mount').then(
    ({ mount }) => mount(root),
    () => {
      const message = document.createElement('p')
      message.className = 'boot-error'
      message.setAttribute('role', 'alert')
      message.textContent = 'The app could not load. Check your connection and reload the page.'
      root.replaceChildren(message)
    },
  )
}

if (document.documentElement.hasAttribute('data-prepaint')) afterFirstPaint(loadApp)
else loadApp()
// Installable and offline (decision 139): the browser's install offer is kept for later, and the
// service worker registers once the page has loaded.
watchInstallPrompt()
registerServiceWorker()
