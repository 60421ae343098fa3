import type { ReactNode } from 'react'
import { Link } from 'react-router'

/** A link that looks like a button: the primary action, or (by default) a secondary one. */
export function ButtonLink({ to, primary = false, children }: { to: string; primary?: boolean; children: ReactNode }) {
  return (
    <Link to={to} className={primary ? 'button button--primary' : 'button button--ghost'}>
      {children}
    </Link>
  )
}

/** The way out of a dead end or a finished flow: a secondary button to the home page. */
export function HomeLink({ children = 'Back to Home' }: { children?: string }) {
  return <ButtonLink to="/">{children}</ButtonLink>
}
