import { type RefObject, useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/**
 * After navigating to another page, scroll to the top and move focus to <main> so keyboard and
 * screen-reader users start at the new content. Not on first load, and never out of an open dialog.
 */
export function useRouteFocus(mainRef: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation()
  const previous = useRef(pathname)
  useEffect(() => {
    if (previous.current === pathname) return
    previous.current = pathname
    window.scrollTo?.(0, 0)
    if (document.activeElement?.closest('[role="dialog"]')) return
    mainRef.current?.focus({ preventScroll: true })
  }, [pathname, mainRef])
}
