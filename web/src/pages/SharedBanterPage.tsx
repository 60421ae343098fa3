import { useEffect, useRef, useState } from 'react'
import { Link, useParams } from 'react-router'
import { useAuth } from '../features/auth/AuthProvider'
import {
  fetchSharedAchievement,
  isShareNotFound,
  shareImageUrl,
  type SharedAchievement,
  type SharedStatData,
} from '../features/share/share-api'
import { applyShareMeta } from '../features/share/share-meta'
import { formatEntryFee, plural } from '../lib/format'
import { PRODUCT_NAME } from '../lib/product'
import { useDocumentTitle } from '../lib/useDocumentTitle'
import '../features/share/share.css'

/** What the page shows of a share, with the server's defaults where a field is missing. */
export interface AchievementView {
  emoji: string
  title: string
  manager: string
  description: string
  leagueName: string
  members: number
  entryFee: number
  leagueId: number
}

const UNKNOWN = /^Unknown (Player|Manager)$/
const known = (value: string | undefined) => (value && !UNKNOWN.test(value) ? value : undefined)

export function achievementView(share: SharedAchievement): AchievementView {
  const data: SharedStatData = share.stat_data ?? {}
  const extra = data.additional_data ?? {}
  const members = Number(data.league_members)
  const fee = Number(data.entry_fee)
  return {
    emoji: data.emoji || extra.emoji || '🏆',
    title: data.achievement_title || extra.achievement_title || 'FPL Achievement!',
    manager: known(data.player_name) ?? known(extra.manager) ?? data.player_name ?? extra.manager ?? 'Unknown Manager',
    description: data.achievement_description || extra.description || 'No description available',
    leagueName: data.league_name || 'Tournament',
    members: Number.isSafeInteger(members) && members > 0 ? members : 1,
    entryFee: Number.isFinite(fee) && fee > 0 ? fee : 0,
    leagueId: share.league_id,
  }
}

type Result =
  | { key: string; status: 'ready'; share: SharedAchievement }
  | { key: string; status: 'notfound' }
  | { key: string; status: 'error'; message: string }

/**
 * /share/banter/{shareId}: a shared banter achievement, public. The view is counted by the API
 * call (once per visit, also when React runs the effect twice); "Achievement Not Found" when
 * the share does not exist (any more).
 */
export default function SharedBanterPage() {
  const { shareId = '' } = useParams()
  const [attempt, setAttempt] = useState(0)
  const key = `${shareId}#${attempt}`
  const [result, setResult] = useState<Result | null>(null)
  const request = useRef<{ key: string; promise: Promise<SharedAchievement> } | null>(null)

  useEffect(() => {
    let live = true
    if (request.current?.key !== key) request.current = { key, promise: fetchSharedAchievement(shareId) }
    request.current.promise.then(
      (share) => {
        if (!live) return
        setResult(share && typeof share === 'object' ? { key, status: 'ready', share } : { key, status: 'error', message: 'The server sent an unreadable answer.' })
      },
      (error: unknown) => {
        if (!live) return
        setResult(isShareNotFound(error) ? { key, status: 'notfound' } : { key, status: 'error', message: "We couldn't load this achievement. Please try again." })
      },
    )
    return () => {
      live = false
    }
  }, [key, shareId])

  const current = result?.key === key ? result : null

  if (!current) return <SharedLoading />
  if (current.status === 'notfound') return <AchievementNotFound />
  if (current.status === 'error') return <LoadFailed message={current.message} onRetry={() => setAttempt((n) => n + 1)} />
  return <SharedAchievementCard shareId={shareId} view={achievementView(current.share)} />
}

function SharedLoading() {
  useDocumentTitle('Shared achievement')
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>Loading achievement...</span>
    </div>
  )
}

function SharedAchievementCard({ shareId, view }: { shareId: string; view: AchievementView }) {
  const { isAuthenticated } = useAuth()
  const [imageFailed, setImageFailed] = useState(false)
  const headline = `${view.emoji} ${view.title}: ${view.manager}`
  const membersText = plural(view.members, 'manager')
  useDocumentTitle(headline)

  useEffect(
    () =>
      applyShareMeta({
        title: headline,
        description: `${view.description} (${view.leagueName}, ${membersText})`,
        image: new URL(shareImageUrl(shareId), window.location.origin).toString(),
        url: new URL(`/share/banter/${encodeURIComponent(shareId)}`, window.location.origin).toString(),
      }),
    [headline, membersText, shareId, view.description, view.leagueName],
  )

  return (
    <article className="card shared-page" aria-labelledby="shared-title">
      <p className="shared-page__emoji" aria-hidden="true">
        {view.emoji}
      </p>
      <h1 id="shared-title">{view.title}</h1>
      <p className="shared-page__manager">{view.manager}</p>
      <p className="shared-page__description">{view.description}</p>

      {imageFailed ? null : (
        <div className="share-image" data-testid="share-image-frame">
          <img
            src={shareImageUrl(shareId)}
            alt={`Share image: ${view.title}, ${view.manager}`}
            width={1200}
            height={630}
            decoding="async"
            onError={() => setImageFailed(true)}
          />
        </div>
      )}

      <ul className="shared-page__facts" aria-label="League">
        <li>
          <span aria-hidden="true">🏆 </span>
          <strong>{view.leagueName}</strong>
        </li>
        <li>{membersText}</li>
        {view.entryFee > 0 ? <li>Entry fee {formatEntryFee(view.entryFee)}</li> : null}
      </ul>

      <div className="button-row">
        {isAuthenticated ? (
          <Link to={`/tournaments/${view.leagueId}`} className="button button--primary">
            View Tournament
          </Link>
        ) : (
          <>
            <Link to="/login" className="button button--primary">
              Join {PRODUCT_NAME}
            </Link>
            <Link to="/register" className="button button--ghost">
              Create Account
            </Link>
          </>
        )}
      </div>
    </article>
  )
}

function AchievementNotFound() {
  useDocumentTitle('Achievement Not Found')
  return (
    <div className="card standalone-card">
      <p className="standalone-card__icon" aria-hidden="true">
        🔍
      </p>
      <h1>Achievement Not Found</h1>
      <p className="page-lede">
        This shared achievement doesn&apos;t exist or has been removed by the manager who shared it.
      </p>
      <div className="button-row">
        <Link to="/" className="button button--primary">
          Go Home
        </Link>
        <Link to="/tournaments" className="button button--ghost">
          View Tournaments
        </Link>
      </div>
    </div>
  )
}

function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  useDocumentTitle('Shared achievement')
  return (
    <div className="card standalone-card">
      <p className="standalone-card__icon" aria-hidden="true">
        ⚠️
      </p>
      <h1>Something went wrong</h1>
      <p className="page-lede" role="alert">
        {message}
      </p>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={onRetry}>
          Try again
        </button>
        <Link to="/" className="button button--ghost">
          Go Home
        </Link>
      </div>
    </div>
  )
}
