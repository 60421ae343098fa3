import { useId, useRef, useState, type FormEvent } from 'react'
import { FormMessage, SubmitButton, TextField } from '../../components/forms'
import { analytics } from '../../lib/analytics'
import { apiFetch } from '../../lib/api'
import type { UpdateFplTeamResponse } from '../../lib/api-types'
import { errorText } from '../../lib/errors'
import { parsePositiveId } from '../../lib/validation'
import { useAuth } from '../auth/AuthProvider'
import { useToast } from '../toast/ToastProvider'

/** The yellow "Add FPL Team ID" card (only for users with no team id that is not locked). */
export function AddFplTeamCard({ onAdded }: { onAdded: (answer: UpdateFplTeamResponse) => void }) {
  const { updateUser } = useAuth()
  const { toast } = useToast()
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  const id = useId()

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const teamId = parsePositiveId(value)
    setFormError(null)
    if (teamId === null) {
      setError('Please enter a valid FPL Team ID')
      inputRef.current?.focus()
      return
    }
    setError(null)
    setBusy(true)
    try {
      const answer = await apiFetch<UpdateFplTeamResponse>('/api/auth/update-fpl-team', {
        method: 'POST',
        body: { fpl_team_id: teamId },
      })
      analytics.fplTeamIdUpdate()
      toast({ title: 'FPL Team ID added', description: answer?.message ?? 'Your FPL Team ID is saved.', variant: 'success' })
      updateUser({ fpl_team_id: answer?.fpl_team_id ?? teamId, fpl_team_id_locked: answer?.fpl_team_id_locked ?? true })
      onAdded(answer ?? { fpl_team_id: teamId })
    } catch (err) {
      setFormError(errorText(err, 'Failed to update FPL Team ID'))
      setBusy(false)
    }
  }

  return (
    <section className="card callout callout--warning" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="callout__title">
        <span aria-hidden="true">⚽ </span>Add FPL Team ID
      </h2>
      <p>
        Link your Fantasy Premier League team to find the mini-leagues you already play in. It can only be set once.
      </p>
      <form className="form form--inline" noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
        <TextField
          ref={inputRef}
          label="FPL Team ID"
          name="fpl_team_id"
          inputMode="numeric"
          autoComplete="off"
          value={value}
          error={error}
          hint="The number in your FPL Points page address: fantasy.premierleague.com/entry/1234567/."
          onChange={(e) => {
            setValue(e.target.value)
            if (error) setError(null)
          }}
        />
        <SubmitButton busy={busy} busyText="Saving..." className="button button--primary">
          Save Team ID
        </SubmitButton>
      </form>
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
    </section>
  )
}
