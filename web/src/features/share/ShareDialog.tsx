import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { Modal } from '../../components/Modal'
import { analytics } from '../../lib/analytics'
import { openSharePopup, type SocialNetwork } from '../../lib/social-share'
import { useAuth } from '../auth/AuthProvider'
import { useToast } from '../toast/ToastProvider'
import type { BanterCardData } from '../tournaments/detail/banter-cards'
import { createShareLink, recordShareClick, type ShareLeagueInfo, type ShareLink, shareFailure, shareImageUrl, shareText, statDataFromCard } from './share-api'
import { LOGIN_REQUIRED } from './share-messages'
import './share.css'

export interface ShareDialogProps {
  statType: string
  card: BanterCardData
  league: ShareLeagueInfo
  onClose: () => void
  /** The token is missing or the server answered 401: the caller closes this and opens sign-in. */
  onSignInNeeded: () => void
}

type LinkState = { status: 'creating' } | { status: 'ready'; link: ShareLink } | { status: 'failed'; message: string }

// The accessible name contains the visible label (WCAG 2.5.3).
const NETWORKS: { id: SocialNetwork; label: string }[] = [
  { id: 'twitter', label: 'X / Twitter' },
  { id: 'whatsapp', label: 'WhatsApp' },
  { id: 'facebook', label: 'Facebook' },
]

/**
 * "Share This Achievement": the card, its generated image, Copy and the social networks.
 * The link is created once when the dialog opens and reused by every action; the server also
 * keeps one share per user, league and stat. A copy or a social share records a click.
 * Its own chunk: loaded the first time a card is shared.
 */
export default function ShareDialog({ statType, card, league, onClose, onSignInNeeded }: ShareDialogProps) {
  const id = useId()
  const { getToken } = useAuth()
  const { toast } = useToast()
  const [state, setState] = useState<LinkState>({ status: 'creating' })
  const [imageFailed, setImageFailed] = useState(false)
  const [manual, setManual] = useState(false)
  const manualRef = useRef<HTMLInputElement>(null)
  const attempt = useRef<Promise<void> | null>(null)
  // false once the dialog is gone: a late answer neither updates nor toasts.
  const active = useRef(true)

  // The latest props, for the one creation request (the page re-renders, e.g. on auto-refresh,
  // with new objects: that must not start another request).
  const props = useRef({ statType, card, league, onSignInNeeded })
  useLayoutEffect(() => {
    props.current = { statType, card, league, onSignInNeeded }
  })

  const create = useCallback(() => {
    // One request per opening, even when React runs the effect twice (StrictMode).
    if (attempt.current) return attempt.current
    setState({ status: 'creating' })
    const run = (async () => {
      const { statType, card, league, onSignInNeeded } = props.current
      const token = getToken()
      if (!token) {
        toast(LOGIN_REQUIRED)
        onSignInNeeded()
        return
      }
      try {
        const link = await createShareLink(token, league.id, statType, statDataFromCard(card, league))
        if (active.current) setState({ status: 'ready', link })
      } catch (error) {
        attempt.current = null // a later "Try again" makes a new attempt
        if (!active.current) return
        const failure = shareFailure(error)
        toast(failure.toast)
        if (failure.sessionExpired) {
          props.current.onSignInNeeded()
          return
        }
        setState({ status: 'failed', message: failure.toast.description ?? failure.toast.title })
      }
    })()
    attempt.current = run
    return run
  }, [getToken, toast])

  useEffect(() => {
    active.current = true
    void create()
    return () => {
      active.current = false
    }
  }, [create])

  // The manual field appears when copying failed: select the link so Ctrl/Cmd+C copies it.
  useEffect(() => {
    if (!manual) return
    manualRef.current?.focus()
    manualRef.current?.select()
  }, [manual])

  const link = state.status === 'ready' ? state.link : null
  const text = shareText(card, link?.statData?.league_name ?? league.name)

  const copy = async () => {
    if (!link) return
    try {
      if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable')
      await navigator.clipboard.writeText(link.url)
    } catch {
      setManual(true)
      manualRef.current?.focus()
      manualRef.current?.select()
      toast({ title: 'Link Ready!', description: 'Copying was blocked: copy the link from the field in the dialog.' })
      return
    }
    toast({ title: 'Link Copied!', description: 'The share link is on your clipboard.', variant: 'success' })
    analytics.share('copy', statType)
    recordShareClick(link.id)
  }

  const share = (network: SocialNetwork) => {
    if (!link) return
    openSharePopup(network, link.url, text)
    analytics.share(network, statType)
    recordShareClick(link.id)
  }

  const titleId = `${id}-title`
  const previewId = `${id}-preview`

  return (
    <Modal labelledBy={titleId} describedBy={previewId} onClose={onClose} className="tournament-dialog share-dialog">
      <h2 id={titleId} className="tournament-dialog__title">
        Share This Achievement
      </h2>

      <div id={previewId} className="share-preview">
        <p className="share-preview__emoji" aria-hidden="true">
          {card.emoji}
        </p>
        <div className="share-preview__body">
          <p className="share-preview__title">{card.title}</p>
          <p className="share-preview__manager">{card.manager}</p>
          <p className="share-preview__description">{card.description}</p>
        </div>
      </div>

      {/* The image's 1200x630 box is reserved while the link is made (the status shows in it). */}
      {imageFailed || state.status === 'failed' ? null : (
        <div className="share-image" data-testid="share-image-frame">
          {link ? (
            <img
              src={shareImageUrl(link.id)}
              alt={`Share image: ${card.title}, ${card.manager}`}
              width={1200}
              height={630}
              decoding="async"
              onError={() => setImageFailed(true)}
            />
          ) : (
            <div className="share-image__placeholder">
              <p className="inline-loading" role="status">
                <span className="spinner spinner--sm" aria-hidden="true" /> Creating your share link...
              </p>
            </div>
          )}
        </div>
      )}
      {state.status === 'failed' ? (
        <div className="form-message form-message--error" role="alert">
          {state.message}{' '}
          <button type="button" className="link-button" onClick={() => void create()}>
            Try again
          </button>
        </div>
      ) : null}

      {/* biome-ignore lint/a11y/useSemanticElements: a row of action buttons, not form fields; a fieldset would add its UA styles (margin, min-inline-size: min-content) to this grid */}
      <div className="share-actions" role="group" aria-label="Share options">
        <button type="button" className="button button--primary share-actions__copy" onClick={() => void copy()} disabled={!link}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <rect x="9" y="9" width="11" height="11" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M5 15V6a2 2 0 0 1 2-2h9" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          Copy Link
        </button>
        {NETWORKS.map((n) => (
          <button
            key={n.id}
            type="button"
            className={`button button--ghost share-actions__social share-actions__social--${n.id}`}
            onClick={() => share(n.id)}
            disabled={!link}
            aria-label={`Share on ${n.label} (opens a new window)`}
          >
            {n.label}
          </button>
        ))}
      </div>

      {manual && link ? (
        <div className="field share-manual">
          <label className="field__label" htmlFor={`${id}-manual`}>
            Copy Link Manually
          </label>
          <input
            ref={manualRef}
            id={`${id}-manual`}
            className="input"
            type="text"
            readOnly
            value={link.url}
            onFocus={(e) => e.currentTarget.select()}
            onCopy={() => recordShareClick(link.id)}
            aria-describedby={`${id}-manual-hint`}
          />
          <p id={`${id}-manual-hint`} className="field__hint">
            Your browser blocked the clipboard. The link is selected: copy it with Ctrl+C (⌘C on a Mac), or long-press it on a phone.
          </p>
        </div>
      ) : null}
    </Modal>
  )
}
