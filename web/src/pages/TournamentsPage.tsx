import { ComingSoon } from '../components/ComingSoon'
import { useDocumentTitle } from '../lib/useDocumentTitle'

export default function TournamentsPage() {
  useDocumentTitle('Tournaments')
  return (
    <div className="container page">
      <header className="page-header">
        <p className="eyebrow">Tournaments</p>
        <h1>Tournament Management</h1>
        <p className="page-lede">Create and manage your FPL tournaments</p>
      </header>
      <ComingSoon
        items={[
          'Every tournament on the arena: Global, Curated and Private leagues, with member counts.',
          'Create a tournament from your FPL classic league ID, or join a friend’s.',
          'One tap into live standings, Manager of the Month and the banter board.',
        ]}
      />
    </div>
  )
}
