// Built on first use, not when the module loads: the first Intl formatter a page builds loads the
// locale's data (tens of milliseconds, decision 169), and pages that import this module for the
// fee or a plural never show a date.
let shortDate: Intl.DateTimeFormat | undefined

/** "Aug 1, 2025" (en-US short month); empty for a missing or unreadable date. */
export function formatShortDate(value: string | null | undefined): string {
  if (!value) return ''
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  shortDate ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' })
  return shortDate.format(date)
}

/** Entry fee in pounds: "£5", "£2.50", or "Free" when there is none. */
export function formatEntryFee(fee: number | string | null | undefined): string {
  const amount = typeof fee === 'string' ? Number(fee) : fee
  if (amount === null || amount === undefined || !Number.isFinite(amount) || amount <= 0) return 'Free'
  return `£${Number.isInteger(amount) ? amount : amount.toFixed(2)}`
}

/** "1 league" / "3 leagues". */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** "Sat 29 Nov, 11:00" in the reader's own time zone: a gameweek deadline. */
export const deadlineTime = (at: Date) => at.toLocaleString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })
