import type { ReactNode } from 'react'
import { useAuthDialog } from './auth-dialog-context'

/**
 * What signed-out visitors see instead of a tournament's standings or banter: the content
 * blurred (inert, hidden from assistive tech) under a "Join the Banter!" prompt.
 */
export function SignInGate({ message, children }: { message: string; children: ReactNode }) {
  const { open } = useAuthDialog()
  return (
    <div className="gate" data-testid="sign-in-gate">
      <div className="gate__content" aria-hidden="true" inert>
        {children}
      </div>
      <div className="gate__overlay">
        <div className="gate__card">
          <p className="gate__icon" aria-hidden="true">
            🔒
          </p>
          <h2 className="gate__title">Join the Banter!</h2>
          <p className="gate__text">{message}</p>
          <button type="button" className="button button--primary" onClick={() => open('login')}>
            Sign In Now
          </button>
        </div>
      </div>
    </div>
  )
}

/** A private tournament's data, seen by a signed-in user who is not a member (the API answered 403). */
export function MembersOnly({ what, onJoin }: { what: string; onJoin?: () => void }) {
  return (
    <div className="card members-only" role="status">
      <p className="members-only__icon" aria-hidden="true">
        🔐
      </p>
      <h2 className="members-only__title">Members only</h2>
      <p className="muted">The {what} of this private tournament are for its members. Join to get in on the banter.</p>
      {onJoin ? (
        <button type="button" className="button button--primary" onClick={onJoin}>
          Join Tournament
        </button>
      ) : null}
    </div>
  )
}
