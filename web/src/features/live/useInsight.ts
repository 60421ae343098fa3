import { keepPreviousData, type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { LiveState } from '../../../../contract/live'
import { readStorage, writeStorage } from '../../lib/storage'

/** This device's choice of the insight's projected automatic substitutions (on unless turned off here). */
const AUTO_SUBS_KEY = 'banter-arena:insight-auto-subs'

/** The projected auto-subs switch, remembered per device: on by default. */
export function useAutoSubs(): [boolean, () => void] {
  const [on, setOn] = useState(() => readStorage(AUTO_SUBS_KEY) !== 'off')
  const toggle = useCallback(() => {
    setOn((was) => {
      writeStorage(AUTO_SUBS_KEY, was ? 'off' : 'on')
      return !was
    })
  }, [])
  return [on, toggle]
}

/**
 * One insight view's answer. The socket's news re-reads it with the table (its key is under the
 * live prefix); while no socket is open the table re-reads itself on a clock, so a table newer
 * than this answer re-reads it too, once per table: an answer that stays behind (another read of
 * the hub lagging) waits for the next table rather than asking again and again.
 */
export function useInsightQuery<T extends LiveState, K extends QueryKey>(options: UseQueryOptions<T, Error, T, K>, tableUpdatedAt: string | null) {
  const query = useQuery({ ...options, placeholderData: keepPreviousData })
  const { data, isFetching, refetch } = query
  const asked = useRef<string | null>(null)
  const behind = !isFetching && data !== undefined && tableUpdatedAt !== null && (data.updated_at === null || data.updated_at < tableUpdatedAt)
  useEffect(() => {
    if (!behind || asked.current === tableUpdatedAt) return
    asked.current = tableUpdatedAt
    void refetch()
  }, [behind, tableUpdatedAt, refetch])
  return query
}
