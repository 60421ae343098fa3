import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import { useEffect, useId, useState } from 'react'
import { NOTIFICATION_LABELS, NOTIFICATION_TYPES, type NotificationPreferences, type NotificationType } from '../../../../contract/notifications'
import { SettingSwitch } from '../../components/SettingSwitch'
import { api } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'
import { useAuth } from '../auth/AuthProvider'
import { IosInstallHint } from '../pwa/IosInstallHint'
import { type DeviceState, deviceState, disablePush, enablePush, PushDeniedError, pushSupport } from '../pwa/push-device'
import { useToast } from '../toast/ToastProvider'
import '../../styles/notifications.css'

type Change = Partial<Omit<NotificationPreferences, 'quiet_hours'>> & { quiet_hours?: Partial<NotificationPreferences['quiet_hours']> }

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

/** The dashboard's Notifications card: push on this device, each type, quiet hours, the weekly digest. */
export function NotificationSettings() {
  const { user } = useAuth()
  const queryClient = useQueryClient()
  const { toast } = useToast()
  const route = api.notifications.preferences
  const queryKey = queryKeys.notificationPreferences(user?.id ?? null)
  const query = useQuery({ queryKey, queryFn: ({ signal }) => parseResponse(route.$get(undefined, { init: { signal } })) })
  const id = useId()
  const preferences = query.data?.preferences
  const saving = useMutation({
    // The zone is the browser's at the moment of saving: quiet hours follow the user when they travel.
    mutationFn: (change: Change) => parseResponse(route.$put({ json: { ...change, time_zone: browserTimeZone() } })),
    onSuccess: (answer) => queryClient.setQueryData(queryKey, answer),
    onError: () => toast({ title: 'Not saved', description: 'Your notification settings could not be saved. Please try again.', variant: 'destructive' }),
  })
  const busy = saving.isPending

  /** Saves one change; answers the saved preferences, or null when it failed (the toast says so). */
  const save = (change: Change): Promise<NotificationPreferences | null> =>
    saving.mutateAsync(change).then(
      (answer) => answer.preferences,
      () => null,
    )

  const toggleType = (type: NotificationType) => {
    if (!preferences) return
    const muted = preferences.muted.includes(type) ? preferences.muted.filter((t) => t !== type) : [...preferences.muted, type]
    void save({ muted })
  }

  return (
    <section className="card settings-card settings-card--wide notifications" aria-labelledby={`${id}-title`} aria-busy={busy || undefined}>
      <h3 id={`${id}-title`} className="settings-card__title">
        Notifications &amp; email digest
      </h3>
      <p className="settings-card__lede">What we tell you about, and when. Nothing arrives during your quiet hours.</p>
      <DevicePush onChanged={() => void query.refetch()} />
      {query.isPending ? <p role="status">Loading your notification settings…</p> : null}
      {query.isError ? (
        <p className="notice notice--warning" role="alert">
          Your notification settings could not be loaded.{' '}
          <button type="button" className="link-button" onClick={() => void query.refetch()}>
            Try again
          </button>
        </p>
      ) : null}
      {preferences ? (
        <>
          <fieldset className="notifications__group">
            <legend>Tell me about</legend>
            {NOTIFICATION_TYPES.map((type) => (
              <SettingSwitch
                key={type}
                label={NOTIFICATION_LABELS[type].label}
                hint={NOTIFICATION_LABELS[type].hint}
                checked={!preferences.muted.includes(type)}
                disabled={busy}
                onToggle={() => toggleType(type)}
              />
            ))}
          </fieldset>
          <QuietHours preferences={preferences} disabled={busy} onSave={save} />
          <fieldset className="notifications__group">
            <legend>Email</legend>
            <SettingSwitch
              label="Weekly email digest"
              hint="After FPL checks each gameweek: your points, rank, awards and the race. Every email has a one-click unsubscribe."
              checked={preferences.email_digest}
              disabled={busy}
              onToggle={() => void save({ email_digest: !preferences.email_digest })}
            />
          </fieldset>
        </>
      ) : null}
    </section>
  )
}

