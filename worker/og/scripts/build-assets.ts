// Regenerates the share-image renderer's bundled assets from npm packages (devDependencies):
//   node worker/og/scripts/build-assets.ts
// - Fonts: Inter (Latin, Latin Extended-A) at two weights, Inter Cyrillic and Noto Sans Hebrew
//   and Arabic at one, each cut down to its piece of coverage.ts and written as TrueType (.bin,
//   a Data module for wrangler and the vitest plugin without any [[rules]]). TrueType, not
//   WOFF: satori parses it without inflating, and the upload is gzipped anyway.
// - Emoji: a curated set of Twemoji SVGs (CC-BY 4.0) in one module. The whole Twemoji set is
//   1.5 MB gzip, twice the renderer's budget; emoji outside the set fall back (see emoji.ts).
// The outputs are committed, so builds and tests never run this.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import subsetFont from 'subset-font'
import { FONT_CHARACTERS } from '../coverage.ts'

const OG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const ROOT = path.resolve(OG, '../..')
const pkg = (...parts: string[]) => path.join(ROOT, 'node_modules', ...parts)
const { latin: LATIN, latinExt: LATIN_EXT, cyrillic: CYRILLIC, hebrew: HEBREW, arabic: ARABIC } = FONT_CHARACTERS

// Layout features: kerning only. opentype.js (inside satori) throws on some GSUB lookups (Noto
// Sans Arabic's required ligatures), and text.ts shapes Arabic itself into presentation forms.
const FONTS: Array<{ out: string; file: string; text: string; features?: string[] }> = []
for (const weight of [500, 800]) {
  FONTS.push(
    { out: `inter-latin-${weight}`, file: pkg('@fontsource/inter/files', `inter-latin-${weight}-normal.woff`), text: LATIN },
    { out: `inter-latin-ext-${weight}`, file: pkg('@fontsource/inter/files', `inter-latin-ext-${weight}-normal.woff`), text: LATIN_EXT },
  )
}
// One weight for the rarer scripts: satori takes the nearest weight a font family has.
FONTS.push(
  { out: 'inter-cyrillic-800', file: pkg('@fontsource/inter/files/inter-cyrillic-800-normal.woff'), text: CYRILLIC },
  { out: 'noto-sans-hebrew-600', file: pkg('@fontsource/noto-sans-hebrew/files/noto-sans-hebrew-hebrew-600-normal.woff'), text: HEBREW, features: [] },
  { out: 'noto-sans-arabic-600', file: pkg('@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-600-normal.woff'), text: ARABIC, features: [] },
)

// The app's banter-card emoji (first line), then ones people put on football banter: faces,
// hands, symbols, sport, weather, food and drink, animals. Skin tones and gendered variants
// fall back to these base forms. Sized to keep the renderer under 800 KiB gzip.
const EMOJI = `
🚀 🦸 👑 🌪️ 🤦 🥄 📈 📉 🧠 🎯 🪑 🌍 🏆
😁 😂 🤣 😅 😊 🙃 😎 🤓 🤔 🤨 😏 😒 🙄 😬 😴 🤮 🥶 🤯 🥳 😭 😱 😡 🤬 💀 💩 🤡 🫣
👍 👎 👏 💪 👊 🤷 👀 ❤️ 💔 💯 🔥 ⚡ ⭐ ❌ ✅ ⚠️ 🚫 📊 🎉
🥇 🥈 🥉 🏅 💰 ⚽ 🥅 🏟️ 🧤 🟨 🟥 🚩 ⏱️ 🛋️ 🍀 🎲 💣
🗑️ 🐐 🌈 ❄️ 🍺 🚨 📣 🔒
`
  .split(/\s+/)
  .filter(Boolean)

/**
 * Path data with coordinates rounded to 1/100 of Twemoji's 36-unit box (under 0.05 px on the
 * card) and written compactly, as svgo does: about a fifth smaller.
 */
function compactPath(d: string): string {
  let out = ''
  let previous: string | null = null
  for (const token of d.match(/[a-zA-Z]|-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?/g) ?? []) {
    if (/^[a-zA-Z]$/.test(token)) {
      out += token
      previous = null
      continue
    }
    let n = String(Math.round(Number(token) * 100) / 100)
    if (n === '-0') n = '0'
    n = n.replace(/^(-?)0\./, '$1.')
    if (previous !== null && !n.startsWith('-') && !(n.startsWith('.') && previous.includes('.'))) out += ' '
    out += n
    previous = n
  }
  return out
}
const compactSvg = (svg: string) => svg.replace(/ d="([^"]*)"/g, (_m, d: string) => ` d="${compactPath(d)}"`)

/** Twemoji's file key: code points in hex; FE0F dropped (the base name) when no ZWJ is present. */
export const emojiKey = (emoji: string) =>
  [...emoji]
    .map((ch) => ch.codePointAt(0)!)
    .filter((cp) => cp !== 0xfe0f)
    .map((cp) => cp.toString(16))
    .join('-')

function twemojiFile(emoji: string): string {
  const all = [...emoji].map((ch) => ch.codePointAt(0)!.toString(16))
  for (const name of [all.join('-'), emojiKey(emoji)]) {
    try {
      return compactSvg(readFileSync(pkg('@twemoji/svg', `${name}.svg`), 'utf8').trim())
    } catch {
      // try the next spelling
    }
  }
  throw new Error(`No Twemoji SVG for ${emoji} (${all.join('-')})`)
}

async function main() {
  const fontDir = path.join(OG, 'assets/fonts')
  mkdirSync(fontDir, { recursive: true })
  for (const font of FONTS) {
    const data = await subsetFont(readFileSync(font.file), font.text, {
      targetFormat: 'truetype',
      keepFeatures: font.features ?? ['kern'],
      noLayoutClosure: true,
      noHinting: true,
    })
    writeFileSync(path.join(fontDir, `${font.out}.bin`), data)
    console.log(`${font.out}.bin ${data.length} bytes`)
  }

  const unique = [...new Set(EMOJI)]
  const entries = unique.map((emoji) => `  '${emojiKey(emoji)}': '${twemojiFile(emoji).replaceAll('\\', '\\\\').replaceAll("'", "\\'")}',`)
  const source = `// Generated by worker/og/scripts/build-assets.ts: do not edit.
// Twemoji graphics (c) Twitter, Inc. and other contributors (jdecked/twemoji), CC-BY 4.0.
// Keys: the emoji's code points in hex joined by '-', without U+FE0F.
export const EMOJI_SVGS: Record<string, string> = {
${entries.join('\n')}
}
`
  writeFileSync(path.join(OG, 'assets/emoji-svgs.ts'), source)
  console.log(`emoji-svgs.ts ${unique.length} emoji, ${source.length} bytes`)
}

await main()
