import { useCallback, useEffect, useRef, useState } from 'react'

export interface TimedMessage {
  tone: 'success' | 'error' | 'info'
  text: string
}

/** Notices and banners clear after 3 s. */
const NOTICE_CLEAR_MS = 3000

/** A banner message that clears itself after NOTICE_CLEAR_MS. */
export function useTimedMessage(delay = NOTICE_CLEAR_MS) {
  const [message, setMessage] = useState<TimedMessage | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const show = useCallback(
    (tone: TimedMessage['tone'], text: string) => {
      clearTimeout(timer.current)
      setMessage({ tone, text })
      timer.current = setTimeout(() => setMessage(null), delay)
    },
    [delay],
  )
  const clear = useCallback(() => {
    clearTimeout(timer.current)
    setMessage(null)
  }, [])
  useEffect(() => () => clearTimeout(timer.current), [])
  return { message, show, clear }
}
