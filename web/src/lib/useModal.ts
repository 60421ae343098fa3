import { type KeyboardEvent, type RefObject, useEffect } from 'react'
import { trapTabKey } from './focus'

/**
 * What every modal of the app does: focus moves in on open (to `initialFocus()`, else the dialog)
 * and back to where it was on close, the page behind does not scroll, Escape closes unless
 * `locked`, and Tab stays inside. Returns the dialog's keydown handler.
 */
export function useModal(
  ref: RefObject<HTMLElement | null>,
  { initialFocus, onEscape, locked = false }: { initialFocus?: () => HTMLElement | null | undefined; onEscape: () => void; locked?: boolean },
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per opening (the dialog mounts when it opens); a new initialFocus each render must not move focus again
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    ;(initialFocus?.() ?? ref.current)?.focus()
    document.documentElement.classList.add('has-modal')
    return () => {
      document.documentElement.classList.remove('has-modal')
      if (previous?.isConnected) previous.focus()
    }
  }, [])

  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      if (!locked) onEscape()
      return
    }
    if (ref.current) trapTabKey(event, ref.current)
  }
}
