import { type FormEvent, type ReactNode, useRef, useState } from 'react'
import { EmailField, FormMessage, SubmitButton } from './forms'

/** The email field's value, its own problem (cleared by the next edit) and the input to focus. */
export function useEmailField(initial = '') {
  const [email, setEmail] = useState(initial)
  const [error, setError] = useState<string | null>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  return {
    email,
    error,
    inputRef,
    change: (value: string) => {
      setEmail(value)
      if (error) setError(null)
    },
    /** Sets the field's problem (null clears it); a problem takes the focus. */
    setProblem: (problem: string | null) => {
      setError(problem)
      if (problem) inputRef.current?.focus()
    },
  }
}

/** An email address to send a link to: the forgot-password and resend-verification forms. */
export function EmailRequestForm({
  className = 'form',
  field,
  formError,
  busy,
  autoFocus = false,
  onSubmit,
  children,
}: {
  className?: string
  field: ReturnType<typeof useEmailField>
  /** What the server said. */
  formError: string | null
  busy: boolean
  /** Focused when its dialog opens (`data-autofocus`). */
  autoFocus?: boolean
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  /** The submit button's text. */
  children: ReactNode
}) {
  return (
    <form className={className} noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
      <EmailField
        ref={field.inputRef}
        data-autofocus={autoFocus || undefined}
        value={field.email}
        error={field.error}
        onChange={(e) => field.change(e.target.value)}
      />
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
      <SubmitButton busy={busy} busyText="Sending...">
        {children}
      </SubmitButton>
    </form>
  )
}
