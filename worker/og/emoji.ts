import { EMOJI_SVGS } from './assets/emoji-svgs.ts'
import { graphemes } from './text.ts'

// Emoji are drawn from bundled Twemoji SVGs, never fetched. The bundle holds a curated set
// (assets/emoji-svgs.ts); a skin-tone or gendered variant falls back to its base emoji, and an
// emoji outside the set is drawn as a neutral tile in text (card.ts puts the trophy, the
// card's default, in place of an unknown hero emoji).

const SKIN_TONE = /[\u{1f3fb}-\u{1f3ff}]/gu
const codepoints = (s: string) =>
  [...s]
    .map((ch) => ch.codePointAt(0)!)
    .filter((cp) => cp !== 0xfe0f)
    .map((cp) => cp.toString(16))
    .join('-')

/** The bundled SVG for an emoji (or its base form), or undefined. */
export function emojiSvg(emoji: string): string | undefined {
  const exact = EMOJI_SVGS[codepoints(emoji)]
  if (exact) return exact
  const toneless = emoji.replace(SKIN_TONE, '')
  return EMOJI_SVGS[codepoints(toneless)] ?? EMOJI_SVGS[codepoints(toneless.split('\u200d')[0] ?? '')]
}

// A quiet rounded tile: "something was here", claiming no meaning it may not have had.
const UNKNOWN_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><rect x="5" y="5" width="26" height="26" rx="7" fill="none" stroke="#8A82A3" stroke-width="3"/></svg>'

const toDataUri = (svg: string) => `data:image/svg+xml;base64,${btoa(svg)}`

/** A data: URI for satori: the emoji, its base form or a neutral tile. */
export const emojiImage = (emoji: string): string => toDataUri(emojiSvg(emoji) ?? UNKNOWN_SVG)

/** The same tile for a character no bundled font has (CJK, Greek, Thai...): visible, never blank. */
export const missingGlyphImage = (): string => toDataUri(UNKNOWN_SVG)

/** The first emoji-like grapheme of a string (the hero emoji field may hold text or several emoji). */
export const firstEmoji = (text: string): string | undefined => graphemes(text).find((g) => /\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(g))
