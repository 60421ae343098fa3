import { Link, useLocation, useParams } from 'react-router'
import { ComingSoon } from '../components/ComingSoon'
import { useDocumentTitle } from '../lib/useDocumentTitle'

interface LeagueState {
  league?: { name?: string }
}

export default function TournamentDetailPage() {
  const { leagueId } = useParams()
  const state = useLocation().state as LeagueState | null
  // The list passes the league as navigation state; a direct visit loads it (later issue).
  const name = state?.league?.name ?? 'Tournament'
  useDocumentTitle(name)
  return (
    <div className="container page">
      <Link to="/tournaments" className="back-link">
        ← Back to Tournaments
      </Link>
      <header className="page-header">
        <p className="eyebrow">League #{leagueId}</p>
        <h1>{name}</h1>
        <p className="page-lede">Live standings, monthly winners and the banter your league deserves.</p>
      </header>
      <ComingSoon
        items={[
          'Live: the standings, this gameweek’s scores and your own row highlighted.',
          'Winners: Manager of the Month, month by month, with the runners-up.',
          'Banter: Captain Catastrophe, Benched Beast, Transfer Tornado and friends, ready to share.',
          'Wall: your league’s community wall for the triumphs and the disasters.',
        ]}
      />
    </div>
  )
}
