import { useRef } from 'react'
import { useLocation } from 'react-router'
import { Footer } from '../components/Footer'
import { RoutePage } from '../components/RoutePage'
import { useRouteFocus } from '../components/useRouteFocus'
import { ConnectionBanner } from '../features/pwa/OfflineBanner'
import { Header } from './Header'

// A tournament's page brings its own header bar (logo, back, theme, avatar: decision 181, R10), so
// the site header would only repeat it there; and its own offline notice, which also says from
// when the standings it shows are.
const OWN_HEADER = /^\/tournaments\/[^/]+\/?$/

/** The shared page shell: header, the page (under a notice while offline), footer. */
export function ShellLayout() {
  const mainRef = useRef<HTMLElement>(null)
  const { pathname } = useLocation()
  useRouteFocus(mainRef)
  const ownHeader = OWN_HEADER.test(pathname)
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      {ownHeader ? null : <Header />}
      <main id="main" ref={mainRef} tabIndex={-1} className="shell__main">
        {ownHeader ? null : <ConnectionBanner />}
        <RoutePage pathname={pathname} />
      </main>
      <Footer />
    </div>
  )
}
