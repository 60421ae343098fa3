import { useMutation, useQuery } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import { type FormEvent, useId, useState } from 'react'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { IdField } from '../../../components/forms'
import { api, pathParam } from '../../../lib/api'
import { errorText } from '../../../lib/errors'
import { queryKeys } from '../../../lib/query-keys'
import { useConfirmedMutation } from '../../../lib/useConfirmedMutation'
import { useToast } from '../../toast/ToastProvider'
import type { CuratedTeam } from '../types'

/**
 * Manage (curated tournaments, admins only): the admin picks the real FPL teams that compete,
 * adding them by FPL team ID and removing them. (This tab's content is ours: the product's rules
 * leave it open.)
 */
export function ManageTab({ leagueId, onChanged }: { leagueId: number | string; onChanged: () => void }) {
  const { toast } = useToast()
  const [teamId, setTeamId] = useState('')
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

  const adding = useMutation({
    mutationFn: (fplTeamId: number) => parseResponse(route.$post({ param, json: { fpl_team_id: fplTeamId } })),
    onSuccess: async (answer) => {
      toast({ title: 'Team Added', description: answer.message, variant: 'success' })
      setTeamId('')
      await load()
      onChanged()
    },
    onError: (error) => toast({ title: 'Error', description: errorText(error, 'Failed to add team'), variant: 'destructive' }),
  })

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const value = Number(teamId)
    if (!Number.isInteger(value) || value <= 0 || adding.isPending) return
    adding.mutate(value)
  }

  const removal = useConfirmedMutation({
    mutationFn: (team: CuratedTeam) => parseResponse(route[':teamId'].$delete({ param: { ...param, teamId: String(team.fpl_team_id) } })),
    onSuccess: async (answer) => {
      toast({ title: 'Team Removed', description: answer.message, variant: 'success' })
      removal.close()
      await load()
      onChanged()
    },
    onError: (error) => toast({ title: 'Error', description: errorText(error, 'Failed to remove team'), variant: 'destructive' }),
  })

  return (
    <section className="card manage-tab" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Manage Curated Teams</h2>
      <p className="muted">Hand-pick the real FPL managers in this tournament. Add a team by its FPL team ID.</p>
      <form className="form form--inline" onSubmit={add}>
        <IdField label="FPL Team ID" value={teamId} onDigits={setTeamId} autoComplete="off" placeholder="e.g. 1234567" />
        <button type="submit" className="button button--primary" disabled={!teamId || adding.isPending} aria-busy={adding.isPending || undefined}>
          {adding.isPending ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
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
              <button type="button" className="button button--ghost button--sm button--danger-text" onClick={() => removal.ask(team)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {removal.target ? (
        <ConfirmDialog title="Remove this team?" confirmLabel="Remove" busyLabel="Removing..." {...removal.dialog}>
          <p>
            {removal.target.team_name} ({removal.target.player_name}) leaves the curated tournament.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  )
}
