import { useEffect, useId, useRef, useState } from 'react'
import { apiFetch } from '../../lib/api'
import type { PrivacyResponse } from '../../lib/api-types'
import { isAbortError } from '../../lib/errors'
import { useAuth } from '../auth/AuthProvider'
import { useToast } from '../toast/ToastProvider'
import { MyShares } from './MyShares'

/** Banter sharing: the privacy toggle and the user's own shares. */
export function BanterSharingSettings() {
  const { updateUser } = useAuth()
  const { toast } = useToast()
  // Treated as on until the setting has loaded.
  const [enabled, setEnabled] = useState(true)
  const [saving, setSaving] = useState(false)
  const changedByUser = useRef(false)
  const id = useId()

  useEffect(() => {
    const controller = new AbortController()
    apiFetch<PrivacyResponse>('/api/banter/privacy', { signal: controller.signal })
      .then((answer) => {
        if (!changedByUser.current && typeof answer?.banter_sharing_enabled === 'boolean') {
          setEnabled(answer.banter_sharing_enabled)
        }
      })
      .catch((error: unknown) => {
        if (!isAbortError(error)) console.warn('Could not load the sharing setting', error)
      })
    return () => controller.abort()
  }, [])

  const toggle = async () => {
    if (saving) return
    const next = !enabled
    changedByUser.current = true
    setSaving(true)
    try {
      const answer = await apiFetch<PrivacyResponse>('/api/banter/privacy', {
        method: 'PUT',
        body: { banter_sharing_enabled: next },
      })
      const value = typeof answer?.banter_sharing_enabled === 'boolean' ? answer.banter_sharing_enabled : next
      setEnabled(value)
      updateUser({ banter_sharing_enabled: value })
      toast(
        value
          ? { title: 'Sharing Enabled', description: 'Your banter achievements can now be shared', variant: 'success' }
          : { title: 'Sharing Disabled', description: 'Your banter achievements are now private' },
      )
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to update privacy settings. Please try again.',
        variant: 'destructive',
      })
    } finally {
      setSaving(false)
    }
  }

  return (
    <section className="card settings-card settings-card--wide" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="settings-card__title">
        Banter Sharing
      </h3>
      <div className="switch-row">
        <div>
          <p id={`${id}-label`} className="switch-row__label">
            Share my banter achievements
          </p>
          <p id={`${id}-desc`} className="switch-row__desc">
            Let your achievements appear on shareable cards your leagues can post anywhere.
          </p>
        </div>
        <button
          type="button"
          role="switch"
          className="switch"
          aria-checked={enabled}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-desc`}
          disabled={saving}
          aria-busy={saving || undefined}
          onClick={toggle}
        >
          <span className="switch__thumb" aria-hidden="true" />
          <span className="switch__text" aria-hidden="true">
            {enabled ? 'On' : 'Off'}
          </span>
        </button>
      </div>
      {!enabled ? (
        <p className="notice notice--warning">
          Sharing is off: your banter achievements will not appear in shareable content.
        </p>
      ) : null}
      <MyShares />
    </section>
  )
}
