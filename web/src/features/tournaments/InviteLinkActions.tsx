import { socialShareUrl } from '../../lib/social-share'
import { useTimedMessage } from '../../lib/useTimedMessage'

/** The words a WhatsApp invite carries before the link. */
export function inviteText(leagueName: string): string {
  return `Join ${leagueName} on Banter Arena: live standings, Manager of the Month and banter stats for our FPL league.`
}

/**
 * Copying an invite link, with the product's clipboard messages, cleared after 3 s (decision 181, R12).
 * `onFailed` lets the caller reveal the link for a manual copy when the clipboard is unavailable.
 */
export function useCopyInviteLink(onFailed?: () => void) {
  const message = useTimedMessage()
  const copy = async (url: string) => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable')
      await navigator.clipboard.writeText(url)
      message.show('success', 'Invite link copied to clipboard!')
    } catch {
      onFailed?.()
      message.show('error', 'Please copy the invite link manually from above.')
    }
  }
  return { copy, message: message.message }
}

/**
 * Copy and WhatsApp for an invite link: one control wherever a link is handed out
 * (the commissioner's invite tab, the created dialog, the members tab).
 */
export function InviteLinkActions({
  url,
  leagueName,
  messageId,
  onCopyFailed,
}: {
  url: string
  leagueName: string
  messageId: string
  /** Lets the caller show the link for a manual copy when the clipboard is unavailable. */
  onCopyFailed?: () => void
}) {
  const { copy, message } = useCopyInviteLink(onCopyFailed)
  return (
    <div className="copy-row">
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={() => void copy(url)} aria-describedby={messageId}>
          Copy invite link
        </button>
        <a className="button button--ghost" href={socialShareUrl('whatsapp', url, inviteText(leagueName))} target="_blank" rel="noopener noreferrer">
          Send on WhatsApp
        </a>
      </div>
      <p id={messageId} className="copy-row__message" role="status" aria-live="polite">
        {message?.text ?? ''}
      </p>
    </div>
  )
}
