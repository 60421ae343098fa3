import { useCallback, useState } from 'react'
import { CreatedDialog } from './CreatedDialog'
import { type CreatedLeague, CreateTournamentDialog } from './CreateTournamentDialog'

/**
 * The create dialog, then (after success) the celebration dialog. Rendered while the flow is
 * open; `onDone` unmounts it. `onCreated` runs once the tournament exists (refresh the list).
 */
export default function CreateFlow({ onDone, onCreated }: { onDone: () => void; onCreated?: (league: CreatedLeague) => void }) {
  const [created, setCreated] = useState<CreatedLeague | null>(null)
  const closeCreated = useCallback(() => onDone(), [onDone])
  if (created) return <CreatedDialog league={created} onClose={closeCreated} />
  return (
    <CreateTournamentDialog
      onClose={onDone}
      onCreated={(league) => {
        setCreated(league)
        onCreated?.(league)
      }}
    />
  )
}
