import { provisionalNote } from '../../../../../contract/provisional'
import { MembersOnly, SignInGate } from '../../auth/Gates'
import type { BanterKey, LeagueData } from '../types'
import { type BanterCardData, banterCards, banterEmoji, banterTitle, provisionalGameweek } from './banter-cards'
import { ShareButton, type ShareHandler } from './ShareButton'

export interface BanterTabProps {
  data: LeagueData | null
  loading: boolean
  signedIn: boolean
  onShare: ShareHandler
  onJoin?: () => void
}

/** Sample cards, blurred behind the sign-in prompt. */
const SAMPLE: { key: BanterKey; manager: string; value: string; description: string }[] = [
  { key: 'captain_catastrophe', manager: 'Dan M', value: '2 pts', description: 'Captained a defender who got subbed at half-time.' },
  { key: 'benched_beast', manager: 'Sam K', value: '31 pts', description: 'Left a hat-trick on the bench. Again.' },
  { key: 'gameweek_rocket', manager: 'Priya S', value: '104 pts', description: 'Triple-digit week. Insufferable until Tuesday.' },
  { key: 'transfer_tornado', manager: 'Jo P', value: '4 hits', description: 'Sixteen points spent on transfers. Zero regrets, apparently.' },
]

export function BanterTab({ data, loading, signedIn, onShare, onJoin }: BanterTabProps) {
  if (!signedIn) {
    return (
      <SignInGate message="Sign in to view all the hilarious and heartbreaking stats from your league.">
        <ul className="banter-grid">
          {SAMPLE.map((s) => (
            <li key={s.key} className="card banter-card">
              <p className="banter-card__emoji">{banterEmoji(s.key)}</p>
              <h3 className="banter-card__title">{banterTitle(s.key)}</h3>
              <p className="banter-card__manager">{s.manager}</p>
              <p className="banter-card__value">{s.value}</p>
              <p className="banter-card__description">{s.description}</p>
            </li>
          ))}
        </ul>
      </SignInGate>
    )
  }
  if (!data) {
    return loading ? (
      <p className="inline-loading tab-loading" role="status">
        <span className="spinner spinner--sm" aria-hidden="true" /> Loading banter statistics...
      </p>
    ) : null
  }
  if (data.access === 'members') return <MembersOnly what="banter stats" onJoin={onJoin} />
  if (!data.banterStats) {
    return (
      <div className="card tab-empty">
        <p className="tab-empty__icon" aria-hidden="true">
          🔥
        </p>
        <h2 className="tab-empty__title">Banter loading up</h2>
        <p className="muted">{data.banterMessage ?? 'Banter stats appear after the next gameweek refresh.'}</p>
      </div>
    )
  }
  const context = data.banterStats.league_context ?? null
  // A gameweek FPL has not checked: say so above the cards, and every title says "so far" (decision 113).
  const provisional = provisionalGameweek(data.banterStats)
  return (
    <div className="banter-tab">
      {provisional !== null ? (
        <p className="banter-tab__provisional" role="note">
          {provisionalNote(provisional)}
        </p>
      ) : null}
      {context?.gameweek ? (
        <p className="muted banter-tab__context">
          Gameweek {context.gameweek} awards{provisional !== null ? ' so far' : ''}
          {context.name ? ` in ${context.name}` : ''}
        </p>
      ) : null}
      <ul className="banter-grid" aria-label={provisional !== null ? 'Banter awards so far' : 'Banter awards'}>
        {banterCards(data.banterStats).map(({ key, card }) => (
          <li key={key} className={card ? 'card banter-card' : 'card banter-card banter-card--empty'} data-stat={key}>
            {card ? <BanterCard card={card} onShare={onShare} /> : <EmptyCard statType={key} provisional={provisional !== null} />}
          </li>
        ))}
      </ul>
    </div>
  )
}

function BanterCard({ card, onShare }: { card: BanterCardData; onShare: ShareHandler }) {
  return (
    <>
      <p className="banter-card__emoji" aria-hidden="true">
        {card.emoji}
      </p>
      <h3 className="banter-card__title">{card.title}</h3>
      <p className="banter-card__manager">{card.manager}</p>
      {card.teamName ? <p className="banter-card__team">{card.teamName}</p> : null}
      <p className="banter-card__value">{card.value}</p>
      <p className="banter-card__description">{card.description}</p>
      <div className={card.provisionalGameweek !== null ? 'banter-card__actions banter-card__actions--waiting' : 'banter-card__actions'}>
        <ShareButton card={card} onShare={onShare} />
      </div>
    </>
  )
}

function EmptyCard({ statType, provisional }: { statType: BanterKey; provisional: boolean }) {
  return (
    <>
      <p className="banter-card__emoji" aria-hidden="true">
        {banterEmoji(statType)}
      </p>
      <h3 className="banter-card__title">{banterTitle(statType, provisional)}</h3>
      <p className="banter-card__description muted">{provisional ? 'Nobody has earned this one so far.' : 'Nobody earned this one this gameweek.'}</p>
    </>
  )
}
