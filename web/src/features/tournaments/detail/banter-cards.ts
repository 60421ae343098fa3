import type { CHAMPION_STAT } from '../../../../../contract/gazette'
import { formatNumber } from '../../../../../contract/numbers'
import type { BanterKey, BanterStat, ComprehensiveBanterStats } from '../types'
import { BANTER_KEYS } from '../types'

/** What a banter card shows, and what is handed to the share dialog (the season's champion is shared as one too). */
export interface BanterCardData {
  statType: BanterKey | typeof CHAMPION_STAT
  emoji: string
  title: string
  manager: string
  teamName: string
  value: string
  description: string
  /** The stat as the API sent it (the share dialog sends it as stat_data). */
  stat: BanterStat
  /**
   * The gameweek of an award FPL has not checked yet (its title says "so far" and it cannot be
   * shared, decision 113); null once checked.
   */
  provisionalGameweek: number | null
}

const pts = (n: number | undefined, fallback?: number) =>
  typeof n === 'number' ? `${formatNumber(n)} pts` : fallback !== undefined ? `${formatNumber(fallback)} pts` : '—'
const signed = (n: number | undefined, unit: string, sign: '+' | '-') => (typeof n === 'number' ? `${sign}${formatNumber(n)} ${unit}` : '—')

interface CardSpec<K extends BanterKey> {
  emoji: string
  title: string
  /** Which name field the card reads first (auto_sub_saviour reads `player`). */
  nameField: 'manager' | 'player'
  value: (s: BanterStat<K>) => string
}

// Fallback values when a value field is missing: 25 pts on points cards and 2.5 on the
// consistency score, as the original cards did (decision 181, R10).
const SPECS: { [K in BanterKey]: CardSpec<K> } = {
  gameweek_rocket: { emoji: '🚀', title: 'Gameweek Rocket', nameField: 'manager', value: (s) => pts(s.points, 25) },
  auto_sub_saviour: { emoji: '🦸', title: 'Auto-Sub Saviour', nameField: 'player', value: (s) => signed(s.points_gained, 'pts', '+') },
  tournament_leader: { emoji: '👑', title: 'Tournament Leader', nameField: 'manager', value: (s) => pts(s.points, 25) },
  transfer_tornado: {
    emoji: '🌪️',
    title: 'Transfer Tornado',
    nameField: 'manager',
    value: (s) =>
      typeof s.hits === 'number'
        ? `${formatNumber(s.hits)} ${s.hits === 1 ? 'hit' : 'hits'}`
        : typeof s.transfers === 'number'
          ? `${formatNumber(s.transfers)} transfers`
          : '—',
  },
  captain_catastrophe: { emoji: '🤦', title: 'Captain Catastrophe', nameField: 'manager', value: (s) => pts(s.points, 25) },
  wooden_spoon_warrior: { emoji: '🥄', title: 'Wooden Spoon Warrior', nameField: 'manager', value: (s) => pts(s.points, 25) },
  comeback_king: { emoji: '📈', title: 'Comeback King', nameField: 'manager', value: (s) => signed(s.improvement, 'places', '+') },
  freefall_legend: { emoji: '📉', title: 'Freefall Legend', nameField: 'manager', value: (s) => signed(s.drop, 'places', '-') },
  differential_genius: { emoji: '🧠', title: 'Differential Genius', nameField: 'manager', value: (s) => pts(s.differential_points) },
  most_consistent: { emoji: '🎯', title: 'Most Consistent', nameField: 'manager', value: (s) => `${typeof s.metric === 'number' ? s.metric : 2.5} score` },
  benched_beast: { emoji: '🪑', title: 'Benched Beast', nameField: 'manager', value: (s) => pts(s.points, 25) },
  overall_rank_king: {
    emoji: '🌍',
    title: 'Overall Rank King',
    nameField: 'manager',
    value: (s) => (typeof s.rank === 'number' ? `#${formatNumber(s.rank)}` : '—'),
  },
}

export const banterTitle = (key: BanterKey, provisional = false) => (provisional ? `${SPECS[key].title} so far` : SPECS[key].title)
export const banterEmoji = (key: BanterKey) => SPECS[key].emoji

/** The gameweek of stats FPL has not checked yet, or null (checked, or stored before the API said). */
export function provisionalGameweek(stats: ComprehensiveBanterStats): number | null {
  const context = stats.league_context
  return context?.provisional ? context.gameweek : null
}

/** The card of one stat, or null when nobody earned it. */
export function banterCard<K extends BanterKey>(key: K, stat: BanterStat<K> | null | undefined, provisional: number | null = null): BanterCardData | null {
  if (!stat) return null
  const spec: CardSpec<K> = SPECS[key]
  const name = spec.nameField === 'player' ? stat.player || stat.manager || 'Unknown Player' : stat.manager || stat.player || 'Unknown Manager'
  return {
    statType: key,
    emoji: 'emoji' in stat && stat.emoji ? stat.emoji : spec.emoji,
    title: banterTitle(key, provisional !== null),
    manager: name,
    teamName: stat.team_name,
    value: spec.value(stat),
    description: stat.description || 'No description available',
    stat,
    provisionalGameweek: provisional,
  }
}

/** Every stat key in display order, each with its card (null: not awarded). */
export function banterCards(stats: ComprehensiveBanterStats): { key: BanterKey; card: BanterCardData | null }[] {
  const provisional = provisionalGameweek(stats)
  return BANTER_KEYS.map((key) => ({ key, card: banterCard(key, stats[key], provisional) }))
}
