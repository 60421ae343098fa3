import { parseResponse } from 'hono/client'
import { type FormEvent, useId, useState } from 'react'
import { TextField } from '../../components/forms'
import { api, pathParam } from '../../lib/api'
import { useTimedMessage } from '../../lib/useTimedMessage'
import { commissionerError } from './errors'
import type { ManagedLeague } from './types'

/** League settings: a view mode and an edit mode; Cancel restores the saved values. */
export function LeagueSettingsTab({ league, onSaved }: { league: ManagedLeague; onSaved: (changes: Partial<ManagedLeague>) => void }) {
  const [editing, setEditing] = useState(false)
  const [name, setName] = useState(league.name)
  const [description, setDescription] = useState(league.description ?? '')
  const [isPublic, setIsPublic] = useState(Boolean(league.is_public))
  const [busy, setBusy] = useState(false)
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

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy || !name.trim()) return
    setBusy(true)
    try {
      const answer = await parseResponse(
        api.leagues[':id'].settings.$put({
          param: { id: pathParam(league.id) },
          json: { name: name.trim(), description: description.trim(), is_public: isPublic },
        }),
      )
      onSaved({
        name: answer?.league?.name ?? name.trim(),
        description: answer?.league?.description ?? description.trim(),
        is_public: answer?.league?.is_public ?? isPublic,
      })
      banner.show('success', answer?.message ?? 'League settings updated successfully!')
      setEditing(false)
    } catch (error) {
      banner.show('error', commissionerError(error, 'Failed to update settings'))
    } finally {
      setBusy(false)
    }
  }

  return (
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

      <div role="status" aria-live="polite">
        {banner.message ? <p className={`form-message form-message--${banner.message.tone}`}>{banner.message.text}</p> : null}
      </div>

      {editing ? (
        <form className="form" onSubmit={(e) => void save(e)}>
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
          <div className="button-row">
            <button type="button" className="button button--ghost" onClick={cancel} disabled={busy}>
              Cancel
            </button>
            <button type="submit" className="button button--primary" disabled={busy || !name.trim()} aria-busy={busy || undefined}>
              {busy ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
              {busy ? 'Saving...' : 'Save changes'}
            </button>
          </div>
        </form>
      ) : (
        <dl className="facts facts--stacked-view">
          <div>
            <dt>Name</dt>
            <dd className="break-anywhere">{league.name}</dd>
          </div>
          <div>
            <dt>Description</dt>
            <dd className="break-anywhere">{league.description || <span className="muted">No description yet.</span>}</dd>
          </div>
          <div>
            <dt>Visibility</dt>
            <dd>{league.is_public ? 'Public: anyone can join' : 'Private: invite only'}</dd>
          </div>
        </dl>
      )}
    </section>
  )
}
