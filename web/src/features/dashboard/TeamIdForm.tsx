import { useMutation } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import { type FormEvent, useRef, useState } from 'react'
import { FormMessage, SubmitButton, TextField } from '../../components/forms'
import { analytics } from '../../lib/analytics'
import { api } from '../../lib/api'
import type { UpdateFplTeamAnswer } from '../../lib/api-answers'
import { errorText } from '../../lib/errors'
import { parsePositiveId } from '../../lib/validation'
import { useAuth } from '../auth/AuthProvider'
import { TeamConfirmation } from '../fpl-team/TeamConfirmation'
import { useTeamConfirmation } from '../fpl-team/useTeamConfirmation'
import { useToast } from '../toast/ToastProvider'

/**
 * The FPL Team ID field of the dashboard (adding a first id, or changing one not yet verified):
 * the team is looked up and confirmed as the user's before POST /api/auth/update-fpl-team.
 */
export function TeamIdForm({ saveLabel, savedTitle, onSaved }: { saveLabel: string; savedTitle: string; onSaved: (answer: UpdateFplTeamAnswer) => void }) {
  const { updateUser } = useAuth()
  const { toast } = useToast()
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const team = useTeamConfirmation()
  const inputRef = useRef<HTMLInputElement>(null)
  const teamId = parsePositiveId(value)

  const saving = useMutation({
    mutationFn: (id: number) => parseResponse(api.auth['update-fpl-team'].$post({ json: { fpl_team_id: id } })),
    onSuccess: (answer, id) => {
      analytics.fplTeamIdUpdate()
      toast({ title: savedTitle, description: answer?.message ?? 'Your FPL Team ID is saved.', variant: 'success' })
      // A newly saved id is not proven yet: it stays changeable until its owner verifies it.
      updateUser({ fpl_team_id: answer?.fpl_team_id ?? id, fpl_team_id_locked: answer?.fpl_team_id_locked ?? false, fpl_team_verified: false })
      onSaved(answer ?? { fpl_team_id: id })
    },
    onError: (err) => setFormError(errorText(err, 'Failed to update FPL Team ID')),
  })
  // Still busy once saved: the card moves on, and the id is not sent twice meanwhile.
  const busy = saving.isPending || saving.isSuccess

  const fieldError = (message: string) => {
    setError(message)
    inputRef.current?.focus()
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    setFormError(null)
    if (teamId === null) return fieldError('Please enter a valid FPL Team ID')
    setError(null)
    const result = await team.check(teamId)
    if (result === 'confirmed') saving.mutate(teamId)
    else if (result !== 'wait') fieldError(result.error)
  }

  return (
    <>
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
            team.reset()
          }}
        />
        {team.state.status === 'asking' ? null : (
          <SubmitButton busy={busy || team.state.status === 'checking'} busyText={busy ? 'Saving...' : 'Checking team...'} className="button button--primary">
            {saveLabel}
          </SubmitButton>
        )}
      </form>
      <TeamConfirmation
        check={team}
        confirmLabel="Yes, save this team"
        onConfirmed={() => {
          if (teamId !== null) saving.mutate(teamId)
        }}
        returnFocusTo={inputRef}
      />
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
    </>
  )
}
