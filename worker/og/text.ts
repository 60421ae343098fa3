// Text as it is drawn on a share card: what people typed, drawn literally (satori turns glyphs
// into paths, so markup is never interpreted), but made safe to lay out: control and invisible
// formatting characters removed, whitespace collapsed, cut to a length by graphemes (never
// inside an emoji or a combining sequence) with an ellipsis, Arabic shaped, and the words of
// right-to-left runs put in visual order, because satori lays every line out left to right.

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' })
export const graphemes = (text: string): string[] => Array.from(segmenter.segment(text), (s) => s.segment)

// C0/C1 controls, soft hyphen, bidi marks, embeddings, overrides and isolates, zero-width
// space/non-joiner, word joiner and invisible operators, BOM, interlinear annotation.
const INVISIBLE =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u115f\u1160\u180e\u200b\u200c\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/gu
const PICTOGRAPHIC = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u
/** An emoji (drawn from the bundled SVGs, not a font). */
export const isPictographic = (grapheme: string) => PICTOGRAPHIC.test(grapheme)

/**
 * Composes accents (the fonts hold precomposed letters) and removes what draws nothing or
 * reorders text; ZWJ and variation selectors only survive inside emoji.
 */
export function clean(text: string): string {
  const flat = text.normalize('NFC').replace(/\s+/gu, ' ').replace(INVISIBLE, '')
  return graphemes(flat)
    .map((g) => (PICTOGRAPHIC.test(g) ? g : g.replace(/[\u200d\ufe0e\ufe0f]/gu, '')))
    .join('')
    .replace(/ {2,}/g, ' ')
    .trim()
}

/** At most `max` graphemes; a longer text keeps `max - 1` and ends with an ellipsis. */
export function clip(text: string, max: number): string {
  const parts = graphemes(text)
  if (parts.length <= max) return text
  return `${parts
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`
}

const RTL = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u
const LTR = /\p{L}/u
const DIGIT = /\p{Nd}/u

/**
 * A small subset of the Unicode bidi algorithm for a left-to-right card: in every run that
 * starts with a right-to-left letter and ends with one (or with a number after one), holding no
 * left-to-right letter, the words are put in reverse order. Each word keeps its letters in
 * reading order: satori shapes word by word with HarfBuzz, which draws a right-to-left word
 * right to left and mirrors its brackets. Enough for names and short phrases in Hebrew or
 * Arabic, alone or within English.
 */
export function visualOrder(text: string): string {
  if (!RTL.test(text)) return text
  const parts = graphemes(text)
  const out: string[] = []
  let i = 0
  while (i < parts.length) {
    if (!RTL.test(parts[i]!)) {
      out.push(parts[i]!)
      i += 1
      continue
    }
    // Extend the run over anything but a left-to-right letter, then shrink it back to its last RTL letter.
    let end = i
    let j = i
    while (j < parts.length && !(LTR.test(parts[j]!) && !RTL.test(parts[j]!))) {
      if (RTL.test(parts[j]!)) end = j
      j += 1
    }
    // Numbers after a right-to-left run (before any left-to-right letter) belong to it.
    for (let k = end + 1; k < j; k += 1) if (DIGIT.test(parts[k]!)) end = k
    // Words and the spaces between them, in reverse order.
    out.push(
      ...(
        parts
          .slice(i, end + 1)
          .join('')
          .match(/ +|[^ ]+/g) ?? []
      ).reverse(),
    )
    i = end + 1
  }
  return out.join('')
}

