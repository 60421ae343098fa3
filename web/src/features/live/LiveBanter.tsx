import type { LiveBanterAward } from '../../../../contract/live'

/** The banter stats of a gameweek in play (answer.banter): who leads them so far, never a final award. */
export function LiveBanter({ awards }: { awards: readonly LiveBanterAward[] }) {
  if (awards.length === 0) return null
  return (
    <section className="card side-card live-banter" aria-labelledby="live-banter-title">
      <h2 id="live-banter-title" className="side-card__title">
        <span aria-hidden="true">🔥 </span>Live banter <span className="badge badge--accent">so far</span>
      </h2>
      <ul className="live-banter__list">
        {awards.map((award) => (
          <li key={award.key} className="live-banter__award">
            <strong>{award.title}</strong>
            <span className="muted"> {award.managers.map((m) => m.player_name).join(', ')}</span>
            <p className="live-banter__text">{award.text}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
