import { formatNumber } from './numbers.ts'
// Tournament facts the worker and the SPA must agree on (decision 181, R9).

/** The pinned curated league: the API marks it `is_pinned`, the list shows it first. */
export const PINNED_CURATED_NAME = 'Real Footballers FPL League'

/** Standings rows per page: the SPA asks for it and the tournament page answers page 1 of it. */
export const STANDINGS_PAGE_SIZE = 50

const counted = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`

/** "180 managers in the FPL league" ("1 manager in the FPL league"). */
export const fplLeagueSizeText = (size: number) => `${counted(size, 'manager', 'managers')} in the FPL league`

/**
 * A private tournament's count, saying what it counts: "4 members · 180 managers in the FPL
 * league" ("1 member" alone before the first refresh has measured the FPL league, size null).
 * The same words on the cards, the invite page and the share image.
 */
export function membersText(members: number, fplLeagueSize: number | null): string {
  const joined = counted(members, 'member', 'members')
  return fplLeagueSize === null ? joined : `${joined} · ${fplLeagueSizeText(fplLeagueSize)}`
}

/** The deepest standings page the API serves (`?page=` above it is refused). */
export const STANDINGS_MAX_PAGE = 100_000

/** The longest standings search (`?search=`, after trimming) the API takes. */
export const STANDINGS_SEARCH_MAX_LENGTH = 50
