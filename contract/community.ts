// The community wall's limits (spec community §3), enforced by the worker and counted down by the post box.

/** Longest post, in characters. */
export const MAX_POST_LENGTH = 1000
