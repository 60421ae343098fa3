import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { FormMessage } from '../../components/forms'
import { errorText } from '../../lib/errors'
import { useTimedMessage } from '../../lib/useTimedMessage'
import { requestTeamChallenge, verifyTeam } from './fpl-team-api'
import type { TeamChallenge, TeamVerified } from './types'
import './fpl-team.css'

type Code = { status: 'loading' } | { status: 'ready'; challenge: TeamChallenge } | { status: 'error'; message: string }
type Check = { status: 'idle' } | { status: 'checking' } | { status: 'failed'; message: string } | { status: 'done'; team: TeamVerified }

// StrictMode mounts the panel twice: both mounts share the request in flight, so one code is issued.
let inFlight: Promise<TeamChallenge> | null = null
function challenge(teamId?: number): Promise<TeamChallenge> {
  inFlight ??= requestTeamChallenge(teamId).finally(() => {
    inFlight = null
  })
  return inFlight
}

const untilTime = (iso: string) => {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? null : date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })
}

/**
 * Proving an FPL team is yours: a one-time code goes anywhere in the team's name on FPL, then
 * "Check" reads the name from FPL. Without `teamId` the account's own team is verified.
 * `onVerified` hears as soon as the server says so; the caller tells the session (`verifiedTeamFields`).
 */
export default function TeamVerification({
  teamId,
  onVerified,
  onClose,
}: {
  teamId?: number
  onVerified: (team: TeamVerified) => void
  /** Shows a "Not now" / "Close" button. */
  onClose?: () => void
}) {
  const [code, setCode] = useState<Code>({ status: 'loading' })
  const [check, setCheck] = useState<Check>({ status: 'idle' })
  const copied = useTimedMessage()
  const doneRef = useRef<HTMLDivElement>(null)
  const id = useId()

  const load = useCallback(() => {
    let live = true
    setCode({ status: 'loading' })
    challenge(teamId).then(
      (answer) => live && setCode({ status: 'ready', challenge: answer }),
      (error: unknown) => live && setCode({ status: 'error', message: errorText(error, "We couldn't create your code. Please try again.") }),
    )
    return () => {
      live = false
    }
  }, [teamId])
  useEffect(load, [load])

  useEffect(() => {
    if (check.status === 'done') doneRef.current?.focus()
  }, [check.status])

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text)
      copied.show('success', 'Code copied.')
    } catch {
      copied.show('info', 'Select the code and copy it by hand.')
    }
  }

  const runCheck = async () => {
    if (check.status === 'checking') return
    setCheck({ status: 'checking' })
    try {
      const team = await verifyTeam(teamId)
      setCheck({ status: 'done', team })
      onVerified(team)
    } catch (error) {
      setCheck({
        status: 'failed',
        message: errorText(error, "We couldn't verify your team. Check that the code is in your FPL team name, then press Check again."),
      })
    }
  }

  if (check.status === 'done') {
    return (
      <div ref={doneRef} tabIndex={-1} className="team-verify focus-target">
        <FormMessage tone="success">
          <strong>Done! {check.team.team_name} is verified as yours.</strong>
          <span className="form-message__sub">You can rename your team back on FPL now.</span>
        </FormMessage>
        {onClose ? (
          <div className="button-row">
            <button type="button" className="button button--ghost" onClick={onClose}>
              Close
            </button>
          </div>
        ) : null}
      </div>
    )
  }

  const expires = code.status === 'ready' ? untilTime(code.challenge.expires_at) : null
  return (
    <section className="team-verify" aria-labelledby={`${id}-title`} aria-busy={code.status === 'loading' || undefined}>
      <h3 id={`${id}-title`}>Verify it&apos;s your team</h3>
      <p className="muted">
        One extra step: put a code in your FPL team name for a moment. Once your team is verified, nobody else can claim it or run your league with it.
      </p>
      {code.status === 'loading' ? (
        <p className="inline-loading" role="status">
          <span className="spinner spinner--sm" aria-hidden="true" /> Getting your code...
        </p>
      ) : null}
      {code.status === 'error' ? (
        <div className="form-message form-message--error" role="alert">
          {code.message}{' '}
          <button type="button" className="link-button" onClick={() => void load()}>
            Try again
          </button>
        </div>
      ) : null}
      {code.status === 'ready' ? (
        <>
          <ol className="steps-list">
            <li>
              Copy your code:
              <span className="team-verify__code">
                <code>{code.challenge.code}</code>
                <button type="button" className="button button--ghost button--sm" onClick={() => void copy(code.challenge.code)}>
                  Copy code
                </button>
                <span role="status" className="muted">
                  {copied.message?.text}
                </span>
              </span>
            </li>
            <li>
              On the FPL site or app, open <strong>Pick Team › Team details</strong>, add the code anywhere in your team name and save.
            </li>
            <li>Come back here and press Check.</li>
          </ol>
          <p className="muted">
            {expires ? `The code works until ${expires}. ` : null}
            <button type="button" className="link-button" onClick={() => void load()}>
              Get a new code
            </button>
          </p>
          {check.status === 'failed' ? <FormMessage tone="error">{check.message}</FormMessage> : null}
        </>
      ) : null}
      <div className="button-row">
        <button
          type="button"
          className="button button--primary"
          onClick={() => void runCheck()}
          disabled={code.status !== 'ready' || check.status === 'checking'}
          aria-busy={check.status === 'checking' || undefined}
        >
          {check.status === 'checking' ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
          {check.status === 'checking' ? 'Checking...' : 'Check'}
        </button>
        {onClose ? (
          <button type="button" className="button button--ghost" onClick={onClose}>
            Not now
          </button>
        ) : null}
      </div>
    </section>
  )
}
