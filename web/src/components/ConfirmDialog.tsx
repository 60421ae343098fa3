import { type ReactNode, useId, useRef } from 'react'
import { useModal } from '../lib/useModal'

export interface ConfirmDialogProps {
  title: string
  children?: ReactNode
  confirmLabel: string
  cancelLabel?: string
  busy?: boolean
  busyLabel?: string
  destructive?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/**
 * A modal confirmation (role alertdialog). Focus starts on Cancel (the safe choice), stays inside,
 * and returns to where it was when the dialog closes. Escape and the backdrop cancel.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy = false,
  busyLabel,
  destructive = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDivElement>(null)
  const cancelRef = useRef<HTMLButtonElement>(null)
  const id = useId()

  const onKeyDown = useModal(ref, { initialFocus: () => cancelRef.current, onEscape: onCancel, locked: busy })

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut only; keyboard users close the dialog with Escape (useModal)
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && !busy && onCancel()}>
      <div
        ref={ref}
        className="modal confirm-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={children ? `${id}-body` : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`} className="confirm-dialog__title">
          {title}
        </h2>
        {children ? (
          <div id={`${id}-body`} className="confirm-dialog__body">
            {children}
          </div>
        ) : null}
        <div className="button-row confirm-dialog__actions">
          <button ref={cancelRef} type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={destructive ? 'button button--danger' : 'button button--primary'}
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy ? (busyLabel ?? confirmLabel) : confirmLabel}
          </button>
        </div>
      </div>
    </div>
  )
}
