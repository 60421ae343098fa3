import { useCallback, useState } from 'react'
import { CreatedDialog } from './CreatedDialog'
import { type CreatedLeague, type CreatePrefill, CreateTournamentDialog } from './CreateTournamentDialog'

/**
 * The create dialog, then (after success) the celebration dialog. Rendered while the flow is
 * open; `onDone` unmounts it. `onCreated` runs once the tournament exists (refresh the list).
 * `prefill`: an FPL league already chosen (Find Leagues' "Start it here").
 */
export default function CreateFlow({
  onDone,
  onCreated,
  prefill,
}: {
  onDone: () => void
  onCreated?: (league: CreatedLeague) => void
  prefill?: CreatePrefill
}) {
  const [created, setCreated] = useState<CreatedLeague | null>(null)
  const closeCreated = useCallback(() => onDone(), [onDone])
  if (created) return <CreatedDialog league={created} onClose={closeCreated} />
  return (
    <CreateTournamentDialog
      prefill={prefill}
      onClose={onDone}
      onCreated={(league) => {
        setCreated(league)
        onCreated?.(league)
      }}
    />
  )
}
