import { formatEntryFee } from '../../../lib/format'
import type { LeagueData } from '../types'

export function PrizePoolCard({ data }: { data: LeagueData }) {
  const pool = data.league.current_prize_pool ?? 0
  return (
    <section className="card side-card" aria-labelledby="prize-card-title">
      <h2 id="prize-card-title" className="side-card__title">
        <span aria-hidden="true">💰 </span>Prize Pool
      </h2>
      <dl className="side-card__facts">
        <div>
          <dt>Total pool</dt>
          <dd>£{pool.toFixed(2)}</dd>
        </div>
        <div>
          <dt>Entry fee</dt>
          <dd>{formatEntryFee(data.league.entry_fee)}</dd>
        </div>
        <div>
          <dt>Monthly prize (30%)</dt>
          <dd>£{(pool * 0.3).toFixed(2)}</dd>
        </div>
      </dl>
    </section>
  )
}
