import type { ImageResponseOptions } from '@vercel/og'

export type Font = NonNullable<ImageResponseOptions['fonts']>[number]

// The bundled fonts (assets/fonts/*.bin, made by scripts/build-assets.ts): Inter in two weights,
// cut into Latin and Latin Extended-A pieces, plus Cyrillic, Hebrew and Arabic in one weight. Each piece has
// its own family name: satori keeps one font per name and weight, and falls back from the
// card's family (Inter) to the others glyph by glyph.
export const FONT_FILES = [
  { file: 'inter-latin-500', name: 'Inter', weight: 500 },
  { file: 'inter-latin-800', name: 'Inter', weight: 800 },
  { file: 'inter-latin-ext-500', name: 'Inter Latin Ext', weight: 500 },
  { file: 'inter-latin-ext-800', name: 'Inter Latin Ext', weight: 800 },
  { file: 'inter-cyrillic-800', name: 'Inter Cyrillic', weight: 800 },
  { file: 'noto-sans-hebrew-600', name: 'Noto Sans Hebrew', weight: 600 },
  { file: 'noto-sans-arabic-600', name: 'Noto Sans Arabic', weight: 600 },
] as const

export type FontFile = (typeof FONT_FILES)[number]['file']

export const fontList = (data: Record<FontFile, ArrayBuffer>): Font[] =>
  FONT_FILES.map(({ file, name, weight }) => ({ name, weight, style: 'normal', data: data[file] }))
