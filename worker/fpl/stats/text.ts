/** Small deterministic text helpers for stat descriptions (plain text, no HTML, no locale APIs). */
import { formatNumber } from '../../../contract/numbers'

/** 1 → "1st", 2 → "2nd", 11 → "11th", 23 → "23rd", 6242501 → "6,242,501st". */
export function ordinal(n: number): string {
  const mod100 = n % 100
  const suffix = mod100 >= 11 && mod100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')
  return `${formatNumber(n)}${suffix}`
}

/** plural(1, 'point') → "1 point", plural(3, 'point') → "3 points". */
export function plural(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatNumber(n)} ${n === 1 ? singular : pluralForm}`
}

/** ["a"] → "a", ["a","b"] → "a and b", ["a","b","c"] → "a, b and c". */
export function joinAnd(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? ''
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

export interface ElementInfo {
  id: number
  web_name: string
  element_type: number
}

/** web_name by element id, with a neutral fallback for an element missing from bootstrap. */
export function elementNamer(elements: readonly ElementInfo[]): (id: number) => string {
  const names = new Map(elements.map((e) => [e.id, e.web_name]))
  return (id) => names.get(id) ?? `Player #${id}`
}
