import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { FormActions, FormMessage, IdField, TextField } from '../../components/forms'
import { Modal } from '../../components/Modal'
import { analytics } from '../../lib/analytics'
import { ApiError, NetworkError } from '../../lib/api'
import { useAuth } from '../auth/AuthProvider'
import { SignInPrompt, useSignInInstead } from '../auth/SignInPrompt'
import { verifiedTeamFields } from '../fpl-team/fpl-team-api'
import { LazyTeamVerification } from '../fpl-team/LazyTeamVerification'
import { useToast } from '../toast/ToastProvider'
import { DEBOUNCE_MS, LEAGUE_ID_VALIDATE_LENGTH, SUCCESS_TOAST_MS } from './constants'
import { createLeague, invalidateLeagues, validateLeague } from './leagues-api'
import type { CreateLeagueAnswer, ValidateLeagueAnswer } from './types'

export interface CreatedLeague extends CreateLeagueAnswer {
  name: string
}

/** An FPL league chosen before the dialog opens: its id, and its FPL name as the tournament's name. */
export interface CreatePrefill {
  name: string
  fplLeagueId: number
}

type Validation = { state: 'idle' } | { state: 'checking' } | { state: 'done'; result: ValidateLeagueAnswer }

/**
 * The outcomes of the league ID check (decision 181, R10), and before any of them whether the
 * signed-in user's team is in the league: the server refuses to create or join otherwise.
 */
export function validationMessages(result: ValidateLeagueAnswer): { tone: 'ok' | 'bad'; text: string }[] {
  if (!result.fpl_valid) return [{ tone: 'bad', text: 'FPL league not found. Please check the League ID.' }]
  return [
    { tone: 'ok', text: `Found: "${result.fpl_league_name ?? ''}"` },
    result.team_in_league === false
      ? { tone: 'bad', text: 'Your team is not in this league' }
      : result.system_exists
        ? {
            tone: 'ok',
            text: `This league already exists (Commissioner: ${result.commissioner_name ?? 'Unknown'}) You'll be added as a member, not commissioner.`,
          }
        : { tone: 'ok', text: "New league! You'll become the Commissioner." },
  ]
}

/**
 * "Create New Tournament": a name and the FPL league ID. The ID is checked against the server
 * 500 ms after it reaches exactly 6 characters; any other length resets the check.
 */
export function CreateTournamentDialog({
  onClose,
  onCreated,
  prefill,
}: {
  onClose: () => void
  onCreated: (league: CreatedLeague) => void
  prefill?: CreatePrefill
}) {
  const { isAuthenticated, updateUser } = useAuth()
  const signInInstead = useSignInInstead(onClose)
  const { toast } = useToast()
  const queryClient = useQueryClient()
  const [name, setName] = useState(prefill?.name.slice(0, 100) ?? '')
  const [leagueId, setLeagueId] = useState(prefill ? String(prefill.fplLeagueId) : '')
  const [validation, setValidation] = useState<Validation>({ state: 'idle' })
  // Becoming a commissioner needs a verified team: the server's reason, and whether it is now done.
  const [verification, setVerification] = useState<{ detail: string; done: boolean } | null>(null)
  const id = useId()

  useEffect(() => {
    if (leagueId.length !== LEAGUE_ID_VALIDATE_LENGTH) {
      setValidation({ state: 'idle' })
      return
    }
    const controller = new AbortController()
    setValidation({ state: 'checking' })
    const timer = setTimeout(() => {
      validateLeague(leagueId, controller.signal)
        .then((result) => setValidation(result ? { state: 'done', result } : { state: 'idle' }))
        .catch(() => undefined) // aborted: a newer value is being checked
    }, DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [leagueId])

  const creating = useMutation({
    mutationFn: (sent: { name: string; fplLeagueId: string }) => createLeague(sent.name, sent.fplLeagueId),
    onSuccess: (answer, sent) => {
      invalidateLeagues(queryClient)
      analytics.tournamentCreate('private', 0)
      toast({
        title: answer?.is_commissioner === false ? 'Joined Tournament!' : 'Tournament Created!',
        description: answer?.message ?? `${sent.name} is ready.`,
        variant: 'success',
        duration: SUCCESS_TOAST_MS,
      })
      const created: CreatedLeague = { ...answer, name: sent.name }
      setName('')
      setLeagueId('')
      onCreated(created)
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) {
        // The API bridge has logged out, opened Sign In and shown "Authentication Required".
        onClose()
        return
      }
      if (error instanceof ApiError && error.code === 'fpl_team_unverified') {
        setVerification({
          detail: error.detail ?? 'To run a league as its commissioner, first verify that your FPL team is yours.',
          done: false,
        })
        return
      }
      toast({
        title: 'Error',
        description:
          error instanceof NetworkError
            ? 'Network error occurred. Please try again.'
            : error instanceof ApiError
              ? (error.detail ?? 'Failed to create league')
              : 'Failed to create league',
        variant: 'destructive',
      })
    },
  })
  const busy = creating.isPending

  // The check says the team is not in this league: creating would only be refused.
  const teamOutside = validation.state === 'done' && validation.result.team_in_league === false
  const canSubmit = !busy && name.trim() !== '' && leagueId !== '' && isAuthenticated && !teamOutside

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!isAuthenticated) return signInInstead()
    if (!canSubmit) return
    creating.mutate({ name: name.trim(), fplLeagueId: leagueId })
  }

  const messages = validation.state === 'done' ? validationMessages(validation.result) : []

  return (
    <Modal labelledBy={`${id}-title`} describedBy={`${id}-lede`} onClose={onClose} locked={busy} className="tournament-dialog">
      <h2 id={`${id}-title`} className="tournament-dialog__title">
        Create New Tournament
      </h2>
      <p id={`${id}-lede`} className="muted">
        Link your FPL classic league and bring the banter. It&apos;s free.
      </p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Tournament name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="e.g. The Sunday League"
          maxLength={100}
          autoComplete="off"
          required
          data-autofocus
        />
        <IdField
          label="FPL League ID"
          value={leagueId}
          onDigits={setLeagueId}
          placeholder="e.g. 314159"
          autoComplete="off"
          required
          hint="Find this in your FPL league URL"
          describedBy={`${id}-check`}
        />
        <div id={`${id}-check`} className="league-check" role="status" aria-live="polite">
          {validation.state === 'checking' ? (
            <p className="inline-loading league-check__line">
              <span className="spinner spinner--sm" aria-hidden="true" /> Checking league...
            </p>
          ) : null}
          {messages.map((m) => (
            <p key={m.text} className={`league-check__line league-check__line--${m.tone}`}>
              <span aria-hidden="true">{m.tone === 'ok' ? '✓ ' : '⚠ '}</span>
              {m.text}
            </p>
          ))}
        </div>
        {verification ? (
          <>
            {verification.done ? null : <FormMessage tone="info">{verification.detail}</FormMessage>}
            <LazyTeamVerification
              onVerified={(team) => {
                updateUser(verifiedTeamFields(team))
                setVerification((v) => v && { ...v, done: true })
              }}
            />
            {verification.done ? <p className="muted">Now press Create Tournament to finish.</p> : null}
          </>
        ) : null}
        {!isAuthenticated ? <SignInPrompt action="create a tournament" onLeave={onClose} /> : null}
        <FormActions busy={busy} busyText="Creating..." disabled={!canSubmit} onCancel={onClose}>
          Create Tournament
        </FormActions>
      </form>
    </Modal>
  )
}
