// The characters the bundled fonts hold (scripts/build-assets.ts cuts each font to its piece of
// this list). The renderer draws any other character as a neutral tile, because satori leaves
// a blank where no font has a glyph.

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join('')

export const FONT_CHARACTERS = {
  latin: `${range(0x20, 0x7e)}${range(0xa0, 0xff)}–—‘’‚“”„†‡•…‰‹›€™−←↑→↓`,
  // Ł ő š Ş Ș ...: European names.
  latinExt: range(0x100, 0x17f) + range(0x218, 0x21b),
  cyrillic: range(0x400, 0x45f),
  hebrew: range(0x590, 0x5ff),
  // Arabic and Persian letters, digits and punctuation, and the presentation forms text.ts shapes them into.
  arabic:
    '\u060c\u061b\u061f\u0640\u0670\u067e\u0686\u0698\u06a9\u06af\u06cc' +
    range(0x621, 0x63a) +
    range(0x641, 0x655) +
    range(0x660, 0x669) +
    range(0x6f0, 0x6f9) +
    range(0xfb56, 0xfb59) +
    range(0xfb7a, 0xfb7d) +
    range(0xfb8a, 0xfb95) +
    range(0xfbfc, 0xfbff) +
    range(0xfe70, 0xfefc),
} as const

const COVERED = new Set([...Object.values(FONT_CHARACTERS).join('')].map((ch) => ch.codePointAt(0)!))

/** True when the bundled fonts can draw every character of a grapheme. */
export const fontsCanDraw = (grapheme: string) => [...grapheme].every((ch) => COVERED.has(ch.codePointAt(0)!))
