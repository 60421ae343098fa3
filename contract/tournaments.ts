// Tournament facts the worker and the SPA must agree on (spec tournaments §9).

/** The pinned curated league: the API marks it `is_pinned`, the list shows it first. */
export const PINNED_CURATED_NAME = 'Real Footballers FPL League'

/** Standings rows per page: the SPA asks for it and the tournament page answers page 1 of it. */
export const STANDINGS_PAGE_SIZE = 50

/** The deepest standings page the API serves (`?page=` above it is refused). */
export const STANDINGS_MAX_PAGE = 100_000

/** The longest standings search (`?search=`, after trimming) the API takes. */
export const STANDINGS_SEARCH_MAX_LENGTH = 50
