import { membersText } from '../../../../contract/tournaments'
import { PRODUCT_NAME } from '../../lib/product'
import type { League } from './types'

/** Global for public, Curated for curated_public, Private otherwise. */
export const typeBadge = (league: League) => (league.type === 'public' ? 'Global' : league.type === 'curated_public' ? 'Curated' : 'Private')

/** "N curated teams" / "N global managers" / "N members · M managers in the FPL league" (members alone before the first refresh). */
export function memberWording(league: League): string {
  const n = league.member_count ?? 0
  const one = n === 1
  if (league.type === 'curated_public') return one ? '1 curated team' : `${n} curated teams`
  if (league.type === 'public') return one ? '1 global manager' : `${n} global managers`
  return membersText(n, league.fpl_league_size ?? null)
}

/**
 * The descriptive line of a card: the product's for public and curated (decision 181, R10); for a
 * private one, what "Private" means, since it is listed to everyone: its standings, banter and wall are for its
 * members (the API's assertReadable), and any manager in its FPL league can join (decision 164).
 */
export function descriptiveLine(league: League): string | null {
  if (league.type === 'public') return `Compete with all ${PRODUCT_NAME} users`
  if (league.type === 'curated_public') return 'Hand-picked real FPL players compete'
  return league.fpl_league_id ? `${PRIVATE_MEANING}; managers in its FPL league can join` : PRIVATE_MEANING
}

/** What a private tournament keeps to its members. */
export const PRIVATE_MEANING = 'Only its members see the standings and banter'

/**
 * Whether a card or the join dialog offers Join: where the API says joining can work, and to a
 * signed-out visitor (Join then opens Sign In: decision 181, R10).
 */
export const offersJoin = (league: League) => league.can_join || league.join_reason === 'not_signed_in'

// Why Join is not offered, in a short line on the card; the other reasons have their own labels
// (Joined, Auto-join on registration, Teams selected by admin).
const JOIN_BLOCKED: Partial<Record<NonNullable<League['join_reason']>, string>> = {
  team_not_in_league: 'Your team is not in this league',
  no_fpl_team: 'Add your FPL Team ID to join',
  membership_inactive: 'Removed by the commissioner',
}

/** The honest line in place of a Join button that would fail; null when there is none to say. */
export const joinBlockedLine = (league: League) => (league.join_reason ? (JOIN_BLOCKED[league.join_reason] ?? null) : null)
