import { Link } from 'react-router'
import { PRODUCT_NAME, SUPPORT_MAILTO } from '../lib/product'
import { LogoMark } from './Logo'

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <LogoMark size={28} />
          <div>
            <p className="site-footer__name">{PRODUCT_NAME}</p>
            <p className="site-footer__tagline">Bragging rights, settled every gameweek.</p>
          </div>
        </div>
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/tournaments">Tournaments</Link>
            </li>
            <li>
              <Link to="/about">About Us</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms">Terms of Service</Link>
            </li>
            <li>
              <a href={SUPPORT_MAILTO}>Contact Support</a>
            </li>
          </ul>
        </nav>
        <p className="site-footer__disclaimer">
          {PRODUCT_NAME} is a fan-made project and is not affiliated with, endorsed by or connected to the Premier League or Fantasy Premier League. FPL data
          comes from the game&apos;s public API.
        </p>
        <p className="site-footer__copyright">
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </p>
      </div>
    </footer>
  )
}
