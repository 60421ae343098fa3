import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import { type FormEvent, useId, useState } from 'react'
import type { LineageAnswer } from '../../../../contract/hall-of-fame'
import { TextField } from '../../components/forms'
import { StatusMessage } from '../../components/StatusMessage'
import { api, pathParam } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'
import { commissionerError } from './errors'

// Season lineage (decision 137): the commissioner links last season's FPL league so the
// Hall of Fame spans FPL's July reset. The link counts from the next checked gameweek.

const lineageQuery = (leagueId: string) => ({
  queryKey: queryKeys.lineage(leagueId),
  queryFn: ({ signal }: { signal: AbortSignal }): Promise<LineageAnswer> =>
    parseResponse(api.leagues[':id'].lineage.$get({ param: { id: pathParam(leagueId) } }, { init: { signal } })),
})

/** A positive whole FPL league id, or why not. */
function lineageIdError(text: string): string | null {
  if (!/^\d+$/.test(text.trim()) || Number(text) <= 0) return 'Enter the league ID as a positive whole number, like 314159.'
  return null
}

export function SeasonLineage({ leagueId }: { leagueId: string }) {
  const id = useId()
  const queryClient = useQueryClient()
  const current = useQuery(lineageQuery(leagueId))
  const [value, setValue] = useState('')
  const [fieldError, setFieldError] = useState<string | null>(null)
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const save = useMutation({
    mutationFn: (previous: number | null) =>
      parseResponse(api.leagues[':id'].lineage.$put({ param: { id: pathParam(leagueId) }, json: { previous_fpl_league_id: previous } })),
    onSuccess: (answer) => {
      queryClient.setQueryData(lineageQuery(leagueId).queryKey, answer)
      setOutcome({ tone: 'success', text: answer.message })
      setValue('')
    },
    onError: (error) => setOutcome({ tone: 'error', text: commissionerError(error, 'Failed to link the league') }),
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const problem = lineageIdError(value)
    setFieldError(problem)
    if (problem || save.isPending) return
    setOutcome(null)
    save.mutate(Number(value.trim()))
  }

  const linked = current.data
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="commissioner-section__title">
        Last season&apos;s league
      </h2>
      <p className="muted">
        FPL starts every league afresh each July with a new league ID, and its old tables disappear. Link last season&apos;s league ID so the Hall of Fame
        carries this group&apos;s records across the reset. It counts from the next gameweek FPL checks.
      </p>

      {current.isPending ? (
        <p className="inline-loading" role="status">
          <span className="spinner spinner--sm" aria-hidden="true" /> Loading the link...
        </p>
      ) : current.error ? (
        <p className="form-message form-message--error" role="alert">
          {commissionerError(current.error, 'Failed to load the link')}
        </p>
      ) : (
        <p data-testid="lineage-current">
          {linked?.previous_fpl_league_id ? (
            <>
              Linked to FPL league <strong>{linked.previous_fpl_league_id}</strong>
              {linked.previous_tournament ? (
                <>
                  {' '}
                  (<span className="break-anywhere">{linked.previous_tournament.name}</span>
                  {linked.previous_tournament.fpl_season ? `, ${linked.previous_tournament.fpl_season}` : ''})
                </>
              ) : (
                ': not kept here, so earlier seasons come from FPL history'
              )}
              .
            </>
          ) : (
            'No previous season linked.'
          )}
        </p>
      )}

      <StatusMessage message={outcome} />

      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label="Last season's FPL league ID"
          inputMode="numeric"
          autoComplete="off"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={fieldError ?? undefined}
          hint="The number in last season's league address on the FPL site: /leagues/314159/standings/c"
        />
        <div className="button-row">
          {linked?.previous_fpl_league_id ? (
            <button type="button" className="button button--ghost" disabled={save.isPending} onClick={() => save.mutate(null)}>
              Unlink
            </button>
          ) : null}
          <button type="submit" className="button button--primary" disabled={save.isPending} aria-busy={save.isPending || undefined}>
            {save.isPending ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
            {save.isPending ? 'Linking...' : 'Link league'}
          </button>
        </div>
      </form>
    </section>
  )
}
