import { useEffect, useId, useRef, useState } from 'react'
import { Link, NavLink, useLocation, useNavigate } from 'react-router'
import { BrandLink } from '../components/Logo'
import { useAuth } from '../features/auth/AuthProvider'
import { useAuthDialog } from '../features/auth/auth-dialog-context'
import { ThemeToggle } from '../features/theme/ThemeToggle'
import { initialsOf } from '../lib/initials'

/** Pages that only make sense signed in: signing out there goes home. */
const PRIVATE_PATHS = ['/dashboard', '/commissioner']

const NAV_LINKS = [
  { to: '/tournaments', label: 'Tournaments' },
  { to: '/about', label: 'About' },
]

export function Header() {
  const { user, isAuthenticated, logout } = useAuth()
  const { open } = useAuthDialog()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const [menuOpen, setMenuOpen] = useState(false)
  const menuId = useId()
  const menuButtonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)

  // The mobile menu closes on navigation, on Escape (focus back to its button) and on outside clicks.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input: every navigation closes the menu
  useEffect(() => setMenuOpen(false), [pathname])
  useEffect(() => {
    if (!menuOpen) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setMenuOpen(false)
      menuButtonRef.current?.focus()
    }
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node
      if (!menuRef.current?.contains(target) && !menuButtonRef.current?.contains(target)) setMenuOpen(false)
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('pointerdown', onPointerDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('pointerdown', onPointerDown)
    }
  }, [menuOpen])

  const signIn = () => {
    setMenuOpen(false)
    open('login')
  }
  const signUp = () => {
    setMenuOpen(false)
    open('register')
  }
  const signOut = () => {
    setMenuOpen(false)
    logout()
    if (PRIVATE_PATHS.some((p) => pathname.startsWith(p))) navigate('/')
  }

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <BrandLink />

        <nav className="main-nav desktop-only" aria-label="Main">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className="main-nav__link">
              {link.label}
            </NavLink>
          ))}
        </nav>

        <div className="site-header__actions">
          <ThemeToggle />
          {isAuthenticated ? (
            <>
              <Link
                to="/dashboard"
                className="avatar-button"
                aria-label={user?.name ? `Your dashboard (${user.name})` : 'Your dashboard'}
                title="Your dashboard"
              >
                {initialsOf(user?.name)}
              </Link>
              <button type="button" className="button button--ghost desktop-only" onClick={signOut}>
                Sign Out
              </button>
            </>
          ) : (
            <SignInButtons modifier="desktop-only" onSignIn={signIn} onSignUp={signUp} />
          )}
          <button
            ref={menuButtonRef}
            type="button"
            className="icon-button mobile-only"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label="Menu"
            onClick={() => setMenuOpen((v) => !v)}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              {menuOpen ? (
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              ) : (
                <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              )}
            </svg>
          </button>
        </div>
      </div>

      <div id={menuId} ref={menuRef} className="mobile-menu mobile-only" hidden={!menuOpen}>
        <nav aria-label="Mobile" className="mobile-menu__nav">
          <NavLink to="/" end className="mobile-menu__link">
            Home
          </NavLink>
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className="mobile-menu__link">
              {link.label}
            </NavLink>
          ))}
          {isAuthenticated ? (
            <NavLink to="/dashboard" className="mobile-menu__link">
              Dashboard
            </NavLink>
          ) : null}
        </nav>
        <div className="mobile-menu__actions">
          {isAuthenticated ? (
            <button type="button" className="button button--ghost button--block" onClick={signOut}>
              Sign Out
            </button>
          ) : (
            <SignInButtons modifier="button--block" onSignIn={signIn} onSignUp={signUp} />
          )}
        </div>
      </div>
    </header>
  )
}

/** "Sign In" and "Sign Up": in the bar (`desktop-only`) and in the mobile menu (`button--block`). */
function SignInButtons({ modifier, onSignIn, onSignUp }: { modifier: string; onSignIn: () => void; onSignUp: () => void }) {
  return (
    <>
      <button type="button" className={`button button--ghost ${modifier}`} onClick={onSignIn}>
        Sign In
      </button>
      <button type="button" className={`button button--primary ${modifier}`} onClick={onSignUp}>
        Sign Up
      </button>
    </>
  )
}
