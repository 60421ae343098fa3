/**
 * A number as en-GB writes it, the way `toLocaleString('en-GB')` does: digits grouped in threes
 * with commas ("1,234,567") and at most three decimals. Not through Intl on purpose: the first
 * Intl formatter a page builds loads the locale's data, 37-51 ms in Chromium on this machine
 * kind, and the landing's first render paid it for one number (decision 169). Every count a
 * manager reads goes through here, in the SPA, the worker's pages and the emails alike.
 */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n)
  const rounded = Math.round(Math.abs(n) * 1000) / 1000
  const [whole = '', fraction] = String(rounded).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',')
  return `${n < 0 || Object.is(n, -0) ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`
}
