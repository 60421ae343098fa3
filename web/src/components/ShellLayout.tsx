import { Suspense, useRef } from 'react'
import { Outlet, useLocation } from 'react-router'
import { Footer } from './Footer'
import { Header } from './Header'
import { PageLoading } from './PageLoading'
import { RouteErrorBoundary } from './RouteErrorBoundary'
import { useRouteFocus } from './useRouteFocus'

// A tournament's page brings its own header bar (logo, back, theme, avatar: spec §2), so the
// site header would only repeat it there.
const OWN_HEADER = /^\/tournaments\/[^/]+\/?$/

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
      {OWN_HEADER.test(pathname) ? null : <Header />}
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
