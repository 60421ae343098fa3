// The Gameweek Gazette (decision 134): one post from the product on each tournament's
// wall when FPL checks a gameweek. The refresh writes it (worker/services/story/gazette.ts); the
// wall reads it. Every text is plain text: the client renders it as text, never as markup.

import type { HallRecord } from './hall-of-fame'
import { formatNumber } from './numbers'

/** The weekly awards an edition reports, in its order (keys of the banter stats). */
export const GAZETTE_AWARDS = ['gameweek_rocket', 'captain_catastrophe', 'benched_beast', 'transfer_tornado', 'comeback_king', 'wooden_spoon_warrior'] as const
export type GazetteAwardKey = (typeof GAZETTE_AWARDS)[number]

export interface GazetteAward {
  key: GazetteAwardKey
  /** The award's banter stat as the Banter tab shows it (manager, team_name, description, value fields). */
  stat: Record<string, unknown> & { manager: string; team_name: string; description: string }
}

/** A week's edition, a month's last week (its Manager of the Month), or the season's last gameweek. */
export const GAZETTE_KINDS = ['gameweek', 'month', 'finale'] as const
export type GazetteKind = (typeof GAZETTE_KINDS)[number]

export interface GazetteMonthRow {
  position: number
  player_name: string
  points: number
}

export interface GazetteDocument {
  headline: string
  /** One line under the headline: the league, the gameweek, how it went. */
  standfirst: string
  league_name: string
  awards: GazetteAward[]
  /** The month in progress (or just finished): its top three. */
  month: { name: string; finished: boolean; top: GazetteMonthRow[] } | null
  /** A month's last gameweek: its Manager of the Month edition. */
  manager_of_the_month: { month: string; winners: string[]; points: number | null } | null
  /** From the Race Centre of the same snapshot. */
  race: { name: string; gameweeks_left: number; alive_count: number; lines: string[] } | null
  /** The season's last gameweek (decision 184): editions before it have no such field. */
  finale?: GazetteFinale
}

/** The season finale: the champion (joint champions share the title), the podium and the season's records. */
export interface GazetteFinale {
  season: string
  champions: string[]
  points: number
  /** The final table's top three (FPL's positions: level managers share one). */
  podium: GazetteMonthRow[]
  /** The season's Hall of Fame records, each with its holders' names. */
  records: Array<{ title: string; value: number; unit: HallRecord['unit']; holders: string[] }>
}

/** The share card of a finale's champion: its stat type (a banter award's are the banter stats' keys). */
export const CHAMPION_STAT = 'season_champion'

/**
 * What the champion's card says, from the finale alone: the server stores these words (never the
 * client's), and the wall's Share button previews the same.
 */
export function championCard(finale: GazetteFinale, league: string): { emoji: string; title: string; manager: string; description: string } {
  const joint = finale.champions.length > 1
  return {
    emoji: '🏆',
    title: `Season champion ${finale.season}`,
    manager: finale.champions.join(' & '),
    description: `${joint ? 'Joint champions' : 'Champion'} of ${league} with ${formatNumber(finale.points)} points`,
  }
}

export interface GazetteEdition {
  season: string
  gameweek: number
  kind: GazetteKind
  published_at: string
  /** The newest edition stays pinned on the wall until the next one. */
  pinned: boolean
  document: GazetteDocument
}

export interface GazetteAnswer {
  /** Whether the commissioner has the Gazette on. */
  enabled: boolean
  /** The viewer may delete editions and switch the Gazette off. */
  can_moderate: boolean
  editions: GazetteEdition[]
}

/** Who a member who switched sharing off is, wherever the Gazette would have named him. */
export const LOW_PROFILE = 'a manager who keeps a low profile'
