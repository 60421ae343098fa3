import { useId } from 'react'
import { provisionalShareReason } from '../../../../../contract/provisional'
import type { BanterCardData } from './banter-cards'

export type ShareHandler = (statType: string, card: BanterCardData) => void

/**
 * The one place a banter card asks to be shared. The share dialog ("Share This Achievement")
 * hangs off `onShare`; the detail page passes the handler down. An award of a gameweek FPL has
 * not checked cannot be shared (decision 113): the button is disabled and says why, in words
 * on the card (a tooltip never shows on a phone) tied to the button for screen readers.
 */
export function ShareButton({ card, onShare }: { card: BanterCardData; onShare: ShareHandler }) {
  const reasonId = useId()
  const reason = card.provisionalGameweek !== null ? provisionalShareReason(card.provisionalGameweek) : null
  return (
    <>
      {reason ? (
        <p id={reasonId} className="share-button__reason">
          {reason}
        </p>
      ) : null}
      <button
        type="button"
        className="button button--ghost button--sm share-button"
        onClick={() => onShare(card.statType, card)}
        disabled={reason !== null}
        aria-describedby={reason ? reasonId : undefined}
        title={reason ?? 'Share This Achievement'}
        aria-label={`Share ${card.title}`}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path
            d="M12 3v12M7 8l5-5 5 5M5 13v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        Share
      </button>
    </>
  )
}
