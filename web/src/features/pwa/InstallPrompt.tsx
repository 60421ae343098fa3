import { useState, useSyncExternalStore } from 'react'
import { PRODUCT_NAME } from '../../lib/product'
import { IosInstallHint } from './IosInstallHint'
import {
  dismissInstall,
  INSTALL_OFFER_VISIT,
  install,
  installDismissed,
  installPromptEvent,
  isIosBrowser,
  subscribeInstallPrompt,
  visits,
} from './install-prompt'
import '../../styles/pwa.css'

/** The install offer: from the second visit, until installed or dismissed. */
export function InstallPrompt() {
  const event = useSyncExternalStore(subscribeInstallPrompt, installPromptEvent, () => null)
  const dismissed = useSyncExternalStore(subscribeInstallPrompt, installDismissed, () => true)
  const [ios] = useState(() => isIosBrowser())
  if (dismissed || visits() < INSTALL_OFFER_VISIT || (!event && !ios)) return null
  return (
    <aside className="install-prompt" aria-labelledby="install-prompt-title">
      <div className="install-prompt__text">
        <p id="install-prompt-title" className="install-prompt__title">
          Install {PRODUCT_NAME}
        </p>
        {event ? <p>Open your leagues from your home screen, get deadline reminders and see the table even offline.</p> : <IosInstallHint />}
      </div>
      <div className="install-prompt__actions">
        {event ? (
          <button type="button" className="button button--primary" onClick={() => void install()}>
            Install
          </button>
        ) : null}
        <button type="button" className="button button--ghost" onClick={dismissInstall}>
          Not now
        </button>
      </div>
    </aside>
  )
}
