// The community wall's limits (decision 181, R11), enforced by the worker and counted down by the post box.

/** Longest post, in characters. */
export const MAX_POST_LENGTH = 1000

/**
 * Most posts pinned on one wall at a time: a few notices stay above the banter instead of
 * becoming the wall (decision 081).
 */
export const MAX_PINNED_POSTS = 3

/** The answer to one pin too many (the worker's 409; the wall says it before asking). */
export const PIN_LIMIT_MESSAGE = `Up to ${MAX_PINNED_POSTS} posts can be pinned. Unpin one first.`
