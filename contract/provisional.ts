// Words for numbers of a gameweek FPL has not checked yet (decision 113), used by the API (the
// 409 that refuses to share such an award) and the app (the disabled Share button, the Banter
// tab's note), so both say the same thing.

/** Why an award of an unchecked gameweek cannot be shared yet. */
export const provisionalShareReason = (gameweek: number) => `You can share this once FPL has checked GW ${gameweek}.`

/** The note above numbers of an unchecked gameweek. */
export const provisionalNote = (gameweek: number) => `Provisional: GW ${gameweek} is not checked by FPL yet. Numbers can still move.`

/** The error code of the refused share. */
export const PROVISIONAL_SHARE_CODE = 'provisional_stat'
