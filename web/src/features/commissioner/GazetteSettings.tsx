import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { StatusMessage } from '../../components/StatusMessage'
import { gazetteQuery, setGazetteEnabled } from '../community/gazette-api'
import { commissionerError } from './errors'

// The Gameweek Gazette's switch (decision 134): the commissioner decides whether the
// product posts an edition on the wall each time FPL checks a gameweek.

export function GazetteSettings({ leagueId }: { leagueId: string }) {
  const id = useId()
  const queryClient = useQueryClient()
  const current = useQuery(gazetteQuery(leagueId))
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => setGazetteEnabled(leagueId, enabled),
    onSuccess: async (answer) => {
      setOutcome({ tone: 'success', text: answer.message })
      await queryClient.invalidateQueries({ queryKey: gazetteQuery(leagueId).queryKey })
    },
    onError: (error) => setOutcome({ tone: 'error', text: commissionerError(error, 'Failed to change the Gazette') }),
  })
  const enabled = current.data?.enabled ?? true
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="commissioner-section__title">
        The Gameweek Gazette
      </h2>
      <p className="muted" id={`${id}-about`}>
        When FPL checks a gameweek, Banter Arena pins a short write-up on your wall: the headline of the week, the awards, the month&apos;s top three and the
        race. Members who switched sharing off are never named. You can remove any edition from the wall.
      </p>
      <label className="checkbox-row">
        <input
          type="checkbox"
          checked={enabled}
          disabled={current.isPending || toggle.isPending}
          aria-describedby={`${id}-about`}
          onChange={(e) => {
            setOutcome(null)
            toggle.mutate(e.target.checked)
          }}
        />
        <span>Post the Gameweek Gazette on the wall</span>
      </label>
      <StatusMessage message={outcome} />
    </section>
  )
}
