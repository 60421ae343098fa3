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

/** The descriptive line of public and curated cards (none for private). */
export function descriptiveLine(league: League): string | null {
  if (league.type === 'public') return `Compete with all ${PRODUCT_NAME} users`
  if (league.type === 'curated_public') return 'Hand-picked real FPL players compete'
  return null
}
