import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { TournamentDetailPage } from './AppRoutes'
import { tournamentDeepLink } from './deep-link'

/**
 * Renders the app into #root, replacing index.html's static first paint. On a tournament's page
 * it first waits for the page's chunk, already on its way (deep-link.ts), so the first render is
 * the page rather than the loading fallback; a failure there is left to the route to report.
 */
export async function mount(root: HTMLElement) {
  if (tournamentDeepLink(window.location.pathname)) await TournamentDetailPage.preload().catch(() => {})
  // As a transition, React renders the app in slices and yields to the browser between them
  // instead of blocking the main thread for the whole first render.
  const app = createRoot(root)
  startTransition(() =>
    app.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  )
}
