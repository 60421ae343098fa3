import { useCallback, useRef, useState } from 'react'
import { isTeamInLeague, lookupErrorText, lookupTeam } from './fpl-team-api'
import type { FplTeam } from './types'

/** Where the team id is being saved stands: nothing asked yet, looking it up, asking, or confirmed. */
export type TeamCheck =
  | { status: 'idle' }
  | { status: 'checking'; teamId: number }
  | { status: 'asking'; team: FplTeam }
  | { status: 'confirmed'; team: FplTeam }

/** The league the team must be in (the invite page). */
export interface RequiredLeague {
  fplLeagueId: number
  name: string
}

/**
 * Before a team id is saved anywhere (registration, invite page, dashboard) its owner sees the
 * team and manager name from FPL and confirms the team is theirs: a mistyped or borrowed id is
 * caught before an account or a claim is made with it.
 *
 * `check(teamId)` answers 'confirmed' when this id is already confirmed (go ahead and save it);
 * otherwise it looks the team up and asks the user ('wait': nothing to do until they answer, or
 * the look-up was overtaken by an edit), or answers the error text for the id field.
 */
export function useTeamConfirmation(league?: RequiredLeague) {
  const [state, setState] = useState<TeamCheck>({ status: 'idle' })
  // Each look-up's ticket: an answer for an id the user has since edited is dropped.
  const latest = useRef(0)

  const check = async (teamId: number): Promise<'confirmed' | 'wait' | { error: string }> => {
    if (state.status === 'confirmed' && state.team.fpl_team_id === teamId) return 'confirmed'
    if (state.status === 'checking') return 'wait'
    const ticket = ++latest.current
    setState({ status: 'checking', teamId })
    try {
      const [team, inLeague] = await Promise.all([lookupTeam(teamId), league ? isTeamInLeague(league.fplLeagueId, teamId) : Promise.resolve(true)])
      if (ticket !== latest.current) return 'wait'
      if (!inLeague) {
        setState({ status: 'idle' })
        return {
          error: `This team (${team.team_name}) is not in ${league?.name}'s FPL league. Check your FPL Team ID: only managers in that league can join it.`,
        }
      }
      setState({ status: 'asking', team })
      return 'wait'
    } catch (error) {
      if (ticket !== latest.current) return 'wait'
      setState({ status: 'idle' })
      return { error: lookupErrorText(error) }
    }
  }

  const confirm = useCallback(() => setState((s) => (s.status === 'asking' ? { status: 'confirmed', team: s.team } : s)), [])
  /** Back to the form: the id changed, or the user said the team is not theirs. */
  const reset = useCallback(() => {
    latest.current += 1
    setState((s) => (s.status === 'idle' ? s : { status: 'idle' }))
  }, [])

  return { state, check, confirm, reset }
}

/** What `useTeamConfirmation` hands a form: its state and the three steps. */
export type TeamConfirmationState = ReturnType<typeof useTeamConfirmation>
