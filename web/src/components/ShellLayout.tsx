import { Suspense, useRef } from 'react'
import { Outlet, useLocation } from 'react-router'
import { Footer } from './Footer'
import { Header } from './Header'
import { PageLoading } from './PageLoading'
import { RouteErrorBoundary } from './RouteErrorBoundary'
import { useRouteFocus } from './useRouteFocus'

/** The shared page shell: header, the page, footer. */
export function ShellLayout() {
  const mainRef = useRef<HTMLElement>(null)
  const { pathname } = useLocation()
  useRouteFocus(mainRef)
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Header />
      <main id="main" ref={mainRef} tabIndex={-1} className="shell__main">
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
    </div>
  )
}