// Arabic letters -> [isolated presentation form, number of forms]. Forms follow the isolated
// one: isolated, final, initial, medial. Two-form letters join only to the letter before them.
const ARABIC_FORMS: Record<number, [number, 1 | 2 | 4]> = {
  0x621: [0xfe80, 1],
  0x622: [0xfe81, 2],
  0x623: [0xfe83, 2],
  0x624: [0xfe85, 2],
  0x625: [0xfe87, 2],
  0x626: [0xfe89, 4],
  0x627: [0xfe8d, 2],
  0x628: [0xfe8f, 4],
  0x629: [0xfe93, 2],
  0x62a: [0xfe95, 4],
  0x62b: [0xfe99, 4],
  0x62c: [0xfe9d, 4],
  0x62d: [0xfea1, 4],
  0x62e: [0xfea5, 4],
  0x62f: [0xfea9, 2],
  0x630: [0xfeab, 2],
  0x631: [0xfead, 2],
  0x632: [0xfeaf, 2],
  0x633: [0xfeb1, 4],
  0x634: [0xfeb5, 4],
  0x635: [0xfeb9, 4],
  0x636: [0xfebd, 4],
  0x637: [0xfec1, 4],
  0x638: [0xfec5, 4],
  0x639: [0xfec9, 4],
  0x63a: [0xfecd, 4],
  0x641: [0xfed1, 4],
  0x642: [0xfed5, 4],
  0x643: [0xfed9, 4],
  0x644: [0xfedd, 4],
  0x645: [0xfee1, 4],
  0x646: [0xfee5, 4],
  0x647: [0xfee9, 4],
  0x648: [0xfeed, 2],
  0x649: [0xfeef, 2],
  0x64a: [0xfef1, 4],
  0x67e: [0xfb56, 4],
  0x686: [0xfb7a, 4],
  0x698: [0xfb8a, 2],
  0x6a9: [0xfb8e, 4],
  0x6af: [0xfb92, 4],
  0x6cc: [0xfbfc, 4],
}
const TATWEEL = 0x640
const LAM = 0x644
const LAM_ALEF: Record<number, number> = { 0x622: 0xfef5, 0x623: 0xfef7, 0x625: 0xfef9, 0x627: 0xfefb }
const isTransparent = (cp: number) => (cp >= 0x64b && cp <= 0x65f) || cp === 0x670
const joinsOnward = (cp: number | undefined) => cp === TATWEEL || ARABIC_FORMS[cp ?? -1]?.[1] === 4
const joinsBack = (cp: number | undefined) => cp === TATWEEL || (ARABIC_FORMS[cp ?? -1]?.[1] ?? 1) > 1

/**
 * Arabic contextual shaping into Unicode presentation forms (the bundled Arabic font maps
 * them), including the required lam-alef ligatures: satori's own shaping is not used, because
 * the text is reordered for drawing afterwards.
 */
export function shapeArabic(text: string): string {
  if (!/[ء-ی]/u.test(text)) return text
  const cps = [...text].map((ch) => ch.codePointAt(0)!)
  const neighbour = (from: number, step: 1 | -1) => {
    for (let k = from + step; k >= 0 && k < cps.length; k += step) if (!isTransparent(cps[k]!)) return cps[k]
    return undefined
  }
  const out: number[] = []
  for (let i = 0; i < cps.length; i += 1) {
    const cp = cps[i]!
    const entry = ARABIC_FORMS[cp]
    if (!entry) {
      out.push(cp)
      continue
    }
    const prev = neighbour(i, -1)
    const next = neighbour(i, 1)
    const afterJoiner = joinsOnward(prev)
    if (cp === LAM && next !== undefined && LAM_ALEF[next]) {
      out.push(LAM_ALEF[next]! + (afterJoiner ? 1 : 0))
      // The alef is part of the ligature: skip it (and any marks before it).
      while (i + 1 < cps.length && cps[i + 1] !== next) i += 1
      i += 1
      continue
    }
    const [isolated, forms] = entry
    const beforeJoiner = forms === 4 && joinsBack(next)
    const form = forms === 1 ? 0 : afterJoiner && beforeJoiner ? 3 : afterJoiner ? 1 : beforeJoiner ? 2 : 0
    out.push(isolated + form)
  }
  return String.fromCodePoint(...out)
}

/** Clean, clip, shape, then order for drawing. */
export const drawable = (text: string, max: number) => visualOrder(shapeArabic(clip(clean(text), max)))
