import { PRODUCT_NAME } from '../../lib/product'

// What the worker must agree on (the pinned league's name, the standings page size) is contract/tournaments.ts.
export { PINNED_CURATED_NAME, STANDINGS_MAX_PAGE, STANDINGS_PAGE_SIZE, STANDINGS_SEARCH_MAX_LENGTH } from '../../../../contract/tournaments'

// The product's tournament constants (decision 181, R9).

/** League list cache in localStorage: 5 minutes. */
export const LEAGUES_CACHE_TTL_MS = 300000
/** League detail cache (per league, page, viewer): 2 minutes. */
export const LEAGUE_DATA_CACHE_TTL_MS = 120000
/** Pagination shows at most this many page buttons. */
export const MAX_PAGE_BUTTONS = 5
/** The progress bar's full scale. */
export const PROGRESS_SCALE_POINTS = 2000
/** Auto-refresh interval of the detail page. */
export const AUTO_REFRESH_MS = 60000
/** Pause before validating what was typed. */
export const DEBOUNCE_MS = 500
/** Pause before the detail page loads its data after the league, token or page changes. */
export const DETAIL_LOAD_DELAY_MS = 150
/** The own row scrolls into view this long after loading, when the position is above OWN_ROW_SCROLL_MIN. */
export const OWN_ROW_SCROLL_DELAY_MS = 500
export const OWN_ROW_SCROLL_MIN = 5
/** League IDs are validated against the server at exactly this length; under the minimum the check is skipped. */
export const LEAGUE_ID_VALIDATE_LENGTH = 6
export const LEAGUE_ID_MIN_LENGTH = 2
/** Team codes are validated from this length. */
export const TEAM_CODE_MIN_LENGTH = 6
/** Success toast. (The success dialog stays until closed: it hands out the invite link, decision 078.) */
export const SUCCESS_TOAST_MS = 5000
/** Runners-up on wide screens (small screens show one fewer, by CSS). */
export const RUNNERS_UP_WIDE = 3

/** The public auto-join tournament: everyone is in it, so the list hides it. */
export const HIDDEN_PUBLIC_NAME = `${PRODUCT_NAME} Tournament`

/** Prize pool and entry-fee features (off unless VITE_PRIZES_ENABLED is "true"; read on each call). */
export function prizesEnabled(): boolean {
  return import.meta.env.VITE_PRIZES_ENABLED === 'true'
}
