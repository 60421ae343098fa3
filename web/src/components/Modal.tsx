import { type ReactNode, useRef } from 'react'
import { useModal } from '../lib/useModal'

export interface ModalProps {
  /** id of the element that names the dialog (its title). */
  labelledBy: string
  describedBy?: string
  onClose: () => void
  children: ReactNode
  className?: string
  /** While true, Escape and the backdrop do not close it (a request is running). */
  locked?: boolean
}

/**
 * A modal dialog (the create, join and success dialogs). Focus moves in on open (to an element
 * marked `data-autofocus`, else the dialog), stays trapped inside and goes back on close; Escape,
 * the close button and the backdrop close it; the page behind does not scroll.
 */
export function Modal({ labelledBy, describedBy, onClose, children, className = '', locked = false }: ModalProps) {
  const ref = useRef<HTMLDivElement>(null)

  const onKeyDown = useModal(ref, { initialFocus: () => ref.current?.querySelector<HTMLElement>('[data-autofocus]'), onEscape: onClose, locked })

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut only; keyboard users close the dialog with Escape (useModal)
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && !locked && onClose()}>
      <div
        ref={ref}
        className={`modal ${className}`.trim()}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <button type="button" className="icon-button modal-close" onClick={onClose} disabled={locked} aria-label="Close dialog">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
        {children}
      </div>
    </div>
  )
}
