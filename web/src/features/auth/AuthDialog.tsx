import { type KeyboardEvent, lazy, type RefObject, Suspense, useEffect, useId, useRef } from 'react'
import { PRODUCT_NAME } from '../../lib/product'
import { useModal } from '../../lib/useModal'
import { type AuthDialogTab, useAuthDialog } from './auth-dialog-context'

/** Loads the panels' chunk (the dialog needs it; the app preloads it when idle). */
export const loadAuthPanels = () => import('./AuthPanels')

const SignInPanel = lazy(() => loadAuthPanels().then((m) => ({ default: m.SignInPanel })))
const RegisterPanel = lazy(() => loadAuthPanels().then((m) => ({ default: m.RegisterPanel })))

const TABS: { id: AuthDialogTab; label: string }[] = [
  { id: 'login', label: 'Sign In' },
  { id: 'register', label: 'Create Account' },
]

/**
 * The sign-in / create-account modal. Rendered by AuthDialogProvider while open.
 * Focus moves in on open (to an element marked `data-autofocus`, else the selected tab), stays
 * trapped inside, and returns to where it was on close. Escape and the backdrop close it.
 */
export function AuthDialog() {
  const { tab, forgot, close, setTab, setForgot } = useAuthDialog()
  const dialogRef = useRef<HTMLDivElement>(null)
  const baseId = useId()
  const titleId = `${baseId}-title`
  const tabId = (t: AuthDialogTab) => `${baseId}-tab-${t}`
  const panelId = `${baseId}-panel`

  // Set while the dialog's first focus target is still to come (the panel's chunk is loading).
  const initialFocusPending = useRef(false)

  // Focus in on open (to the panel's first field, or the selected tab while the panel's chunk
  // loads), restore on close, page scroll locked meanwhile.
  const onKeyDown = useModal(dialogRef, {
    initialFocus: () => {
      const dialog = dialogRef.current
      const field = dialog?.querySelector<HTMLElement>('[data-autofocus]')
      initialFocusPending.current = !field
      return field ?? dialog?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')
    },
    onEscape: close,
  })

  // Tabs pattern: arrows move between tabs (automatic activation), Home/End jump.
  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((t) => t.id === tab)
    let next = -1
    if (event.key === 'ArrowRight') next = (index + 1) % TABS.length
    else if (event.key === 'ArrowLeft') next = (index - 1 + TABS.length) % TABS.length
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = TABS.length - 1
    const nextTab = TABS[next]
    if (!nextTab) return
    event.preventDefault()
    setTab(nextTab.id)
    document.getElementById(tabId(nextTab.id))?.focus()
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut only; keyboard users close the dialog with Escape (useModal)
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && close()}>
      <div ref={dialogRef} className="modal auth-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
        <button type="button" className="icon-button modal-close" onClick={close} aria-label="Close dialog">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
        <div className="tabs" role="tablist" aria-label="Account">
          {TABS.map((t) => {
            const selected = t.id === tab
            return (
              <button
                key={t.id}
                id={tabId(t.id)}
                type="button"
                role="tab"
                className="tab"
                aria-selected={selected}
                aria-controls={panelId}
                tabIndex={selected ? 0 : -1}
                onClick={() => setTab(t.id)}
                onKeyDown={onTabKeyDown}
              >
                {t.label}
              </button>
            )
          })}
        </div>
        <div id={panelId} role="tabpanel" aria-labelledby={tabId(tab)} className="tab-panel">
          <Suspense fallback={<PanelLoading titleId={titleId} tab={tab} forgot={forgot} />}>
            {tab === 'login' ? <SignInPanel titleId={titleId} forgot={forgot} onForgotChange={setForgot} /> : <RegisterPanel titleId={titleId} />}
            <FocusWhenReady dialogRef={dialogRef} pending={initialFocusPending} />
          </Suspense>
        </div>
      </div>
    </div>
  )
}

/** While the panels load: the panel's title (the dialog stays labelled) and a spinner. */
function PanelLoading({ titleId, tab, forgot }: { titleId: string; tab: AuthDialogTab; forgot: boolean }) {
  const title = tab === 'register' ? `Join ${PRODUCT_NAME}` : forgot ? 'Reset your password' : 'Welcome Back!'
  return (
    <section className="auth-panel" aria-busy="true">
      <h2 id={titleId} className="auth-panel__title">
        {title}
      </h2>
      <p className="inline-loading" role="status">
        <span className="spinner spinner--sm" aria-hidden="true" /> Loading…
      </p>
    </section>
  )
}

/**
 * Rendered with the panel (inside the same Suspense boundary): when the panel arrives after the
 * dialog opened, focus moves on to its first field, unless the user has moved it meanwhile.
 */
function FocusWhenReady({ dialogRef, pending }: { dialogRef: RefObject<HTMLDivElement | null>; pending: RefObject<boolean> }) {
  useEffect(() => {
    if (!pending.current) return
    pending.current = false
    const dialog = dialogRef.current
    const active = document.activeElement
    const untouched = !active || active === document.body || active === dialog || active?.getAttribute('role') === 'tab'
    if (dialog && untouched) dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
  }, [dialogRef, pending])
  return null
}
