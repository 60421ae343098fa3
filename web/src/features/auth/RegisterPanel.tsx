import { PRODUCT_NAME } from '../../lib/product'
import { useAuthDialog } from './AuthDialogProvider'

export interface RegisterPanelProps {
  /** Id for the panel's heading: the dialog is labelled by it. */
  titleId: string
}

/** Create Account tab of the auth dialog. The registration form arrives in a later issue. */
export function RegisterPanel({ titleId }: RegisterPanelProps) {
  const { setTab } = useAuthDialog()
  return (
    <section className="auth-panel" data-mode="register">
      <h2 id={titleId} className="auth-panel__title">
        Join {PRODUCT_NAME}
      </h2>
      <p className="auth-panel__lede">
        Create a free account. Add your FPL team ID and we&apos;ll find the mini-leagues you already play in.
      </p>
      <p className="auth-panel__placeholder">The registration form is on its way.</p>
      <div className="auth-panel__links">
        <button type="button" className="link-button" onClick={() => setTab('login')}>
          Already have an account? Sign in
        </button>
      </div>
    </section>
  )
}
