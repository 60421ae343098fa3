import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link, useParams } from 'react-router'
import { shareDescription } from '../../../contract/share-meta'
import { membersText } from '../../../contract/tournaments'
import { ButtonLink, HomeLink } from '../components/ButtonLink'
import { StandaloneCard } from '../components/StandaloneCard'
import { useAuth } from '../features/auth/AuthProvider'
import { fetchSharedAchievement, isShareNotFound, shareImageUrl } from '../features/share/share-api'
import { applyShareMeta } from '../features/share/share-meta'
import type { SharedAchievement } from '../features/share/types'
import { formatEntryFee } from '../lib/format'
import { PRODUCT_NAME } from '../lib/product'
import { queryKeys } from '../lib/query-keys'
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
  /** Managers in the tournament's FPL league when the card was made; null when not known. */
  fplLeagueSize: number | null
  entryFee: number
  leagueId: number
}

const UNKNOWN = /^Unknown (Player|Manager)$/
const known = (value: string) => (value && !UNKNOWN.test(value) ? value : undefined)

/** The page's view of a share. The server fills every default (normaliseStatData); a placeholder player name gives way to the card's manager. */
export function achievementView(share: SharedAchievement): AchievementView {
  const data = share.stat_data
  return {
    emoji: data.emoji,
    title: data.achievement_title,
    manager: known(data.player_name) ?? known(data.additional_data.manager) ?? data.player_name,
    description: data.achievement_description,
    leagueName: data.league_name,
    members: data.league_members,
    // An answer without the field (the server always sends it; an older copy may not): the members alone.
    fplLeagueSize: data.fpl_league_size ?? null,
    entryFee: data.entry_fee,
    leagueId: share.league_id,
  }
}

/**
 * /share/banter/{shareId}: a shared banter achievement, public. The view is counted by the API
 * call (once per visit: a second mount, as in StrictMode, joins the same query); "Achievement Not
 * Found" when the share does not exist (any more).
 */
export default function SharedBanterPage() {
  const { shareId = '' } = useParams()
  // No abort signal: a load left by an unmount is joined by the next mount, not started again.
  const query = useQuery({ queryKey: queryKeys.sharedAchievement(shareId), queryFn: () => fetchSharedAchievement(shareId) })

  if (query.isPending || (query.isError && query.isFetching)) return <SharedLoading />
  if (query.isError && isShareNotFound(query.error)) return <AchievementNotFound />
  if (query.isError) return <LoadFailed message="We couldn't load this achievement. Please try again." onRetry={() => void query.refetch()} />
  return <SharedAchievementCard shareId={shareId} view={achievementView(query.data)} />
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
  // The card's own words for its counts (contract/tournaments.ts membersText, as its image draws them).
  const counts = membersText(view.members, view.fplLeagueSize)
  const description = shareDescription(view.description, view.leagueName, view.members, view.fplLeagueSize)
  useDocumentTitle(headline)

  useEffect(
    () =>
      applyShareMeta({
        title: headline,
        description,
        image: new URL(shareImageUrl(shareId), window.location.origin).toString(),
        url: new URL(`/share/banter/${encodeURIComponent(shareId)}`, window.location.origin).toString(),
      }),
    [headline, description, shareId],
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
        <li>{counts}</li>
        {view.entryFee > 0 ? <li>Entry fee {formatEntryFee(view.entryFee)}</li> : null}
      </ul>

      <div className="button-row">
        {isAuthenticated ? (
          <Link to={`/tournaments/${view.leagueId}`} className="button button--primary">
            View Tournament
          </Link>
        ) : (
          <>
            {/* Both links and where they go are fixed (decision 181, R6); a visitor from a shared link is usually new, so
                signing up is the one that stands out (decision 160). */}
            <Link to="/login" className="button button--ghost">
              Join {PRODUCT_NAME}
            </Link>
            <ButtonLink to="/register" primary>
              Create Account
            </ButtonLink>
          </>
        )}
      </div>
    </article>
  )
}

function AchievementNotFound() {
  useDocumentTitle('Achievement Not Found')
  return (
    <StandaloneCard icon="🔍">
      <h1>Achievement Not Found</h1>
      <p className="page-lede">This shared achievement doesn&apos;t exist or has been removed by the manager who shared it.</p>
      <div className="button-row">
        <ButtonLink to="/" primary>
          Go Home
        </ButtonLink>
        <ButtonLink to="/tournaments">View Tournaments</ButtonLink>
      </div>
    </StandaloneCard>
  )
}

function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  useDocumentTitle('Shared achievement')
  return (
    <StandaloneCard icon="⚠️">
      <h1>Something went wrong</h1>
      <p className="page-lede" role="alert">
        {message}
      </p>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={onRetry}>
          Try again
        </button>
        <HomeLink>Go Home</HomeLink>
      </div>
    </StandaloneCard>
  )
}
