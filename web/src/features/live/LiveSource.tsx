import { useEffect } from 'react'
import { type LiveTable, type LiveTableOptions, useLiveTable } from './useLiveTable'

/**
 * The Live tab's live data (useLiveTable) as a component the tab loads on demand and mounts only
 * for a viewer who may read the table: the page renderer, which draws a visitor's page and never
 * a live table, leaves the live client (its query, socket and swing feed) out, decision 119's way.
 * Each new state goes to `onLive`; null once it is gone.
 */
export default function LiveSource({ onLive, ...options }: LiveTableOptions & { onLive: (live: LiveTable | null) => void }) {
  const { answer, swings, failed, fetching, retry } = useLiveTable(options)
  useEffect(() => onLive({ answer, swings, failed, fetching, retry }), [onLive, answer, swings, failed, fetching, retry])
  useEffect(() => () => onLive(null), [onLive])
  return null
}
