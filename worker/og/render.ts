import { initWasm, Resvg } from '@resvg/resvg-wasm'
import satori, { init as initSatori, type SatoriOptions } from 'satori/standalone'
import { cardElement, HEIGHT, type Node, WIDTH } from './card.ts'
import { fontsCanDraw } from './coverage.ts'
import { emojiImage, inlineEmojiImages, missingGlyphImage } from './emoji.ts'
import type { CardInput } from './protocol.ts'
import { graphemes, isPictographic } from './text.ts'

// satori (layout and text to SVG paths) and resvg (SVG to PNG), both WebAssembly. Workers
// refuse to compile WebAssembly from bytes at run time, so the caller hands in the modules that
// the bundler compiled from static imports (assets.ts in workerd, file bytes in Node scripts).
// Nothing here touches the network: fonts are bundled and emoji come from bundled SVGs.

export type Font = NonNullable<SatoriOptions['fonts']>[number]

export interface RendererAssets {
  /** satori's layout engine (satori/yoga.wasm). */
  yoga: WebAssembly.Module | BufferSource
  /** @resvg/resvg-wasm/index_bg.wasm */
  resvg: WebAssembly.Module | BufferSource
  /** Fonts, parsed once per isolate: satori caches a parsed font by its data buffer. */
  fonts: Font[]
}

let ready: Promise<void> | null = null
let fonts: Font[] = []

/** Compiles nothing and renders nothing: instantiates both engines once per isolate. */
export function initRenderer(assets: RendererAssets): Promise<void> {
  fonts = assets.fonts
  ready ??= Promise.all([initSatori(assets.yoga), initWasm(assets.resvg)]).then(
    () => undefined,
    (error: unknown) => {
      ready = null
      throw error
    },
  )
  return ready
}

export interface Rendered {
  png: Uint8Array
  svg: string
  /** Milliseconds spent in satori and in resvg. */
  timings: { layout: number; raster: number }
}

// satori asks for the emoji it meets in text: they come from the bundle. It asks for other
// characters its fonts lack too (by script), but there is nothing more to load.
const loadAdditionalAsset = async (code: string, segment: string) => (code === 'emoji' ? emojiImage(segment) : [])

// Stands in for every character no bundled font has. An ideograph, so that satori's line
// breaking makes each one a word of its own: satori looks grapheme images up word by word.
const PLACEHOLDER = '\u3007'

/**
 * satori leaves a blank where no bundled font has a glyph (Greek, CJK, Thai...). Each such
 * character is drawn as a neutral tile instead (one per grapheme, through satori's grapheme
 * images), so the text keeps its length and shape.
 */
function tileMissingGlyphs(node: Node | string, images: Record<string, string>): Node | string {
  if (typeof node === 'string') {
    return graphemes(node)
      .map((g) => {
        if (fontsCanDraw(g) || isPictographic(g)) return g
        images[PLACEHOLDER] = missingGlyphImage()
        return PLACEHOLDER
      })
      .join('')
  }
  const { children } = node.props
  const mapped = Array.isArray(children) ? children.map((c) => tileMissingGlyphs(c, images)) : children === undefined ? undefined : (tileMissingGlyphs(children, images) as string)
  return { ...node, props: { ...node.props, children: mapped } }
}

export async function renderCard(card: CardInput): Promise<Rendered> {
  if (!ready) throw new Error('initRenderer() must be called before renderCard()')
  await ready
  const started = performance.now()
  const graphemeImages: Record<string, string> = {}
  const element = tileMissingGlyphs(cardElement(card), graphemeImages)
  const svg = inlineEmojiImages(await satori(element as never, { width: WIDTH, height: HEIGHT, fonts, loadAdditionalAsset, graphemeImages }))
  const laidOut = performance.now()
  const resvg = new Resvg(svg, { fitTo: { mode: 'width', value: WIDTH } })
  try {
    const image = resvg.render()
    try {
      const png = image.asPng()
      return { png, svg, timings: { layout: laidOut - started, raster: performance.now() - laidOut } }
    } finally {
      image.free()
    }
  } finally {
    resvg.free()
  }
}
