import { useQuery } from '@tanstack/react-query'
import { seasonQuery } from './season-api'
import { seasonNotice } from './season-text'

/** Between seasons and before the first deadline: where FPL's year stands (nothing in season, or while it loads). */
export function SeasonBanner() {
  const { data } = useQuery(seasonQuery())
  const text = data ? seasonNotice(data) : null
  if (!text) return null
  return (
    <p className="notice season-banner" role="status" aria-label="Season">
      {text}
    </p>
  )
}
