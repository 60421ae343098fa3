import type { TimedMessage } from '../lib/useTimedMessage'

/**
 * An action's outcome, announced politely (the region stays in the page so the announcement is
 * heard), and a load error, announced at once.
 */
export function StatusMessage({ message, error = null }: { message: TimedMessage | null; error?: string | null }) {
  return (
    <>
      <div role="status" aria-live="polite">
        {message ? <p className={`form-message form-message--${message.tone}`}>{message.text}</p> : null}
      </div>
      {error ? (
        <p className="form-message form-message--error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  )
}
