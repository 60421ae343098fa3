import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { CHAMPION_STAT, championCard, type GazetteEdition, type GazetteFinale, type GazetteMonthRow } from '../../../../contract/gazette'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { errorText } from '../../lib/errors'
import { useConfirmedMutation } from '../../lib/useConfirmedMutation'
import { useShareAchievement } from '../share/useShareAchievement'
import { Confetti } from '../tournaments/Confetti'
import { type BanterCardData, banterCard } from '../tournaments/detail/banter-cards'
import { deleteEdition, gazetteQuery } from './gazette-api'
import '../../styles/gazette.css'
import { formatNumber } from '../../../../contract/numbers'

// The Gameweek Gazette on the wall (decision 134): the product's own post, pinned
// until the next one, with the week's award cards, the month's top three and the race. A
// Manager of the Month edition throws confetti the first time it is seen on this device.

const seenKey = (leagueId: string, e: GazetteEdition) => `gazette-seen:${leagueId}:${e.season}:${e.gameweek}`

/** Whether this device has shown the edition before; remembers that it has now. */
function useFirstView(key: string): boolean {
  const [first] = useState(() => {
    try {
      return window.localStorage.getItem(key) === null
    } catch {
      return false
    }
  })
  useEffect(() => {
    try {
      window.localStorage.setItem(key, '1')
    } catch {
      // Private mode: confetti every time is the lesser evil.
    }
  }, [key])
  return first
}

