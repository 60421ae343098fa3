import { Fact } from '../../../components/Fact'
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
        <Fact term="Total pool">£{pool.toFixed(2)}</Fact>
        <Fact term="Entry fee">{formatEntryFee(data.league.entry_fee)}</Fact>
        <Fact term="Monthly prize (30%)">£{(pool * 0.3).toFixed(2)}</Fact>
      </dl>
    </section>
  )
}
