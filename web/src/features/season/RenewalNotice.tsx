import { useNavigate } from 'react-router'

/**
 * A tournament as the dashboard's card and the tournament page hold it: the commissioner screen
 * takes either answer whole in its navigation state.
 */
interface RenewingLeague {
  id: number
  name: string
  is_commissioner: boolean
}

/**
 * FPL's relaunch let go of the tournament's league (decision 185) until its commissioner renews it
 * with this season's: members learn why it stands still, the commissioner where to renew it (the
 * commissioner screen's Settings tab).
 */
export function RenewalNotice({ league }: { league: RenewingLeague }) {
  const navigate = useNavigate()
  if (!league.is_commissioner) return <p className="notice">Waiting for the commissioner to renew it for the new season.</p>
  return (
    <p className="notice">
      FPL's new season gave every league a new ID.{' '}
      <button type="button" className="link-button" onClick={() => navigate('/commissioner', { state: { league, tab: 'settings' } })}>
        Renew it for the new season
      </button>
    </p>
  )
}