export function Gazette({ leagueId, moderator }: { leagueId: string; moderator: boolean }) {
  const query = useQuery(gazetteQuery(leagueId))
  const queryClient = useQueryClient()
  const [error, setError] = useState<string | null>(null)
  const removal = useConfirmedMutation({
    mutationFn: (edition: GazetteEdition) => deleteEdition(leagueId, edition.season, edition.gameweek),
    onMutate: () => setError(null),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: gazetteQuery(leagueId).queryKey })
      removal.close()
    },
    onError: (cause) => setError(errorText(cause, 'Could not remove the edition. Try again.')),
  })
  const removing = removal.target
  const editions = query.data?.editions ?? []
  if (editions.length === 0) return null
  const [newest, ...earlier] = editions as [GazetteEdition, ...GazetteEdition[]]

  return (
    <div className="gazette-stack">
      <Edition leagueId={leagueId} edition={newest} onRemove={moderator ? removal.ask : undefined} />
      {earlier.length > 0 ? (
        <details className="gazette-earlier">
          <summary>Earlier editions ({earlier.length})</summary>
          {earlier.map((e) => (
            <Edition key={`${e.season}-${e.gameweek}`} leagueId={leagueId} edition={e} onRemove={moderator ? removal.ask : undefined} />
          ))}
        </details>
      ) : null}
      {removing ? (
        <ConfirmDialog title={`Remove the GW ${removing.gameweek} Gazette?`} confirmLabel="Remove" busyLabel="Removing..." {...removal.dialog}>
          <p>It leaves the wall for everyone and won&apos;t be posted again. To stop new editions, turn the Gazette off in the commissioner&apos;s settings.</p>
          {error ? (
            <p className="form-message form-message--error" role="alert">
              {error}
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </div>
  )
}

function Edition({ leagueId, edition, onRemove }: { leagueId: string; edition: GazetteEdition; onRemove?: (e: GazetteEdition) => void }) {
  const titleId = useId()
  const { document } = edition
  const month = edition.kind === 'month'
  const finale = edition.kind === 'finale' ? document.finale : undefined
  const firstView = useFirstView(seenKey(leagueId, edition))
  const cards = document.awards.flatMap(({ key, stat }) => {
    const card = banterCard(key, stat as never)
    return card ? [card] : []
  })
  return (
    <article className={`card gazette${month || finale ? ' gazette--month' : ''}${edition.pinned ? ' gazette--pinned' : ''}`} aria-labelledby={titleId}>
      {(month || finale) && edition.pinned && firstView ? <Confetti /> : null}
      <header className="gazette__masthead">
        <p className="gazette__name">
          <span aria-hidden="true">🗞️ </span>The Gameweek Gazette
        </p>
        <p className="gazette__issue muted">
          {finale ? 'Season finale · ' : month ? `${document.manager_of_the_month?.month ?? ''} edition · ` : ''}GW {edition.gameweek} · {edition.season}
        </p>
        {edition.pinned ? (
          <span className="badge badge--accent gazette__pin">
            <span aria-hidden="true">📌 </span>Pinned
          </span>
        ) : null}
      </header>
      <h3 id={titleId} className="gazette__headline break-anywhere">
        {document.headline}
      </h3>
      <p className="gazette__standfirst break-anywhere">{document.standfirst}</p>

      {finale ? <Finale leagueId={leagueId} league={document.league_name} finale={finale} /> : null}

      {document.manager_of_the_month ? (
        <p className="gazette__mom">
          <span aria-hidden="true">👑 </span>
          Manager of the Month: <strong className="break-anywhere">{document.manager_of_the_month.winners.join(' & ')}</strong>
          {document.manager_of_the_month.points !== null ? ` · ${formatNumber(document.manager_of_the_month.points)} pts` : ''}
        </p>
      ) : null}

      {cards.length > 0 ? (
        <ul className="banter-grid gazette__awards" aria-label={`GW ${edition.gameweek} awards`}>
          {cards.map((card) => (
            <li key={card.statType} className="card banter-card" data-stat={card.statType}>
              <p className="banter-card__emoji" aria-hidden="true">
                {card.emoji}
              </p>
              <h4 className="banter-card__title">{card.title}</h4>
              <p className="banter-card__manager break-anywhere">{card.manager}</p>
              <p className="banter-card__value">{card.value}</p>
              <p className="banter-card__description break-anywhere">{card.description}</p>
            </li>
          ))}
        </ul>
      ) : null}

      <div className="gazette__columns">
        {document.month ? (
          <TopThree
            label={`${document.month.name} top three`}
            title={`${document.month.name} ${document.month.finished ? 'final top three' : 'top three so far'}`}
            rows={document.month.top}
          />
        ) : null}
        {document.race ? (
          <section className="gazette__column" aria-label="The race">
            <h4 className="gazette__column-title">
              The race: {document.race.name}, {document.race.gameweeks_left} GW left
            </h4>
            <p className="muted">
              {document.race.alive_count === 1 ? 'Only one manager can still win.' : `${document.race.alive_count} managers can still win.`}
            </p>
            <ul className="gazette__race">
              {document.race.lines.map((line) => (
                <li key={line} className="break-anywhere">
                  {line}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>

      <footer className="gazette__foot">
        <time className="muted" dateTime={edition.published_at}>
          Published {new Date(edition.published_at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}
        </time>
        {onRemove ? (
          <button type="button" className="post__action post__action--danger" onClick={() => onRemove(edition)}>
            <span aria-hidden="true">🗑️ </span>Remove
          </button>
        ) : null}
      </footer>
    </article>
  )
}

/** The champion as the share flow's card, in the finale's words (the server takes its words from the same finale). */
function championShareCard(finale: GazetteFinale, league: string): BanterCardData {
  const card = championCard(finale, league)
  return {
    ...card,
    statType: CHAMPION_STAT,
    teamName: '',
    value: `${formatNumber(finale.points)} pts`,
    stat: { manager: card.manager, player: card.manager, team_name: '', description: card.description, points: finale.points },
    provisionalGameweek: null,
  }
}

/** The season's last edition: the champion, the final podium and the season's records (decision 184). */
function Finale({ leagueId, league, finale }: { leagueId: string; league: string; finale: GazetteFinale }) {
  // The wall is its members' (decision 080), and the server checks membership again.
  const share = useShareAchievement({ leagueId: Number(leagueId), league: null, leagueName: league })
  return (
    <section className="gazette__finale" aria-label={`${finale.season} champion`} data-stat={CHAMPION_STAT}>
      <p className="gazette__mom">
        <span aria-hidden="true">🏆 </span>
        {finale.champions.length > 1 ? 'Joint champions' : 'Champion'}: <strong className="break-anywhere">{finale.champions.join(' & ')}</strong> ·{' '}
        {formatNumber(finale.points)} pts
      </p>
      <button
        type="button"
        className="button button--ghost button--sm share-button"
        onClick={() => share.onShare(CHAMPION_STAT, championShareCard(finale, league))}
      >
        <span aria-hidden="true">🏆 </span>Share the champion
      </button>
      {share.dialog}
      <div className="gazette__columns">
        <TopThree label="Final top three" title="Final top three" rows={finale.podium} />
        {finale.records.length > 0 ? (
          <section className="gazette__column" aria-label="Season records">
            <h4 className="gazette__column-title">Season records</h4>
            <ul className="gazette__race">
              {finale.records.map((r) => (
                <li key={r.title} className="break-anywhere">
                  {r.title}: {r.holders.join(' & ')} · {formatNumber(r.value)} {r.unit}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </section>
  )
}

/** A table's top three (a month's, the season's podium): FPL's positions, level managers sharing one. */
function TopThree({ label, title, rows }: { label: string; title: string; rows: GazetteMonthRow[] }) {
  return (
    <section className="gazette__column" aria-label={label}>
      <h4 className="gazette__column-title">{title}</h4>
      <ol className="gazette__top">
        {rows.map((r) => (
          <li key={`${r.position}-${r.player_name}`}>
            <span className="gazette__pos">{r.position}</span>
            <span className="break-anywhere">{r.player_name}</span>
            <span className="gazette__pts">{formatNumber(r.points)} pts</span>
          </li>
        ))}
      </ol>
    </section>
  )
}
