// Everything the renderer needs, bundled at build time (no network at render time): the two
// WebAssembly engines as compiled modules (a static .wasm import is a WebAssembly.Module in
// wrangler and the vitest plugin) and the fonts as Data modules (.bin is an ArrayBuffer).
import resvgWasm from '@resvg/resvg-wasm/index_bg.wasm'
import yogaWasm from 'satori/yoga.wasm'
import interCyrillic800 from './assets/fonts/inter-cyrillic-800.bin'
import interLatin500 from './assets/fonts/inter-latin-500.bin'
import interLatin800 from './assets/fonts/inter-latin-800.bin'
import interLatinExt500 from './assets/fonts/inter-latin-ext-500.bin'
import interLatinExt800 from './assets/fonts/inter-latin-ext-800.bin'
import notoSansArabic600 from './assets/fonts/noto-sans-arabic-600.bin'
import notoSansHebrew600 from './assets/fonts/noto-sans-hebrew-600.bin'
import { fontList } from './fonts.ts'
import type { RendererAssets } from './render.ts'

export const ASSETS: RendererAssets = {
  yoga: yogaWasm,
  resvg: resvgWasm,
  fonts: fontList({
    'inter-latin-500': interLatin500,
    'inter-latin-800': interLatin800,
    'inter-latin-ext-500': interLatinExt500,
    'inter-latin-ext-800': interLatinExt800,
    'inter-cyrillic-800': interCyrillic800,
    'noto-sans-hebrew-600': notoSansHebrew600,
    'noto-sans-arabic-600': notoSansArabic600,
  }),
}
