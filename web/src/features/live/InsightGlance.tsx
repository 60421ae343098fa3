import { type ReactNode, useId } from 'react'
import type { LiveGlanceAnswer, LiveTransfersGlance } from '../../../../contract/live-insight'
import { formatNumber } from '../../../../contract/numbers'
import { InsightLoad } from './InsightLoad'
import { managers, percent } from './insight-text'
import { glanceQuery } from './live-insight-api'
import { chipName, signed } from './live-text'
import { useInsightQuery } from './useInsight'

/** The league's gameweek at a glance: its armbands, chips, blanks, biggest differential haul and transfers. */
export function InsightGlance({ leagueId, autoSubs, tableUpdatedAt }: { leagueId: string; autoSubs: boolean; tableUpdatedAt: string | null }) {
  const query = useInsightQuery(glanceQuery(leagueId, autoSubs), tableUpdatedAt)
  return (
    <InsightLoad query={query} what="gameweek at a glance">
      {(answer) => <Glance answer={answer} />}
    </InsightLoad>
  )
}

const names = (named: ReadonlyArray<{ player_name: string }>, total: number) =>
  `${named.map((m) => m.player_name).join(', ')}${total > named.length ? ` and ${formatNumber(total - named.length)} more` : ''}`

function Glance({ answer }: { answer: LiveGlanceAnswer }) {
  const { differential: haul } = answer
  return (
    <div className="insight-glance">
      <GlanceBlock title="Captaincy">
        {answer.captaincy.length === 0 ? (
          <p className="muted">No armbands yet.</p>
        ) : (
          <ul className="insight-list">
            {answer.captaincy.map((share) => (
              <li key={share.element ?? 'none'}>
                <strong>{share.name ?? 'No armband'}</strong> {percent(share.percent)}
                <span className="muted">
                  {' '}
                  ({managers(share.managers)}
                  {share.triple > 0 ? `, ${formatNumber(share.triple)} triple` : ''})
                  {share.element === null ? ' — captain and vice without a game' : ` · ${share.points} pts`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </GlanceBlock>
      <GlanceBlock title="Chips played">
        {answer.chips.length === 0 ? (
          <p className="muted">No chips played.</p>
        ) : (
          <ul className="insight-list">
            {answer.chips.map((chip) => (
              <li key={chip.chip}>
                <strong>{chipName(chip.chip)}</strong> {managers(chip.managers)} ({percent(chip.percent)})
                <span className="muted"> {names(chip.named, chip.managers)}</span>
              </li>
            ))}
          </ul>
        )}
      </GlanceBlock>
      <GlanceBlock title="Most-owned blanks">
        {answer.blanks.length === 0 ? (
          <p className="muted">No widely owned player has blanked yet.</p>
        ) : (
          <ul className="insight-list">
            {answer.blanks.map((blank) => (
              <li key={blank.element}>
                <strong>{blank.name}</strong> <span className="muted">{blank.club}</span> {blank.points} {blank.points === 1 ? 'pt' : 'pts'}
                <span className="muted">
                  {' '}
                  · owned by {percent(blank.percent)}, EO {percent(blank.eo)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </GlanceBlock>
      <GlanceBlock title="Biggest differential haul">
        {haul ? (
          <p>
            <strong>{haul.name}</strong> <span className="muted">{haul.club}</span> {haul.haul} pts
            {haul.multiplier > 1 ? ` (${haul.points} ×${haul.multiplier})` : ''} for {names(haul.named, haul.owners)}
          </p>
        ) : (
          <p className="muted">No differential haul yet.</p>
        )}
      </GlanceBlock>
      {answer.transfers ? <Transfers transfers={answer.transfers} /> : null}
    </div>
  )
}

function Transfers({ transfers }: { transfers: LiveTransfersGlance }) {
  // The best gains, then the worst of the rest: never the same manager twice.
  const listed = [...transfers.best, ...transfers.worst]
  return (
    <GlanceBlock title="Transfers">
      <p>
        {managers(transfers.managers)} made transfers; {formatNumber(transfers.hits)} took a hit ({signed(-transfers.hit_points)} pts).
      </p>
      {listed.length > 0 ? (
        <ul className="insight-list">
          {listed.map((m) => (
            <li key={m.fpl_team_id}>
              <strong>{m.player_name}</strong> {signed(m.gain)}
              <span className="muted">
                {' '}
                {m.transfers.map((t) => `${t.name_out} → ${t.name_in}`).join(', ')}
                {m.hit > 0 ? `, ${signed(-m.hit)} hit` : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </GlanceBlock>
  )
}

function GlanceBlock({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <section className="insight-block" aria-labelledby={id}>
      <h3 id={id} className="insight-block__title">
        {title}
      </h3>
      {children}
    </section>
  )
}
