// The contract between the API worker and the share-image renderer (worker/og), which it calls
// through the OG_RENDERER service binding. Kept free of heavy imports: the API bundles this file.

import { CHAMPION_STAT } from '../../contract/gazette'

/** Bump when the card's design changes: it is part of every cached image's key. */
export const CARD_VERSION = 'v2'

/** A card's look: a banter award, or a season's champion (decision 184). */
export type CardKind = 'award' | 'champion'

/** What a card shows. Text is raw user text; the renderer cleans and clips it. */
export interface CardInput {
  /** Its look; a banter award's when absent (every card drawn before the champion's). */
  kind?: CardKind
  emoji: string
  title: string
  manager: string
  description: string
  league_name: string
  /** The tournament's members. */
  league_members: number
  /** Managers in its FPL league when the card was made; null without one. */
  fpl_league_size: number | null
  product_name: string
}

/** The renderer's Workers RPC entrypoint (worker/og/index.ts), as the API's OG_RENDERER binding. */
export interface CardRenderer {
  /** The card as a PNG (1200x630). */
  render(card: CardInput): Promise<Uint8Array>
}

interface StatDataLike {
  emoji?: unknown
  achievement_title?: unknown
  achievement_description?: unknown
  player_name?: unknown
  league_name?: unknown
  league_members?: unknown
  fpl_league_size?: unknown
  additional_data?: { manager?: unknown } | null
}

const str = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() ? value : fallback)

/** A share's stored stat_data as a card (the client's defaults for missing fields, decision 181 R12); its stat type picks the look. */
export function cardFromStatData(stat: StatDataLike, productName: string, statType?: string): CardInput {
  const manager = stat.additional_data?.manager
  const members = Number(stat.league_members)
  // Missing in shares made before the field existed: those cards show the members alone.
  const size = Number(stat.fpl_league_size ?? Number.NaN)
  return {
    // Only the champion's card says its kind: an award's card, and so its image's cache key, stays as it was.
    ...(statType === CHAMPION_STAT ? { kind: 'champion' as const } : {}),
    emoji: str(stat.emoji, '🏆'),
    title: str(stat.achievement_title, 'FPL Achievement!'),
    manager: str(manager !== 'Unknown Manager' ? manager : undefined, str(stat.player_name, 'Unknown Manager')),
    description: str(stat.achievement_description, 'No description available'),
    league_name: str(stat.league_name, 'Tournament'),
    league_members: Number.isSafeInteger(members) && members > 0 ? members : 1,
    fpl_league_size: Number.isSafeInteger(size) && size > 0 ? size : null,
    product_name: str(productName, 'Banter Arena'),
  }
}
