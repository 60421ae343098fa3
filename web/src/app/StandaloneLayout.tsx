import { useRef } from 'react'
import { Link, useLocation } from 'react-router'
import { BrandLink } from '../components/Logo'
import { RoutePage } from '../components/RoutePage'
import { useRouteFocus } from '../components/useRouteFocus'
import { ThemeToggle } from '../features/theme/ThemeToggle'
import { PRODUCT_NAME, SUPPORT_MAILTO } from '../lib/product'

/**
 * Layout of the pages outside the shell (email verification, password reset, invites, shared
 * achievements): a slim bar with the logo and the theme toggle, and a centred card.
 */
export function StandaloneLayout() {
  const mainRef = useRef<HTMLElement>(null)
  const { pathname } = useLocation()
  useRouteFocus(mainRef)
  return (
    <div className="standalone">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="standalone__bar container">
        <BrandLink />
        <ThemeToggle />
      </header>
      <main id="main" ref={mainRef} tabIndex={-1} className="standalone__main">
        <RoutePage pathname={pathname} />
      </main>
      <footer className="standalone__footer container">
        <p>{PRODUCT_NAME} is fan-made and not affiliated with the Premier League or Fantasy Premier League.</p>
        <p>
          <Link to="/privacy">Privacy Policy</Link> · <Link to="/terms">Terms of Service</Link> · <a href={SUPPORT_MAILTO}>Contact Support</a>
        </p>
      </footer>
    </div>
  )
}
