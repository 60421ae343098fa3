import type { LiveBanterAward } from '../../../../contract/live'

/**
 * The banter stats of a gameweek in play (answer.banter): who leads them so far, never a final
 * award. Folded under the leaders' names, so a phone reaches the table at once (decision 143).
 */
export function LiveBanter({ awards }: { awards: readonly LiveBanterAward[] }) {
  if (awards.length === 0) return null
  return (
    <section className="card side-card live-banter" aria-labelledby="live-banter-title">
      <h2 id="live-banter-title" className="side-card__title">
        <span aria-hidden="true">🔥 </span>Live banter <span className="badge badge--accent">so far</span>
      </h2>
      <details className="live-banter__fold">
        <summary className="live-banter__summary">{awards.map((award) => `${award.title}: ${leaders(award)}`).join(' · ')}</summary>
        <ul className="live-banter__list">
          {awards.map((award) => (
            <li key={award.key} className="live-banter__award">
              <strong>{award.title}</strong>
              <span className="muted"> {leaders(award)}</span>
              <p className="live-banter__text">{award.text}</p>
            </li>
          ))}
        </ul>
      </details>
    </section>
  )
}

const leaders = (award: LiveBanterAward) => award.managers.map((m) => m.player_name).join(', ')
