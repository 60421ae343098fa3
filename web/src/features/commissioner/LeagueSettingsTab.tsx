import { useMutation } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import { type FormEvent, useId, useState } from 'react'
import { Fact } from '../../components/Fact'
import { FormActions, TextField } from '../../components/forms'
import { StatusMessage } from '../../components/StatusMessage'
import { api, pathParam } from '../../lib/api'
import { useTimedMessage } from '../../lib/useTimedMessage'
import { commissionerError } from './errors'
import { RenewLeague } from './RenewLeague'
import type { ManagedLeague } from './types'

/**
 * League settings: a view mode and an edit mode; Cancel restores the saved values. Above them, at
 * FPL's relaunch, the renewal with this season's league (decision 185).
 */
export function LeagueSettingsTab({ league, onSaved }: { league: ManagedLeague; onSaved: (changes: Partial<ManagedLeague>) => void }) {
  const [editing, setEditing] = useState(false)
  const [name, setName] = useState(league.name)
  const [description, setDescription] = useState(league.description ?? '')
  const [isPublic, setIsPublic] = useState(Boolean(league.is_public))
  const banner = useTimedMessage()
  const id = useId()

  const restore = () => {
    setName(league.name)
    setDescription(league.description ?? '')
    setIsPublic(Boolean(league.is_public))
  }

  const cancel = () => {
    restore()
    setEditing(false)
  }

  const saving = useMutation({
    mutationFn: (json: { name: string; description: string; is_public: boolean }) =>
      parseResponse(api.leagues[':id'].settings.$put({ param: { id: pathParam(league.id) }, json })),
    onSuccess: (answer, sent) => {
      onSaved({
        name: answer?.league?.name ?? sent.name,
        description: answer?.league?.description ?? sent.description,
        is_public: answer?.league?.is_public ?? sent.is_public,
      })
      banner.show('success', answer?.message ?? 'League settings updated successfully!')
      setEditing(false)
    },
    onError: (error) => banner.show('error', commissionerError(error, 'Failed to update settings')),
  })
  const busy = saving.isPending

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy || !name.trim()) return
    saving.mutate({ name: name.trim(), description: description.trim(), is_public: isPublic })
  }

  return (
    <>
      <RenewLeague league={league} onRenewed={onSaved} />
      <section className="card" aria-labelledby={`${id}-title`}>
        <div className="commissioner-section__head">
          <h2 id={`${id}-title`} className="commissioner-section__title">
            League settings
          </h2>
          {!editing ? (
            <button
              type="button"
              className="button button--ghost button--sm"
              onClick={() => {
                restore()
                setEditing(true)
              }}
            >
              Edit
            </button>
          ) : null}
        </div>

        <StatusMessage message={banner.message} />

        {editing ? (
          <form className="form" onSubmit={save}>
            <TextField label="League name" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} required autoFocus />
            <div className="field">
              <label htmlFor={`${id}-description`} className="field__label">
                Description
              </label>
              <textarea
                id={`${id}-description`}
                className="input"
                rows={3}
                maxLength={500}
                value={description}
                onChange={(e) => setDescription(e.target.value)}
                placeholder="House rules, prizes, trash talk policy..."
              />
            </div>
            <label className="checkbox-row">
              <input type="checkbox" checked={isPublic} onChange={(e) => setIsPublic(e.target.checked)} />
              <span>Make league public (anyone can join)</span>
            </label>
            <FormActions className="button-row" busy={busy} busyText="Saving..." disabled={!name.trim()} onCancel={cancel}>
              Save changes
            </FormActions>
          </form>
        ) : (
          <dl className="facts facts--stacked-view">
            <Fact term="Name" valueClassName="break-anywhere">
              {league.name}
            </Fact>
            <Fact term="Description" valueClassName="break-anywhere">
              {league.description || <span className="muted">No description yet.</span>}
            </Fact>
            <Fact term="Visibility">{league.is_public ? 'Public: anyone can join' : 'Private: invite only'}</Fact>
          </dl>
        )}
      </section>
    </>
  )
}
