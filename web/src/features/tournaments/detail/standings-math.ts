import { MAX_PAGE_BUTTONS, PROGRESS_SCALE_POINTS } from '../constants'

/** Width of a row's progress bar: total points out of 2000, capped at 100 %. */
export function progressPercent(totalPoints: number | null | undefined): number {
  const points = Number(totalPoints) || 0
  if (points <= 0) return 0
  return Math.min(100, (points / PROGRESS_SCALE_POINTS) * 100)
}

/** Up to 5 page numbers around the current page, shifted to stay within 1..total. */
export function pageWindow(current: number, total: number, max = MAX_PAGE_BUTTONS): number[] {
  const pages = Math.max(0, Math.floor(total))
  if (pages <= max) return Array.from({ length: pages }, (_, i) => i + 1)
  let start = Math.max(1, current - Math.floor(max / 2))
  const end = Math.min(pages, start + max - 1)
  start = Math.max(1, end - max + 1)
  return Array.from({ length: end - start + 1 }, (_, i) => start + i)
}
