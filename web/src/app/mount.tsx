import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { LandingPage, TournamentDetailPage } from './AppRoutes'
import { appQueryClient } from './browser-query-client'

/**
 * Renders the app into #root, replacing index.html's static first paint. On a tournament's page
 * it first loads the page's chunk and deep-link.ts, which puts the page's answers into the cache
 * and starts its data; on the landing, the landing's chunk. So the first render is the page
 * rather than the loading fallback (which would replace the first paint); a failure there is left
 * to the route to report.
 */
export async function mount(root: HTMLElement) {
  const { pathname, search } = window.location
  if (pathname.startsWith('/tournaments/')) {
    const queryClient = appQueryClient()
    await Promise.allSettled([TournamentDetailPage.preload(), import('./deep-link').then((link) => link.openTournamentDeepLink(pathname, queryClient, search))])
  } else if (pathname === '/') await LandingPage.preload().catch(() => {})
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
