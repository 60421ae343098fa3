type ToastVariant = 'default' | 'success' | 'destructive'

export interface ToastOptions {
  title: string
  description?: string
  variant?: ToastVariant
  /** Milliseconds before the toast dismisses itself (default 5000); Infinity keeps it open. */
  duration?: number
}

interface ToastHandle {
  id: string
  dismiss: () => void
}

export interface ToastApi {
  /** Shows a toast; it replaces the one on screen (at most one at a time). */
  toast: (options: ToastOptions) => ToastHandle
  /** Dismisses one toast, or every toast when no id is given. */
  dismiss: (id?: string) => void
}

export interface ToastRecord {
  id: string
  title: string
  description?: string
  variant: ToastVariant
  duration: number
  /** false once dismissed; the record is removed TOAST_REMOVE_DELAY later. */
  open: boolean
}

/** One toast at a time, 5000 ms by default, a 50 px swipe dismisses, removed 5 s after dismissal (decision 181, R4). */
export const TOAST_LIMIT = 1
export const TOAST_DEFAULT_DURATION = 5000
export const TOAST_REMOVE_DELAY = 5000
export const TOAST_SWIPE_THRESHOLD = 50
