import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { FormMessage, IdField, SubmitButton } from '../../components/forms'
import { api, pathParam } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'
import { parsePositiveId } from '../../lib/validation'
import { commissionerError } from './errors'
import type { ManagedLeague } from './types'

// Renewing a private tournament at FPL's relaunch (decision 185): FPL gives every league a new id,
// so the commissioner points the tournament at this season's league and keeps everything else.

const renewQuery = (leagueId: number) => ({
  queryKey: queryKeys.renew(leagueId),
  queryFn: ({ signal }: { signal: AbortSignal }) => parseResponse(api.leagues[':id'].renew.$get({ param: { id: pathParam(leagueId) } }, { init: { signal } })),
})

/**
 * Shown while the tournament waits for this season's league: the league of the commissioner's new
 * team with the tournament's name as one tap, else its id typed in. Silent between seasons, once
 * renewed, and when the state cannot be read (only a private tournament's commissioner can renew it).
 */
export function RenewLeague({ league, onRenewed }: { league: ManagedLeague; onRenewed: (changes: Partial<ManagedLeague>) => void }) {
  const id = useId()
  const queryClient = useQueryClient()
  const state = useQuery({ ...renewQuery(league.id), enabled: !league.type || league.type === 'private' })
  const [typing, setTyping] = useState(false)
  const [value, setValue] = useState('')
  const [fieldError, setFieldError] = useState<string | null>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const doneRef = useRef<HTMLParagraphElement>(null)
  const renew = useMutation({
    mutationFn: (fplLeagueId: number) =>
      parseResponse(api.leagues[':id'].renew.$post({ param: { id: pathParam(league.id) }, json: { fpl_league_id: fplLeagueId } })),
    onSuccess: (answer) => {
      onRenewed({ fpl_league_id: answer.fpl_league_id })
      // The renewal sets the season lineage by itself.
      void queryClient.invalidateQueries({ queryKey: queryKeys.lineage(String(league.id)) })
      void queryClient.invalidateQueries({ queryKey: queryKeys.renew(league.id) })
    },
  })
  const renewed = renew.isSuccess

  // The form the focus was in is gone: the outcome takes it.
  useEffect(() => {
    if (renewed) doneRef.current?.focus()
  }, [renewed])

  const data = state.data
  // Between seasons there is nothing to renew into yet (no season).
  if (!renewed && (!data?.season || data.renewed)) return null

  const submit = (event: FormEvent<HTMLFormElement>, proposed: number | null) => {
    event.preventDefault()
    if (renew.isPending) return
    const fplLeagueId = proposed ?? parsePositiveId(value)
    if (fplLeagueId === null) {
      setFieldError('Enter the league ID as a positive whole number, like 314159.')
      inputRef.current?.focus()
      return
    }
    setFieldError(null)
    renew.mutate(fplLeagueId)
  }

  const season = renew.data?.season ?? data?.season
  const proposal = typing ? null : (data?.proposal ?? null)
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="commissioner-section__title">
        Renew for {season}
      </h2>
      {renewed ? (
        <p ref={doneRef} tabIndex={-1} role="status" className="form-message form-message--success focus-target">
          {renew.data.message}
        </p>
      ) : (
        <>
          <p className="muted">
            FPL has started the {season} season and gave every league a new ID. Renew this tournament with this season&apos;s league: its name, members, wall,
            Gazette and settings stay, and the Hall of Fame spans both seasons.
            {data?.ended_fpl_league_id ? ` Last season it followed FPL league ${data.ended_fpl_league_id}.` : null}
          </p>
          {proposal ? (
            <form className="form" onSubmit={(event) => submit(event, proposal.fpl_league_id)} aria-busy={renew.isPending || undefined}>
              <p>
                Your new team plays in <strong className="break-anywhere">{proposal.name}</strong> (FPL league {proposal.fpl_league_id}).
              </p>
              <div className="button-row">
                <SubmitButton busy={renew.isPending} busyText="Renewing..." className="button button--primary">
                  Renew with {proposal.name}
                </SubmitButton>
                <button
                  type="button"
                  className="link-button"
                  disabled={renew.isPending}
                  onClick={() => {
                    renew.reset()
                    setTyping(true)
                    requestAnimationFrame(() => inputRef.current?.focus())
                  }}
                >
                  Use another league ID
                </button>
              </div>
            </form>
          ) : (
            <form className="form" onSubmit={(event) => submit(event, null)} noValidate aria-busy={renew.isPending || undefined}>
              <IdField
                ref={inputRef}
                label="This season's FPL league ID"
                autoComplete="off"
                value={value}
                onDigits={(digits) => {
                  setValue(digits)
                  setFieldError(null)
                }}
                error={fieldError}
                hint="The number in the league's address on the FPL site: /leagues/314159/standings/c. Your new team must play in it."
              />
              <SubmitButton busy={renew.isPending} busyText="Renewing..." className="button button--primary">
                Renew league
              </SubmitButton>
            </form>
          )}
          {renew.isError ? <FormMessage tone="error">{commissionerError(renew.error, 'Failed to renew the league')}</FormMessage> : null}
        </>
      )}
    </section>
  )
}
