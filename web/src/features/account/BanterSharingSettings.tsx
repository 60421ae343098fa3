import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import { useEffect, useId, useState } from 'react'
import { SettingSwitch } from '../../components/SettingSwitch'
import { api } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'
import { useAuth } from '../auth/AuthProvider'
import { useToast } from '../toast/ToastProvider'
import { MyShares } from './MyShares'

/** Banter sharing: the privacy toggle and the user's own shares. */
export function BanterSharingSettings() {
  const { user, updateUser } = useAuth()
  const queryClient = useQueryClient()
  const { toast } = useToast()
  const privacy = api.banter.privacy
  const queryKey = queryKeys.banterPrivacy(user?.id ?? null)
  const query = useQuery({ queryKey, queryFn: ({ signal }) => parseResponse(privacy.$get(undefined, { init: { signal } })) })
  // Treated as on until the setting has loaded; the user's own change wins over a late answer.
  const [chosen, setChosen] = useState<boolean | null>(null)
  const enabled = chosen ?? query.data?.banter_sharing_enabled ?? true
  const id = useId()

  const failure = query.error
  useEffect(() => {
    if (failure) console.warn('Could not load the sharing setting', failure)
  }, [failure])

  const save = useMutation({
    mutationFn: (next: boolean) => parseResponse(privacy.$put({ json: { banter_sharing_enabled: next } })),
    onSuccess: (answer) => {
      const value = answer.banter_sharing_enabled
      setChosen(value)
      queryClient.setQueryData(queryKey, answer)
      updateUser({ banter_sharing_enabled: value })
      toast(
        value
          ? { title: 'Sharing Enabled', description: 'Your banter achievements can now be shared', variant: 'success' }
          : { title: 'Sharing Disabled', description: 'Your banter achievements are now private' },
      )
    },
    onError: () =>
      toast({
        title: 'Error',
        description: 'Failed to update privacy settings. Please try again.',
        variant: 'destructive',
      }),
  })
  const saving = save.isPending
  const toggle = () => {
    if (!saving) save.mutate(!enabled)
  }

  return (
    <section className="card settings-card settings-card--wide" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="settings-card__title">
        Banter Sharing
      </h3>
      <SettingSwitch
        label="Share my banter achievements"
        hint="Let your achievements appear on shareable cards your leagues can post anywhere."
        checked={enabled}
        disabled={saving}
        busy={saving}
        onToggle={toggle}
      />
      {!enabled ? <p className="notice notice--warning">Sharing is off: your banter achievements will not appear in shareable content.</p> : null}
      <MyShares />
    </section>
  )
}
