import { ImageResponse } from '@vercel/og'
import { cardElement, HEIGHT, type Node, WIDTH } from './card.ts'
import { fontsCanDraw } from './coverage.ts'
import { emojiImage, missingGlyphImage } from './emoji.ts'
import type { Font } from './fonts.ts'
import type { CardInput } from './protocol.ts'
import { graphemes, isPictographic } from './text.ts'

// @vercel/og's ImageResponse (satori for layout and text, resvg for pixels, both WebAssembly it
// bundles), patched to run in workerd: patches/@vercel+og+1.0.3.patch instantiates its harfbuzz
// from a statically imported module, loads its fallback font only when no fonts are given, and
// takes satori's loadAdditionalAsset and graphemeImages. Nothing here touches the network:
// fonts are bundled and emoji come from bundled SVGs.

// resvg draws an SVG image nested in the card several times slower than the same picture as a
// PNG: measured in workerd, the golden card's two emoji cost ~200 ms nested, against ~7 ms to draw
// each on a canvas of its own. So each emoji (and the missing-glyph tile) is drawn once per
// isolate as a PNG the size of the hero emoji, and the card draws that. A bounded set: the bundle.
const IMAGE_PX = 176
const pngs = new Map<string, Promise<string>>()

function asPng(svgUri: string, fonts: Font[]): Promise<string> {
  let png = pngs.get(svgUri)
  if (!png) {
    const element = { type: 'img', props: { src: svgUri, width: IMAGE_PX, height: IMAGE_PX } }
    png = new ImageResponse(element as never, { width: IMAGE_PX, height: IMAGE_PX, fonts }).arrayBuffer().then(
      (bytes) => `data:image/png;base64,${btoa(Array.from(new Uint8Array(bytes), (b) => String.fromCharCode(b)).join(''))}`,
      (error: unknown) => {
        pngs.delete(svgUri)
        throw error
      },
    )
    pngs.set(svgUri, png)
  }
  return png
}

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
  const mapped = Array.isArray(children)
    ? children.map((c) => tileMissingGlyphs(c, images))
    : children === undefined
      ? undefined
      : (tileMissingGlyphs(children, images) as string)
  return { ...node, props: { ...node.props, children: mapped } }
}

/**
 * The card as a PNG. `fonts` are the bundled fonts (assets.ts in workerd, file bytes in Node
 * scripts), the same objects on every call: satori caches a parsed font by its data buffer.
 */
export async function renderCard(card: CardInput, fonts: Font[]): Promise<Uint8Array> {
  const graphemeImages: Record<string, string> = {}
  const element = tileMissingGlyphs(cardElement(card), graphemeImages)
  for (const [grapheme, svgUri] of Object.entries(graphemeImages)) graphemeImages[grapheme] = await asPng(svgUri, fonts)
  // satori asks for the emoji it meets in text: they come from the bundle. It asks for other
  // characters its fonts lack too (by script), but there is nothing more to load.
  const loadAdditionalAsset = async (code: string, segment: string) => (code === 'emoji' ? asPng(emojiImage(segment), fonts) : [])
  // satori takes plain { type, props } objects as well as React elements: no React in this worker.
  const image = new ImageResponse(element as never, { width: WIDTH, height: HEIGHT, fonts, loadAdditionalAsset, graphemeImages })
  return new Uint8Array(await image.arrayBuffer())
}
