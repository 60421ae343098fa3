/**
 * Draws the app's icons (web/public/icons/) from the logo in web/public/favicon.svg, with the
 * rasteriser the share cards already use (@vercel/og's resvg). Run after changing the logo:
 *
 *   node web/scripts/icons.ts
 *
 * "any" icons are the rounded logo on transparency; "maskable" ones and Apple's touch icon fill
 * the square (the platform cuts its own shape) with the letter inside the central safe zone; the
 * badge is the letter alone in white, which Android tints for the status bar.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ImageResponse } from '@vercel/og'
import { ANY_ICON_SIZES, MASKABLE_ICON_SIZES } from '../manifest.ts'

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const logo = readFileSync(path.join(webRoot, 'public/favicon.svg'), 'utf8')
const letter = /<path d="([^"]+)"/.exec(logo)?.[1]
const gradient = /<defs>.*<\/defs>/.exec(logo)?.[0]
if (!letter || !gradient) throw new Error('favicon.svg no longer has the expected <defs> and <path>')

/** The logo's 64-unit letter, scaled by `scale` about the centre, on an optional square background. */
const svg = (scale: number, background: boolean, fill = '#fff') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${gradient}${background ? '<rect width="64" height="64" fill="url(#g)"/>' : ''}<g transform="translate(32 32) scale(${scale}) translate(-32 -32)"><path d="${letter}" fill="${fill}"/></g></svg>`

async function png(source: string, size: number, file: string) {
  const src = `data:image/svg+xml;base64,${Buffer.from(source).toString('base64')}`
  const image = { type: 'img', props: { src, width: size, height: size } }
  const response = new ImageResponse(image as never, { width: size, height: size })
  writeFileSync(path.join(webRoot, 'public/icons', file), Buffer.from(await response.arrayBuffer()))
}

for (const size of ANY_ICON_SIZES) await png(logo, size, `icon-${size}.png`)
// The safe zone of a maskable icon is the central circle of 80% of its width: the letter (about
// 26 of 64 units wide) at 1.15x stays well inside it.
for (const size of MASKABLE_ICON_SIZES) await png(svg(1.15, true), size, `maskable-${size}.png`)
await png(svg(1.2, true), 180, 'apple-touch-icon.png')
await png(svg(1.9, false), 96, 'badge-96.png')
console.log('Icons written to web/public/icons/')
