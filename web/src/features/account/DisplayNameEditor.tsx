import { useMutation } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { DISPLAY_NAME_MAX } from '../../../../contract/account-rules'
import { analytics } from '../../lib/analytics'
import { api } from '../../lib/api'
import { errorText } from '../../lib/errors'
import { useAuth } from '../auth/AuthProvider'
import { useToast } from '../toast/ToastProvider'

/** Display name setting: a view mode with Edit, and an edit mode (Enter saves, Escape cancels). */
export function DisplayNameEditor() {
  const { user, updateUser } = useAuth()
  const { toast } = useToast()
  const [editing, setEditing] = useState(false)
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const editButtonRef = useRef<HTMLButtonElement>(null)
  const returnFocus = useRef(false)
  const id = useId()
  const name = user?.name ?? ''

  useEffect(() => {
    if (editing) {
      inputRef.current?.focus()
      inputRef.current?.select()
    } else if (returnFocus.current) {
      returnFocus.current = false
      editButtonRef.current?.focus()
    }
  }, [editing])

  const startEditing = () => {
    setValue(name)
    setError(null)
    setEditing(true)
  }

  const stopEditing = () => {
    returnFocus.current = true
    setEditing(false)
    setError(null)
  }

  const saving = useMutation({
    mutationFn: (newName: string) => parseResponse(api.auth['update-display-name'].$put({ json: { new_name: newName } })),
    onMutate: () => setError(null),
    onSuccess: (answer, newName) => {
      updateUser({ name: answer?.name ?? newName })
      analytics.profileUpdate('display_name')
      toast({ title: 'Display name updated successfully!', variant: 'success' })
      stopEditing()
    },
    onError: (err) => setError(errorText(err, 'Failed to update display name. Please try again.')),
  })
  const busy = saving.isPending

  const save = (event?: FormEvent) => {
    event?.preventDefault()
    if (busy) return
    const trimmed = value.trim()
    if (!trimmed) {
      setError('Display name cannot be empty.')
      inputRef.current?.focus()
      return
    }
    // Unchanged: just leave edit mode, no call.
    if (trimmed === name.trim()) return stopEditing()
    saving.mutate(trimmed)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      if (!busy) stopEditing()
    }
  }

  return (
    <section className="card settings-card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="settings-card__title">
        Display Name
      </h3>
      <p className="settings-card__lede">How other managers see you in your leagues.</p>
      {editing ? (
        <form className="form" noValidate onSubmit={save} aria-busy={busy || undefined}>
          <div className="field">
            <label htmlFor={`${id}-input`} className="field__label">
              Display name
            </label>
            <input
              ref={inputRef}
              id={`${id}-input`}
              className="input"
              name="display-name"
              autoComplete="nickname"
              maxLength={DISPLAY_NAME_MAX}
              value={value}
              aria-invalid={error ? true : undefined}
              aria-describedby={[error ? `${id}-error` : '', `${id}-count`, `${id}-tip`].filter(Boolean).join(' ')}
              onChange={(e) => {
                setValue(e.target.value)
                if (error) setError(null)
              }}
              onKeyDown={onKeyDown}
              disabled={busy}
            />
            {error ? (
              <p id={`${id}-error`} className="field__error" role="alert">
                <span aria-hidden="true">⚠ </span>
                {error}
              </p>
            ) : null}
            <div className="field__meta">
              <p id={`${id}-tip`} className="field__hint">
                Tip: 2-50 characters. Enter saves, Escape cancels.
              </p>
              <p id={`${id}-count`} className="field__counter">
                {value.length}/{DISPLAY_NAME_MAX} characters
              </p>
            </div>
          </div>
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
              {busy ? 'Saving...' : 'Save'}
            </button>
            <button type="button" className="button button--ghost" onClick={stopEditing} disabled={busy}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="settings-row">
          <p className="settings-row__value" data-testid="display-name">
            {name || <span className="muted">Not set</span>}
          </p>
          <button ref={editButtonRef} type="button" className="button button--ghost" onClick={startEditing} aria-label="Edit display name">
            Edit
          </button>
        </div>
      )}
    </section>
  )
}
