// Renders the sample cards in Node with the same renderer (@vercel/og's Node build), fonts and emoji the worker bundles:
//   node worker/og/scripts/preview.ts [outDir]      sample PNGs to look at (default /tmp/og-preview)
//   node worker/og/scripts/preview.ts --golden      rewrites tests/og/golden/card.png
//   node worker/og/scripts/preview.ts --bench       median render time of the golden card in Node
// Run --golden only after a deliberate design change (and bump CARD_VERSION in protocol.ts).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { FONT_FILES, type FontFile, fontList } from '../fonts.ts'
import { renderCard } from '../render.ts'
import { GOLDEN_CARD, SAMPLE_CARDS } from '../samples.ts'

const OG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const ROOT = path.resolve(OG, '../..')
const bytes = (file: string) => {
  const b = readFileSync(file)
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer
}

const fonts = fontList(
  Object.fromEntries(FONT_FILES.map(({ file }) => [file, bytes(path.join(OG, 'assets/fonts', `${file}.bin`))])) as Record<FontFile, ArrayBuffer>,
)

if (process.argv.includes('--bench')) {
  // Median of 20 renders of the golden card after 5 warm-ups, and the peak resident set size.
  for (let i = 0; i < 5; i += 1) await renderCard(GOLDEN_CARD, fonts)
  const runs: number[] = []
  for (let i = 0; i < 20; i += 1) {
    const t = performance.now()
    await renderCard(GOLDEN_CARD, fonts)
    runs.push(performance.now() - t)
  }
  console.log(`render ${runs.sort((a, b) => a - b)[10]!.toFixed(1)} ms, peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`)
} else if (process.argv.includes('--golden')) {
  const png = await renderCard(GOLDEN_CARD, fonts)
  const out = path.join(ROOT, 'tests/og/golden/card.png')
  mkdirSync(path.dirname(out), { recursive: true })
  writeFileSync(out, png)
  console.log(`${out}: ${png.length} bytes`)
} else {
  const outDir = process.argv[2] ?? '/tmp/og-preview'
  mkdirSync(outDir, { recursive: true })
  for (const [name, card] of Object.entries(SAMPLE_CARDS)) {
    const t = performance.now()
    const png = await renderCard(card, fonts)
    writeFileSync(path.join(outDir, `${name}.png`), png)
    console.log(`${name}.png ${png.length} bytes, ${(performance.now() - t).toFixed(1)} ms`)
  }
}
