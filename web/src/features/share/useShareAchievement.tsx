import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { useAuth } from '../auth/AuthProvider'
import { useAuthDialog } from '../auth/auth-dialog-context'
import type { User } from '../auth/types'
import { useToast } from '../toast/ToastProvider'
import type { BanterCardData } from '../tournaments/detail/banter-cards'
import type { ShareHandler } from '../tournaments/detail/ShareButton'
import type { ShareLeagueInfo } from './share-api'
import { LEAGUE_ACCESS_REQUIRED, LOGIN_REQUIRED } from './share-messages'

// The dialog is its own chunk, fetched the first time a card is shared.
const ShareDialog = lazy(() => import('./ShareDialog'))

export interface ShareContext {
  /** The league id from the address (the share is made for it). */
  leagueId: number
  /** The league when it is known (membership is checked against it). */
  league: { id: number; name?: string | null; member_count?: number | null; is_member?: boolean } | null
  /** Fallbacks from the banter stats' league context. */
  leagueName?: string | null
  members?: number | null
}

interface Target {
  statType: string
  card: BanterCardData
  leagueId: number
}

/**
 * Membership as the client knows it: the stored user's joined_leagues (decision 181, R1), or the league's own
 * is_member flag from the server (joined_leagues can lag behind, e.g. right after an auto-join).
 */
function isLeagueMember(user: User | null, league: { id: number; is_member?: boolean }): boolean {
  return Boolean(user?.joined_leagues?.includes(league.id)) || league.is_member === true
}

/**
 * The banter tab's share hook: `onShare(statType, card)` checks sign-in (else "Login Required"
 * and the sign-in dialog) and membership of a known league (else "League Access Required"), then
 * opens "Share This Achievement"; `dialog` is what to render. On close, focus goes back to the
 * card's Share button.
 */
export function useShareAchievement(context: ShareContext): { onShare: ShareHandler; dialog: ReactNode } {
  const { getToken, user, isAuthenticated, logout } = useAuth()
  const { open: openAuthDialog } = useAuthDialog()
  const { toast } = useToast()
  const [target, setTarget] = useState<Target | null>(null)
  const returnTo = useRef<{ element: Element | null; statType: string } | null>(null)
  const { leagueId, league } = context

  const onShare = useCallback<ShareHandler>(
    (statType, card) => {
      if (!getToken()) {
        toast(LOGIN_REQUIRED)
        openAuthDialog('login')
        return
      }
      if (league && !isLeagueMember(user, league)) {
        toast(LEAGUE_ACCESS_REQUIRED)
        return
      }
      returnTo.current = { element: document.activeElement, statType }
      setTarget({ statType, card, leagueId })
    },
    [getToken, league, leagueId, openAuthDialog, toast, user],
  )

  const close = useCallback(() => setTarget(null), [])

  // Token missing or 401: close, log out when a session was there, open Sign In.
  const signInNeeded = useCallback(() => {
    returnTo.current = null
    setTarget(null)
    logout()
    openAuthDialog('login')
  }, [logout, openAuthDialog])

  // Back to the card's Share button when the dialog closes (the Modal restores focus to what had
  // it on open; Safari does not focus clicked buttons, so look the button up if that was nothing).
  useEffect(() => {
    if (target || !returnTo.current) return
    const { element, statType } = returnTo.current
    returnTo.current = null
    if (document.activeElement && document.activeElement !== document.body) return
    const button =
      element instanceof HTMLElement && element !== document.body && element.isConnected
        ? element
        : document.querySelector<HTMLElement>(`[data-stat="${statType}"] .share-button`)
    button?.focus()
  }, [target])

  const info: ShareLeagueInfo = {
    id: league?.id ?? leagueId,
    name: league?.name ?? context.leagueName ?? null,
    members: league?.member_count ?? context.members ?? null,
  }

  // Signing out (here or in another tab) or moving to another league closes the dialog.
  const shown = target && isAuthenticated && target.leagueId === leagueId ? target : null
  useEffect(() => {
    if (target && !shown) setTarget(null)
  }, [target, shown])

  const dialog = shown ? (
    <Suspense fallback={<ShareDialogLoading />}>
      <ShareDialog statType={shown.statType} card={shown.card} league={info} onClose={close} onSignInNeeded={signInNeeded} />
    </Suspense>
  ) : null

  return { onShare, dialog }
}

/**
 * While the dialog's chunk loads (first share only), with the page's own styles (the dialog's
 * stylesheet comes with its chunk). It takes no focus: the dialog will.
 */
function ShareDialogLoading() {
  return (
    <div className="modal-backdrop">
      <div className="modal tournament-dialog">
        <p className="inline-loading" role="status">
          <span className="spinner spinner--sm" aria-hidden="true" /> Opening the share dialog...
        </p>
      </div>
    </div>
  )
}