/** What a saved quiet-hours change now means, for the line under the times. */
const quietHoursSaved = ({ quiet_hours: q }: NotificationPreferences) =>
  q.enabled ? `Saved: quiet from ${q.start} until ${q.end}.` : 'Saved: quiet hours are off.'

function QuietHours({
  preferences,
  disabled,
  onSave,
}: {
  preferences: NotificationPreferences
  disabled: boolean
  onSave: (change: Change) => Promise<NotificationPreferences | null>
}) {
  const id = useId()
  const { enabled, start, end } = preferences.quiet_hours
  // The times save as they are left, so a line says each save landed (the switches show theirs).
  const [saved, setSaved] = useState('')
  const saveChange = async (change: Change, field?: HTMLInputElement) => {
    setSaved('')
    const answer = await onSave(change)
    if (answer) setSaved(quietHoursSaved(answer))
    // Not saved: the field goes back to the time that holds, so it never shows one that does not.
    else if (field) field.value = preferences.quiet_hours[field.name as 'start' | 'end']
  }
  const saveTime = (input: HTMLInputElement) => {
    const field = input.name as 'start' | 'end'
    const value = input.value
    if (/^\d{2}:\d{2}$/.test(value) && value !== preferences.quiet_hours[field]) void saveChange({ quiet_hours: { [field]: value } }, input)
  }
  return (
    <fieldset className="notifications__group">
      <legend>Quiet hours</legend>
      <SettingSwitch
        label="Quiet hours"
        hint={`Nothing arrives between these times (your time zone: ${preferences.time_zone}). When they end, what is still news arrives, one of each kind; an overtake or a deadline reminder that is over by then is skipped.`}
        checked={enabled}
        disabled={disabled}
        onToggle={() => void saveChange({ quiet_hours: { enabled: !enabled } })}
      />
      <div className="notifications__times">
        <label htmlFor={`${id}-start`}>
          From
          <input id={`${id}-start`} name="start" type="time" defaultValue={start} disabled={disabled || !enabled} onBlur={(e) => saveTime(e.currentTarget)} />
        </label>
        <label htmlFor={`${id}-end`}>
          Until
          <input id={`${id}-end`} name="end" type="time" defaultValue={end} disabled={disabled || !enabled} onBlur={(e) => saveTime(e.currentTarget)} />
        </label>
      </div>
      <p role="status" className="notifications__saved">
        {saved}
      </p>
    </fieldset>
  )
}

/** Push on this device: its state, and the one button that asks for permission. */
function DevicePush({ onChanged }: { onChanged: () => void }) {
  const [support] = useState(pushSupport)
  const [state, setState] = useState<DeviceState | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const turning = useMutation({
    mutationFn: ({ work }: { work: () => Promise<void>; next: DeviceState }) => work(),
    onMutate: () => setProblem(null),
    onSuccess: (_, { next }) => {
      setState(next)
      onChanged()
    },
    onError: (error) => {
      if (error instanceof PushDeniedError) setState('denied')
      else setProblem('Notifications could not be set up on this device. Please try again.')
    },
  })
  const busy = turning.isPending

  useEffect(() => {
    if (support === 'supported') void deviceState().then(setState, () => setState('off'))
  }, [support])

  if (support === 'ios-needs-install') return <IosInstallHint />
  if (support === 'unsupported') return <p className="notice">This browser cannot show notifications. The weekly email digest still works.</p>

  return (
    <div className="notifications__device">
      {state === 'denied' ? (
        <p className="notice notice--warning">
          Notifications are blocked for this site. Allow them in your browser’s site settings (the icon next to the address), then come back here.
        </p>
      ) : state === 'on' ? (
        <>
          <p className="notifications__state">🔔 Notifications are on for this device.</p>
          <button type="button" className="button button--ghost" disabled={busy} onClick={() => turning.mutate({ work: disablePush, next: 'off' })}>
            {busy ? 'Turning off…' : 'Turn off on this device'}
          </button>
        </>
      ) : state === 'off' ? (
        <button type="button" className="button button--primary" disabled={busy} onClick={() => turning.mutate({ work: enablePush, next: 'on' })}>
          {busy ? 'Turning on…' : 'Turn on notifications on this device'}
        </button>
      ) : null}
      {problem ? (
        <p className="form-message form-message--error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  )
}
