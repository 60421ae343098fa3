import { useQuery, useQueryClient } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import { useEffect, useId, useRef, useState } from 'react'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { api, pathParam } from '../../lib/api'
import type { SharedStat } from '../../lib/api-answers'
import { formatShortDate, plural } from '../../lib/format'
import { queryKeys } from '../../lib/query-keys'
import { useConfirmedMutation } from '../../lib/useConfirmedMutation'
import { useAuth } from '../auth/AuthProvider'
import { useToast } from '../toast/ToastProvider'

type Status = 'idle' | 'loading' | 'ready' | 'error'

const shareTitle = (share: SharedStat) => share.stat_data.achievement_title

/** "My Shares": hidden until shown, loaded on first show; each share can be deleted after a confirmation. */
export function MyShares() {
  const { toast } = useToast()
  const { user } = useAuth()
  const queryClient = useQueryClient()
  const [shown, setShown] = useState(false)
  // Loaded the first time the list is shown.
  const [wanted, setWanted] = useState(false)
  const queryKey = queryKeys.myShares(user?.id ?? null)
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => parseResponse(api.banter['my-shares'].$get(undefined, { init: { signal } })),
    enabled: wanted,
  })
  const status: Status = !wanted ? 'idle' : query.isFetching ? 'loading' : query.isError ? 'error' : 'ready'
  // The card's stored fields are JSON to the route (see SharedStat).
  const shares = (query.data?.shared_stats ?? []) as SharedStat[]
  const id = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const focusHeading = useRef(false)
  const removal = useConfirmedMutation({
    mutationFn: (share: SharedStat) => parseResponse(api.banter.share[':id'].$delete({ param: { id: pathParam(share.id) } })),
    onSuccess: (_, share) => {
      queryClient.setQueryData(
        queryKey,
        (answer: { shared_stats: SharedStat[] } | undefined) => answer && { ...answer, shared_stats: answer.shared_stats.filter((s) => s.id !== share.id) },
      )
      focusHeading.current = true
      toast({ title: 'Share Deleted', description: 'Your shared achievement has been removed.', variant: 'success' })
    },
    onError: () => toast({ title: 'Error', description: 'Failed to delete shared achievement.', variant: 'destructive' }),
    onSettled: () => {
      removal.close()
    },
  })
  const confirming = removal.target

  // The deleted item's button is gone: after the dialog closes, focus goes to the list heading.
  useEffect(() => {
    if (confirming === null && focusHeading.current) {
      focusHeading.current = false
      headingRef.current?.focus()
    }
  }, [confirming])

  const toggle = () => {
    setShown(!shown)
    setWanted(true)
  }

  return (
    <div className="my-shares">
      <button type="button" className="button button--ghost" aria-expanded={shown} aria-controls={`${id}-panel`} onClick={toggle}>
        {shown ? 'Hide My Shares' : 'Show My Shares'}
      </button>
      <div id={`${id}-panel`} hidden={!shown} className="my-shares__panel">
        <h4 ref={headingRef} tabIndex={-1} className="my-shares__title">
          My Shares
        </h4>
        {status === 'loading' ? (
          <p className="inline-loading" role="status">
            <span className="spinner spinner--sm" aria-hidden="true" /> Loading your shares...
          </p>
        ) : null}
        {status === 'error' ? (
          <div className="form-message form-message--error" role="alert">
            Failed to load your shared achievements.{' '}
            <button type="button" className="link-button" onClick={() => void query.refetch()}>
              Try again
            </button>
          </div>
        ) : null}
        {status === 'ready' && shares.length === 0 ? (
          <p className="muted">You haven&apos;t shared any achievements yet. Open a tournament&apos;s Banter tab to share one.</p>
        ) : null}
        {status === 'ready' && shares.length > 0 ? (
          <ul className="share-list">
            {shares.map((share) => (
              <li key={share.id} className="share-item">
                <span className="share-item__emoji" aria-hidden="true">
                  {share.stat_data?.emoji ?? '🏆'}
                </span>
                <div className="share-item__body">
                  <p className="share-item__title">
                    {share.share_url ? (
                      <a href={share.share_url} target="_blank" rel="noopener noreferrer">
                        {shareTitle(share)}
                        <span className="visually-hidden"> (opens in a new tab)</span>
                      </a>
                    ) : (
                      shareTitle(share)
                    )}
                  </p>
                  <p className="share-item__meta">
                    {[
                      share.league_name ?? share.stat_data?.league_name,
                      share.created_at ? `Shared ${formatShortDate(share.created_at)}` : null,
                      plural(share.view_count ?? 0, 'view'),
                      plural(share.click_count ?? 0, 'click'),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <button
                  type="button"
                  className="button button--ghost button--sm button--danger-text"
                  onClick={() => removal.ask(share)}
                  aria-label={`Delete share: ${shareTitle(share)}`}
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {confirming ? (
        <ConfirmDialog title="Delete this share?" confirmLabel="Delete" busyLabel="Deleting..." {...removal.dialog}>
          <p>&ldquo;{shareTitle(confirming)}&rdquo; will be removed and its public link will stop working. This can&apos;t be undone.</p>
        </ConfirmDialog>
      ) : null}
    </div>
  )
}
