import { useQuery, useQueryClient } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import { useId, useRef, useState } from 'react'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { StatusMessage } from '../../components/StatusMessage'
import { api } from '../../lib/api'
import { useConfirmedMutation } from '../../lib/useConfirmedMutation'
import { useTimedMessage } from '../../lib/useTimedMessage'
import { useCopyInviteLink } from '../tournaments/InviteLinkActions'
import { commissionerError } from './errors'
import { inviteLinkQuery } from './invite-link'

/** The link with its code hidden: everything after the last "/" becomes dots. */
export function maskInviteUrl(url: string): string {
  const cut = url.lastIndexOf('/')
  if (cut < 0) return '•'.repeat(Math.min(url.length, 16))
  return `${url.slice(0, cut + 1)}${'•'.repeat(Math.max(8, Math.min(url.length - cut - 1, 16)))}`
}

export function InviteTab({ leagueId }: { leagueId: number }) {
  const [shown, setShown] = useState(false)
  const banner = useTimedMessage()
  const inputRef = useRef<HTMLInputElement>(null)
  const id = useId()
  const copier = useCopyInviteLink(() => {
    // Show the link so it can be copied by hand.
    setShown(true)
    requestAnimationFrame(() => inputRef.current?.select())
  })

  const queryClient = useQueryClient()
  const linkQuery = inviteLinkQuery(leagueId)
  const query = useQuery(linkQuery)
  const url = query.data?.invite_url ?? null
  const loadError = query.isError ? commissionerError(query.error, 'Failed to load the invite link') : null

  const copy = async () => {
    if (url) await copier.copy(url)
  }

  const regeneration = useConfirmedMutation({
    mutationFn: () => parseResponse(api.leagues[':id']['regenerate-invite'].$post({ param: { id: String(leagueId) } })),
    onSuccess: (answer) => {
      queryClient.setQueryData(linkQuery.queryKey, answer)
      banner.show('success', answer.message)
    },
    onError: (error) => banner.show('error', commissionerError(error, 'Failed to regenerate invite')),
    onSettled: () => {
      regeneration.close()
    },
  })

  const test = () => {
    if (url) window.open(url, '_blank', 'noopener,noreferrer')
  }

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="commissioner-section__title">
        Invite link
      </h2>
      <p className="muted">Anyone with this link can join your league after signing in, as long as their FPL team is in the FPL league.</p>

      <StatusMessage message={banner.message} error={loadError} />
      {!url && !loadError ? (
        <p className="inline-loading" role="status">
          <span className="spinner spinner--sm" aria-hidden="true" /> Loading invite link...
        </p>
      ) : null}

      {url ? (
        <>
          <div className="field">
            <label htmlFor={`${id}-link`} className="field__label">
              Your invite link
            </label>
            <div className="input-wrap input-wrap--end">
              <input
                ref={inputRef}
                id={`${id}-link`}
                className="input invite-input"
                readOnly
                value={shown ? url : maskInviteUrl(url)}
                aria-describedby={`${id}-copy`}
                onFocus={(e) => shown && e.currentTarget.select()}
              />
              <button
                type="button"
                className="input-toggle"
                aria-pressed={shown}
                aria-label={shown ? 'Hide invite link' : 'Show invite link'}
                onClick={() => setShown((v) => !v)}
              >
                {shown ? 'Hide' : 'Show'}
              </button>
            </div>
            <p id={`${id}-copy`} className="copy-row__message" role="status" aria-live="polite">
              {copier.message?.text ?? ''}
            </p>
          </div>
          <div className="button-row">
            <button type="button" className="button button--primary" onClick={() => void copy()}>
              Copy
            </button>
            <button type="button" className="button button--ghost" onClick={() => regeneration.ask(true)} disabled={regeneration.dialog.busy}>
              Generate New Link
            </button>
            <button type="button" className="button button--ghost" onClick={test}>
              Test Link
            </button>
          </div>
        </>
      ) : null}

      <div className="invite-explainer">
        <h3>How invites work</h3>
        <ul>
          <li>Share the link in your league&apos;s group chat; it opens a page where managers join with one tap.</li>
          <li>Only managers whose FPL team is in your FPL league can join.</li>
          <li>Generating a new link invalidates old invites: the previous link stops working straight away.</li>
        </ul>
      </div>

      {regeneration.target ? (
        <ConfirmDialog
          title="Generate a new invite link?"
          confirmLabel="Generate New Link"
          busyLabel="Generating..."
          {...regeneration.dialog}
          destructive={false}
        >
          <p>The current link stops working. Anyone who hasn&apos;t joined yet will need the new one.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  )
}
