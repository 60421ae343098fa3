import { useState } from 'react'
import type { LiveOwnershipAnswer } from '../../../../contract/live-insight'
import { formatNumber } from '../../../../contract/numbers'
import { useAuth } from '../auth/AuthProvider'
import { InsightLoad } from './InsightLoad'
import { MATCH_STATE, managers, percent } from './insight-text'
import { ownershipQuery } from './live-insight-api'
import { signed } from './live-text'
import { useInsightQuery } from './useInsight'

/** A phone shows this many players first; the rest are one press away. */
const FIRST_ROWS = 20

/** "You are +3.6 on the league average", "You are level with the league average". */
const gainLine = (gain: number) => (gain === 0 ? 'You are level with the league average' : `You are ${signed(gain)} on the league average`)

/**
 * The league's effective ownership: every player owned here with his owners, starters and
 * armbands, his EO and live points; with the viewer's team in the table, what each of his 15 is
 * worth to him against the league, and his gain on the league's average.
 */
export function InsightOwnership({ leagueId, autoSubs, tableUpdatedAt }: { leagueId: string; autoSubs: boolean; tableUpdatedAt: string | null }) {
  const { user } = useAuth()
  const query = useInsightQuery(ownershipQuery(leagueId, user?.id ?? null, autoSubs), tableUpdatedAt)
  return (
    <InsightLoad query={query} what="league ownership">
      {(answer) => <OwnershipTable answer={answer} />}
    </InsightLoad>
  )
}

function OwnershipTable({ answer }: { answer: LiveOwnershipAnswer }) {
  const [all, setAll] = useState(false)
  const worth = new Map(answer.mine?.picks.map((p) => [p.element, p.worth]))
  const shown = all ? answer.players : answer.players.slice(0, FIRST_ROWS)
  if (answer.players.length === 0) return <p className="muted">No picks are in yet: nobody's team can be counted.</p>
  return (
    <>
      <p className="insight-lead">
        {answer.mine ? <strong>{gainLine(answer.mine.gain)}</strong> : null}
        <span className="muted">
          {' '}
          League average so far: {formatNumber(answer.average_points)} pts, over the {managers(answer.managers)} whose picks are in.
        </span>
      </p>
      {/* Wider than a phone: the table scrolls sideways, its first column kept in view (live-insight.css);
          browsers make such a scroller keyboard-focusable by themselves. */}
      <div className="insight-scroll">
        <table className="insight-table">
          <caption className="visually-hidden">League ownership, by effective ownership (EO)</caption>
          <thead>
            <tr>
              <th scope="col">Player</th>
              <th scope="col" className="insight-table__num">
                <abbr title="Effective ownership">EO</abbr>
              </th>
              <th scope="col" className="insight-table__num">
                Owners
              </th>
              <th scope="col" className="insight-table__num">
                Starting
              </th>
              <th scope="col" className="insight-table__num">
                Captains <span className="insight-table__sub">(TC)</span>
              </th>
              <th scope="col" className="insight-table__num">
                Pts
              </th>
              <th scope="col">Match</th>
              {answer.mine ? (
                <th scope="col" className="insight-table__num">
                  Worth to you
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {shown.map((p) => {
              const mine = worth.get(p.element)
              return (
                <tr key={p.element} className={mine === undefined ? undefined : 'insight-table__mine'}>
                  <th scope="row">
                    <span className="insight-table__name">{p.name}</span> <span className="insight-table__club muted">{p.club}</span>
                  </th>
                  <td className="insight-table__num">{percent(p.eo)}</td>
                  <td className="insight-table__num">{formatNumber(p.owners)}</td>
                  <td className="insight-table__num">{formatNumber(p.starters)}</td>
                  <td className="insight-table__num">
                    {formatNumber(p.captains)}
                    {p.triple_captains > 0 ? <span className="insight-table__sub"> ({formatNumber(p.triple_captains)})</span> : null}
                  </td>
                  <td className="insight-table__num">{p.points}</td>
                  <td className={`insight-state insight-state--${p.fixture_state}`}>{MATCH_STATE[p.fixture_state]}</td>
                  {answer.mine ? (
                    <td className="insight-table__num">
                      {mine === undefined ? (
                        <>
                          <span aria-hidden="true">–</span>
                          <span className="visually-hidden">not in your team</span>
                        </>
                      ) : (
                        signed(mine)
                      )}
                    </td>
                  ) : null}
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      {answer.players.length > FIRST_ROWS ? (
        <button type="button" className="button button--ghost button--sm insight-more" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? `Show the first ${FIRST_ROWS}` : `Show all ${formatNumber(answer.players.length)} players`}
        </button>
      ) : null}
    </>
  )
}
