import { useId } from 'react'
import { useAuthDialog } from '../auth/auth-dialog-context'

/** How a viewer who is not on the wall can get there, if at all. */
export type WallWayIn =
  | { kind: 'sign-in' }
  | { kind: 'join'; onJoin: () => void }
  /** The public tournament: everyone is in once their email is verified. */
  | { kind: 'verify-email' }
  | { kind: 'invite' }
  | { kind: 'removed' }

const HOW: Record<WallWayIn['kind'], string> = {
  'sign-in': 'Sign in to take part.',
  join: 'Join the tournament to read the wall and post.',
  'verify-email': 'Everyone joins this tournament automatically after verifying their email.',
  invite: 'Ask the commissioner for an invite link to join.',
  removed: "The league's commissioner removed you from this league, so its wall is closed to you.",
}

/**
 * What a non-member sees in place of the wall: what it is and their honest way in. Never a post
 * box or sample posts (those are only for members whose wall failed to load).
 */
export function WallIntro({ wayIn }: { wayIn: WallWayIn }) {
  const { open } = useAuthDialog()
  const id = useId()
  return (
    <section className="card members-only wall-intro" aria-labelledby={`${id}-title`} data-testid="wall-intro">
      <p className="members-only__icon" aria-hidden="true">
        💬
      </p>
      <h2 id={`${id}-title`} className="members-only__title">
        Community Wall
      </h2>
      <p className="wall-intro__text">
        The wall is where this tournament&apos;s members share their FPL journey: triumphs, disasters and captaincy regrets, with likes, and reports for
        anything that crosses a line. Only members can read it and post.
      </p>
      <p className="wall-intro__how">
        <strong>{HOW[wayIn.kind]}</strong>
      </p>
      {wayIn.kind === 'sign-in' ? (
        <button type="button" className="button button--primary" onClick={() => open('login')}>
          Sign In Now
        </button>
      ) : null}
      {wayIn.kind === 'join' ? (
        <button type="button" className="button button--primary" onClick={wayIn.onJoin}>
          Join Tournament
        </button>
      ) : null}
    </section>
  )
}
