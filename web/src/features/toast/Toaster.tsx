import { type PointerEvent as ReactPointerEvent, useCallback, useEffect, useRef, useState } from 'react'
import { TOAST_SWIPE_THRESHOLD, type ToastRecord } from './toast-types'

interface ToasterProps {
  toasts: ToastRecord[]
  onDismiss: (id: string) => void
}

/** The toast area: a labelled region that is always present so screen readers track it. */
export function Toaster({ toasts, onDismiss }: ToasterProps) {
  return (
    <section className="toast-viewport" aria-label="Notifications">
      <ol className="toast-list">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} onDismiss={onDismiss} />
        ))}
      </ol>
    </section>
  )
}

function ToastItem({ toast, onDismiss }: { toast: ToastRecord; onDismiss: (id: string) => void }) {
  const { id, open, duration, variant } = toast
  const dismiss = useCallback(() => onDismiss(id), [id, onDismiss])
  const [paused, setPaused] = useState(false)
  const remaining = useRef(duration)

  // Auto-dismiss, paused while the pointer is over the toast or focus is inside it.
  useEffect(() => {
    if (!open || paused || !Number.isFinite(remaining.current)) return
    const startedAt = Date.now()
    const timer = setTimeout(dismiss, Math.max(0, remaining.current))
    return () => {
      clearTimeout(timer)
      remaining.current -= Date.now() - startedAt
    }
  }, [open, paused, dismiss])

  const swipe = useSwipeToDismiss(dismiss)
  const urgent = variant === 'destructive'

  return (
    <li
      className={`toast toast--${variant}`}
      data-state={open ? 'open' : 'closed'}
      data-swiping={swipe.offset !== 0 ? 'true' : undefined}
      role={urgent ? 'alert' : 'status'}
      aria-live={urgent ? 'assertive' : 'polite'}
      aria-atomic="true"
      aria-hidden={open ? undefined : true}
      inert={!open}
      style={swipe.offset ? { transform: `translateX(${swipe.offset}px)`, opacity: swipeOpacity(swipe.offset) } : undefined}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false)
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') dismiss()
      }}
      {...swipe.handlers}
    >
      <span className="toast-icon" aria-hidden="true">
        {variant === 'success' ? '✓' : variant === 'destructive' ? '!' : '⚽'}
      </span>
      <div className="toast-body">
        <p className="toast-title">{toast.title}</p>
        {toast.description ? <p className="toast-description">{toast.description}</p> : null}
      </div>
      <button type="button" className="toast-close" onClick={dismiss} aria-label="Dismiss notification">
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  )
}

const swipeOpacity = (offset: number) => Math.max(0.25, 1 - Math.abs(offset) / (TOAST_SWIPE_THRESHOLD * 3))

/** Horizontal swipe (either way): past TOAST_SWIPE_THRESHOLD px it dismisses, otherwise it snaps back. */
function useSwipeToDismiss(onDismiss: () => void) {
  const start = useRef<{ x: number; pointerId: number } | null>(null)
  const [offset, setOffset] = useState(0)

  const end = (event: ReactPointerEvent<HTMLElement>, cancelled: boolean) => {
    if (!start.current || start.current.pointerId !== event.pointerId) return
    const dx = event.clientX - start.current.x
    start.current = null
    setOffset(0)
    if (!cancelled && Math.abs(dx) >= TOAST_SWIPE_THRESHOLD) onDismiss()
  }

  return {
    offset,
    handlers: {
      onPointerDown: (event: ReactPointerEvent<HTMLElement>) => {
        if (event.button !== 0) return
        start.current = { x: event.clientX, pointerId: event.pointerId }
      },
      onPointerMove: (event: ReactPointerEvent<HTMLElement>) => {
        if (!start.current || start.current.pointerId !== event.pointerId) return
        const dx = event.clientX - start.current.x
        // Capture only once it is clearly a swipe, so a tap on the dismiss button stays a click.
        if (Math.abs(dx) > 6 && !event.currentTarget.hasPointerCapture?.(event.pointerId)) {
          event.currentTarget.setPointerCapture?.(event.pointerId)
        }
        setOffset(dx)
      },
      onPointerUp: (event: ReactPointerEvent<HTMLElement>) => end(event, false),
      onPointerCancel: (event: ReactPointerEvent<HTMLElement>) => end(event, true),
    },
  }
}
