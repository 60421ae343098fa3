import { membersText } from '../../contract/tournaments.ts'
import { emojiSvg, firstEmoji } from './emoji.ts'
import type { CardInput, CardKind } from './protocol.ts'
import { drawable, graphemes } from './text.ts'

// The share card, 1200x630: a dark card inside a bright pitch-green frame, so it reads on white
// and on dark feeds alike. Flat colours and few nodes: no gradients or shadows (they cost
// render time, see research/performance.md §2).

export const WIDTH = 1200
export const HEIGHT = 630

const COLORS = {
  frame: '#3ddc97',
  card: '#16111f',
  tile: '#2a2140',
  rule: '#2e2642',
  kicker: '#b79cff',
  title: '#ffffff',
  manager: '#3ddc97',
  body: '#d6cfe6',
  muted: '#a79fc0',
  mark: '#5b21b6',
  gold: '#f5c542',
} as const

// One card, two looks. A banter award is headed "BANTER AWARD" over the award's title and the
// manager; the champion's card is framed in gold and headed by its title ("Season champion
// 2026/27") over the champion's name, the largest text on it.
const LOOKS: Record<CardKind, { frame: string; kicker: string }> = {
  award: { frame: COLORS.frame, kicker: COLORS.kicker },
  champion: { frame: COLORS.gold, kicker: COLORS.gold },
}

/** Longest texts drawn (graphemes); the layout clips visually too, with an ellipsis. */
const MAX_CHARS = { title: 80, manager: 60, description: 280, league: 60, product: 40 } as const

type Style = Record<string, string | number>
export interface Node {
  type: string
  props: { style?: Style; children?: Array<Node | string> | string }
}

const div = (style: Style, ...children: Array<Node | string>): Node => ({ type: 'div', props: { style: { display: 'flex', ...style }, children } })
/**
 * A block of text, clipped to `lines` with an ellipsis when it overflows. lineClamp, not
 * overflow: hidden, even for one line: satori draws overflow as a mask, and every mask costs
 * resvg a full-size layer (about 10 ms each).
 */
const text = (style: Style, lines: number, content: string): Node => ({
  type: 'div',
  props: { style: { display: 'block', lineClamp: lines, ...style }, children: content },
})

/** Drawable text, or the card's default when nothing visible is left of it (decision 181, R12). */
const show = (value: string, max: number, fallback: string) => drawable(value, max) || fallback

export function cardElement(card: CardInput): Node {
  const product = show(card.product_name, MAX_CHARS.product, 'Banter Arena')
  const found = firstEmoji(card.emoji)
  const emoji = found && emojiSvg(found) ? found : '🏆'
  const champion = card.kind === 'champion'
  const look = LOOKS[champion ? 'champion' : 'award']
  const title = show(card.title, MAX_CHARS.title, 'FPL Achievement!')
  const manager = show(card.manager, MAX_CHARS.manager, 'Unknown Manager')
  return div(
    { width: WIDTH, height: HEIGHT, padding: 16, backgroundColor: look.frame, fontFamily: 'Inter' },
    div(
      { flexGrow: 1, flexDirection: 'column', padding: '44px 60px 44px', borderRadius: 28, backgroundColor: COLORS.card },
      div(
        { alignItems: 'center', flexGrow: 1, marginBottom: 30 },
        div(
          {
            width: 252,
            height: 252,
            flexShrink: 0,
            alignItems: 'center',
            justifyContent: 'center',
            borderRadius: 48,
            backgroundColor: COLORS.tile,
            marginRight: 52,
          },
          // Text, not <img>: satori draws an emoji as a plain image, an <img> with a clip and a mask.
          div({ fontSize: 176, lineHeight: 1 }, emoji),
        ),
        div(
          { flexDirection: 'column', flexGrow: 1, width: 0 },
          text(
            { fontSize: 24, fontWeight: 800, letterSpacing: 3, textTransform: 'uppercase', color: look.kicker, marginBottom: 10 },
            1,
            champion ? title : 'BANTER AWARD',
          ),
          text({ fontSize: 62, fontWeight: 800, lineHeight: 1.1, color: COLORS.title, marginBottom: 14 }, 2, champion ? manager : title),
          ...(champion ? [] : [text({ fontSize: 38, fontWeight: 800, color: COLORS.manager, marginBottom: 12 }, 1, manager)]),
          text(
            { fontSize: 29, fontWeight: 500, lineHeight: 1.35, color: COLORS.body },
            3,
            show(card.description, MAX_CHARS.description, 'No description available'),
          ),
        ),
      ),
      // A plain bar, not border-top: satori draws a border as a clipped stroke.
      div({ height: 2, backgroundColor: COLORS.rule }),
      div(
        { alignItems: 'center', justifyContent: 'space-between', paddingTop: 26 },
        // The league, and under it what its counts count ("4 members · 180 managers in the FPL league").
        div(
          { flexDirection: 'column', flexShrink: 1, width: 0, flexGrow: 1, marginRight: 32 },
          text({ fontSize: 30, fontWeight: 800, color: COLORS.title, marginBottom: 4 }, 1, show(card.league_name, MAX_CHARS.league, 'Tournament')),
          text({ fontSize: 24, fontWeight: 500, color: COLORS.muted }, 1, membersText(card.league_members, card.fpl_league_size)),
        ),
        div(
          { alignItems: 'center', flexShrink: 0 },
          div(
            {
              width: 46,
              height: 46,
              alignItems: 'center',
              justifyContent: 'center',
              borderRadius: 12,
              backgroundColor: COLORS.mark,
              marginRight: 14,
              fontSize: 28,
              fontWeight: 800,
              color: '#ffffff',
            },
            graphemes(product)[0]!.toUpperCase(),
          ),
          text({ fontSize: 30, fontWeight: 800, color: COLORS.title }, 1, product),
        ),
      ),
    ),
  )
}
