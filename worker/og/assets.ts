// The bundled fonts, as Data modules (.bin is an ArrayBuffer in wrangler and the vitest plugin):
// no network at render time. @vercel/og bundles its own WebAssembly.
import interCyrillic800 from './assets/fonts/inter-cyrillic-800.bin'
import interLatin500 from './assets/fonts/inter-latin-500.bin'
import interLatin800 from './assets/fonts/inter-latin-800.bin'
import interLatinExt500 from './assets/fonts/inter-latin-ext-500.bin'
import interLatinExt800 from './assets/fonts/inter-latin-ext-800.bin'
import notoSansArabic600 from './assets/fonts/noto-sans-arabic-600.bin'
import notoSansHebrew600 from './assets/fonts/noto-sans-hebrew-600.bin'
import { fontList } from './fonts.ts'

export const FONTS = fontList({
  'inter-latin-500': interLatin500,
  'inter-latin-800': interLatin800,
  'inter-latin-ext-500': interLatinExt500,
  'inter-latin-ext-800': interLatinExt800,
  'inter-cyrillic-800': interCyrillic800,
  'noto-sans-hebrew-600': notoSansHebrew600,
  'noto-sans-arabic-600': notoSansArabic600,
})
