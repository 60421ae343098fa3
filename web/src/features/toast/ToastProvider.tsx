import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Toaster } from './Toaster'
import { TOAST_DEFAULT_DURATION, TOAST_LIMIT, TOAST_REMOVE_DELAY, type ToastApi, type ToastOptions, type ToastRecord } from './toast-types'

const ToastContext = createContext<ToastApi | null>(null)

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastRecord[]>([])
  const removalTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>())
  const counter = useRef(0)

  const scheduleRemoval = useCallback((id: string) => {
    if (removalTimers.current.has(id)) return
    const timer = setTimeout(() => {
      removalTimers.current.delete(id)
      setToasts((current) => current.filter((t) => t.id !== id))
    }, TOAST_REMOVE_DELAY)
    removalTimers.current.set(id, timer)
  }, [])

  const dismiss = useCallback((id?: string) => {
    setToasts((current) => current.map((t) => (t.open && (id === undefined || t.id === id) ? { ...t, open: false } : t)))
  }, [])

  // A dismissed toast stays (hidden, for its exit animation) and is removed 5 s later.
  useEffect(() => {
    for (const t of toasts) if (!t.open) scheduleRemoval(t.id)
  }, [toasts, scheduleRemoval])

  const toast = useCallback(
    ({ title, description, variant = 'default', duration = TOAST_DEFAULT_DURATION }: ToastOptions) => {
      counter.current += 1
      const id = `toast-${counter.current}`
      const record: ToastRecord = { id, title, description, variant, duration, open: true }
      // A new toast replaces what is on screen: keep only the newest TOAST_LIMIT.
      setToasts((current) => [record, ...current].slice(0, TOAST_LIMIT))
      return { id, dismiss: () => dismiss(id) }
    },
    [dismiss],
  )

  useEffect(() => {
    const timers = removalTimers.current
    return () => {
      for (const timer of timers.values()) clearTimeout(timer)
      timers.clear()
    }
  }, [])

  const api = useMemo<ToastApi>(() => ({ toast, dismiss }), [toast, dismiss])
  return (
    <ToastContext value={api}>
      {children}
      <Toaster toasts={toasts} onDismiss={dismiss} />
    </ToastContext>
  )
}

/** `const { toast, dismiss } = useToast()`; both functions are stable. */
export function useToast(): ToastApi {
  const ctx = use(ToastContext)
  if (!ctx) throw new Error('useToast must be used inside <ToastProvider>')
  return ctx
}
