// Sharing banter achievements (decision 181, R12): the calls, the texts
// of the share messages and which toast each failure gets.

import { parseResponse } from 'hono/client'
import { PROVISIONAL_SHARE_CODE } from '../../../../contract/provisional'
import { ApiError, NetworkError, pathParam, publicApi } from '../../lib/api'
import type { ToastOptions } from '../toast/toast-types'
import type { BanterCardData } from '../tournaments/detail/banter-cards'
import type { SharedAchievement } from './types'

const shares = publicApi.banter.share

/** The card's data as the server stores and serves it (worker/services/shares.ts `StatData`). */
type SharedStatData = SharedAchievement['stat_data']

/** The league a card belongs to, as far as the page knows it. */
export interface ShareLeagueInfo {
  id: number
  name?: string | null
  members?: number | null
}

/** A created link: the public URL and its id (the last segment of the URL). */
export interface ShareLink {
  url: string
  id: string
  statData: SharedStatData | null
}

/** "https://app/share/banter/abc?x#y" → "abc": the id is the last segment of share_url (decision 181, R12). */
export function shareIdFromUrl(url: string): string {
  const path = url.split(/[?#]/)[0] ?? ''
  return decodeURIComponent(path.split('/').filter(Boolean).at(-1) ?? '')
}

export const shareImageUrl = (shareId: string) => `/api/banter/share/${encodeURIComponent(shareId)}/image`

/** The stat_data a card sends: who (manager, or player for player cards), title, description, emoji, league. */
export function statDataFromCard(card: BanterCardData, league: ShareLeagueInfo): Record<string, unknown> {
  const nameKey = card.stat.manager === undefined && card.stat.player !== undefined ? 'player' : 'manager'
  const data: Record<string, unknown> = {
    [nameKey]: card.manager,
    title: card.title,
    description: card.description,
    emoji: card.emoji,
  }
  if (league.name) data.league_name = league.name
  if (typeof league.members === 'number' && league.members > 0) data.members = league.members
  return data
}

/**
 * Creates (or, server side, reuses) the share of one stat. The token is sent by hand through
 * `publicApi` so a 401 does not run the client's global handler: the share flow answers it with
 * its own "Session Expired" toast (one toast, not two).
 */
export async function createShareLink(token: string, leagueId: number, statType: string, statData: Record<string, unknown>): Promise<ShareLink> {
  const answer = await parseResponse(
    shares.$post({ json: { league_id: leagueId, stat_type: statType, stat_data: statData } }, { headers: { Authorization: `Bearer ${token}` } }),
  )
  return { url: answer.share_url, id: shareIdFromUrl(answer.share_url) || answer.share_id, statData: answer.stat_data }
}

/** Counts a copy or a social share of the link; failures are ignored (decision 181, R12). */
export function recordShareClick(shareId: string): void {
  if (!shareId) return
  shares[':shareId'].click.$post({ param: { shareId: pathParam(shareId) } }).catch(() => undefined)
}

/** The public view of a share (anonymous, so a stale token never logs anyone out here). */
export async function fetchSharedAchievement(shareId: string): Promise<SharedAchievement> {
  return parseResponse(shares[':shareId'].$get({ param: { shareId: pathParam(shareId) } }))
}

const NOT_FOUND_DETAIL = 'Shared achievement not found'

/** A 404, or the server's "Shared achievement not found" whatever the status. */
export function isShareNotFound(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false
  return error.status === 404 || (error.detail ?? '').toLowerCase().includes(NOT_FOUND_DETAIL.toLowerCase())
}

// ---- Texts (decision 181, R12; the two the page checks before opening the dialog are in share-messages.ts) ----

const SESSION_EXPIRED: ToastOptions = {
  title: 'Session Expired',
  description: 'Your session has expired. Please log in again.',
  variant: 'destructive',
}

const EMAIL_VERIFICATION_REQUIRED: ToastOptions = {
  title: 'Email Verification Required',
  description: 'Please verify your email address to create shareable links.',
  variant: 'destructive',
}

const SHARE_LINK_FAILED: ToastOptions = {
  title: 'Error',
  description: 'Failed to create shareable link. Please try again.',
  variant: 'destructive',
}

const SHARE_STAT_FAILED = 'Failed to create shareable stat'

export interface ShareFailure {
  toast: ToastOptions
  /** A 401: the session is over (log out, open the sign-in dialog). */
  sessionExpired: boolean
}

const isNotMemberDetail = (detail: string) => /\bmember\b/i.test(detail)
const isSharingOffDetail = (detail: string) => /sharing/i.test(detail) && /(off|disabled|privacy)/i.test(detail)

/** Which toast a failed POST /api/banter/share gets, checked in the product's order (decision 181, R12). */
export function shareFailure(error: unknown): ShareFailure {
  if (error instanceof ApiError) {
    const detail = error.detail ?? ''
    if (error.status === 401) return { toast: SESSION_EXPIRED, sessionExpired: true }
    // The award's gameweek is not checked yet (decision 113): the server says until when.
    if (error.status === 409 && error.code === PROVISIONAL_SHARE_CODE) {
      return { toast: { title: 'Not Final Yet', description: detail, variant: 'destructive' }, sessionExpired: false }
    }
    if (error.status === 403) {
      // 403 means an unverified email, unless the server says why else (not a member, sharing off).
      if (error.code === 'not_a_member' || (error.code !== 'email_not_verified' && isNotMemberDetail(detail))) {
        return {
          toast: { title: 'League Access Required', description: detail || 'You must be a member of this league to share its content', variant: 'destructive' },
          sessionExpired: false,
        }
      }
      if (error.code === 'sharing_disabled' || (error.code !== 'email_not_verified' && isSharingOffDetail(detail))) {
        return { toast: { title: 'Sharing Turned Off', description: detail, variant: 'destructive' }, sessionExpired: false }
      }
      return { toast: EMAIL_VERIFICATION_REQUIRED, sessionExpired: false }
    }
  }
  const message = error instanceof ApiError ? (error.detail ?? '') : error instanceof NetworkError ? '' : error instanceof Error ? error.message : ''
  if (message.includes(SHARE_STAT_FAILED)) {
    return { toast: { title: 'Share Creation Failed', description: message, variant: 'destructive' }, sessionExpired: false }
  }
  return { toast: SHARE_LINK_FAILED, sessionExpired: false }
}

/** The words that go with the link: "🤦 Captain Catastrophe: Alex R in Zebra League! Captained…". */
export function shareText(card: { emoji: string; title: string; manager: string; description: string }, leagueName?: string | null): string {
  const where = leagueName ? ` in ${leagueName}` : ''
  return `${card.emoji} ${card.title}: ${card.manager}${where}! ${card.description}`.replace(/\s+/g, ' ').trim()
}
