// Renders the sample cards in Node with the same engines, fonts and emoji the worker bundles:
//   node worker/og/scripts/preview.ts [outDir]      sample PNGs to look at (default /tmp/og-preview)
//   node worker/og/scripts/preview.ts --golden      rewrites tests/og/golden/card.png
//   node worker/og/scripts/preview.ts --bench       median render time of the golden card in Node
// Run --golden only after a deliberate design change (and bump CARD_VERSION in protocol.ts).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { FONT_FILES, fontList, type FontFile } from '../fonts.ts'
import { initRenderer, renderCard } from '../render.ts'
import { GOLDEN_CARD, SAMPLE_CARDS } from '../samples.ts'

const OG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const ROOT = path.resolve(OG, '../..')
const bytes = (file: string) => {
  const b = readFileSync(file)
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer
}

const fonts = Object.fromEntries(FONT_FILES.map(({ file }) => [file, bytes(path.join(OG, 'assets/fonts', `${file}.bin`))])) as Record<FontFile, ArrayBuffer>
await initRenderer({
  yoga: bytes(path.join(ROOT, 'node_modules/satori/yoga.wasm')),
  resvg: bytes(path.join(ROOT, 'node_modules/@resvg/resvg-wasm/index_bg.wasm')),
  fonts: fontList(fonts),
})

if (process.argv.includes('--bench')) {
  // Median of 20 renders of the golden card after 5 warm-ups, and the peak resident set size.
  for (let i = 0; i < 5; i += 1) await renderCard(GOLDEN_CARD)
  const runs: Array<{ total: number; layout: number; raster: number }> = []
  for (let i = 0; i < 20; i += 1) {
    const t = performance.now()
    const { timings } = await renderCard(GOLDEN_CARD)
    runs.push({ total: performance.now() - t, ...timings })
  }
  const median = (key: 'total' | 'layout' | 'raster') => runs.map((r) => r[key]).sort((a, b) => a - b)[10]!.toFixed(1)
  console.log(`render ${median('total')} ms (layout ${median('layout')}, raster ${median('raster')}), peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`)
} else if (process.argv.includes('--golden')) {
  const { png } = await renderCard(GOLDEN_CARD)
  const out = path.join(ROOT, 'tests/og/golden/card.png')
  mkdirSync(path.dirname(out), { recursive: true })
  writeFileSync(out, png)
  console.log(`${out}: ${png.length} bytes`)
} else {
  const outDir = process.argv[2] ?? '/tmp/og-preview'
  mkdirSync(outDir, { recursive: true })
  for (const [name, card] of Object.entries(SAMPLE_CARDS)) {
    const { png, timings } = await renderCard(card)
    writeFileSync(path.join(outDir, `${name}.png`), png)
    console.log(`${name}.png ${png.length} bytes, layout ${timings.layout.toFixed(1)} ms, raster ${timings.raster.toFixed(1)} ms`)
  }
}
