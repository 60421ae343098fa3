import { useQuery } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import { type FormEvent, useId, useState } from 'react'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { TextField } from '../../../components/forms'
import { api, pathParam } from '../../../lib/api'
import { errorText } from '../../../lib/errors'
import { queryKeys } from '../../../lib/query-keys'
import { useToast } from '../../toast/ToastProvider'
import type { CuratedTeam } from '../types'

/**
 * Manage (curated tournaments, admins only): the admin picks the real FPL teams that compete,
 * adding them by FPL team ID and removing them. (The spec leaves this tab's content to us.)
 */
export function ManageTab({ leagueId, onChanged }: { leagueId: number | string; onChanged: () => void }) {
  const { toast } = useToast()
  const [teamId, setTeamId] = useState('')
  const [adding, setAdding] = useState(false)
  const [removing, setRemoving] = useState<CuratedTeam | null>(null)
  const [busyRemove, setBusyRemove] = useState(false)
  const id = useId()

  const route = api.leagues[':id']['curated-teams']
  const param = { id: pathParam(leagueId) }
  const query = useQuery({
    queryKey: queryKeys.curatedTeams(leagueId),
    queryFn: ({ signal }) => parseResponse(route.$get({ param }, { init: { signal } })),
  })
  const teams = query.data?.curated_teams ?? null
  const loadError = query.isError ? errorText(query.error, 'Failed to load the curated teams') : null
  const load = () => query.refetch()

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const value = Number(teamId)
    if (!Number.isInteger(value) || value <= 0 || adding) return
    setAdding(true)
    try {
      const answer = await parseResponse(route.$post({ param, json: { fpl_team_id: value } }))
      toast({ title: 'Team Added', description: answer.message, variant: 'success' })
      setTeamId('')
      await load()
      onChanged()
    } catch (error) {
      toast({ title: 'Error', description: errorText(error, 'Failed to add team'), variant: 'destructive' })
    } finally {
      setAdding(false)
    }
  }

  const remove = async () => {
    if (!removing) return
    setBusyRemove(true)
    try {
      const answer = await parseResponse(route[':teamId'].$delete({ param: { ...param, teamId: String(removing.fpl_team_id) } }))
      toast({ title: 'Team Removed', description: answer.message, variant: 'success' })
      setRemoving(null)
      await load()
      onChanged()
    } catch (error) {
      toast({ title: 'Error', description: errorText(error, 'Failed to remove team'), variant: 'destructive' })
    } finally {
      setBusyRemove(false)
    }
  }

  return (
    <section className="card manage-tab" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Manage Curated Teams</h2>
      <p className="muted">Hand-pick the real FPL managers in this tournament. Add a team by its FPL team ID.</p>
      <form className="form form--inline" onSubmit={(e) => void add(e)}>
        <TextField
          label="FPL Team ID"
          value={teamId}
          onChange={(e) => setTeamId(e.target.value.replace(/\D/g, ''))}
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={10}
          autoComplete="off"
          placeholder="e.g. 1234567"
        />
        <button type="submit" className="button button--primary" disabled={!teamId || adding} aria-busy={adding || undefined}>
          {adding ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
          Add Team
        </button>
      </form>
      {loadError ? (
        <p className="form-message form-message--error" role="alert">
          {loadError}
        </p>
      ) : null}
      {teams === null && !loadError ? (
        <p className="inline-loading" role="status">
          <span className="spinner spinner--sm" aria-hidden="true" /> Loading teams...
        </p>
      ) : null}
      {teams && teams.length === 0 ? <p className="muted">No curated teams yet.</p> : null}
      {teams && teams.length > 0 ? (
        <ul className="row-list" aria-label="Curated teams">
          {teams.map((team) => (
            <li key={team.fpl_team_id} className="row-list__item">
              <div className="row-list__main">
                <p className="row-list__title">{team.team_name}</p>
                <p className="row-list__meta">
                  {team.player_name} · FPL ID {team.fpl_team_id}
                </p>
              </div>
              <button type="button" className="button button--ghost button--sm button--danger-text" onClick={() => setRemoving(team)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {removing ? (
        <ConfirmDialog
          title="Remove this team?"
          confirmLabel="Remove"
          busyLabel="Removing..."
          busy={busyRemove}
          destructive
          onConfirm={() => void remove()}
          onCancel={() => setRemoving(null)}
        >
          <p>
            {removing.team_name} ({removing.player_name}) leaves the curated tournament.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  )
}
