import { env, exports } from 'cloudflare:workers'
import { decode } from 'fast-png'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { FONTS } from '../../worker/og/assets'
import { cardElement, type Node } from '../../worker/og/card'
import { type default as OgRenderer, parseCard } from '../../worker/og/index'
import { type CardInput, cardFromStatData } from '../../worker/og/protocol'
import { renderCard } from '../../worker/og/render'
import { CHAMPION_CARD, GOLDEN_CARD, HOSTILE_CARDS } from '../../worker/og/samples'
import { clean, clip, drawable, shapeArabic, visualOrder } from '../../worker/og/text'

// The renderer worker in workerd, called as the API calls it (Workers RPC to its default
// entrypoint): a fixed card against the committed golden PNG, hostile text, and no network at any
// point (every fetch fails the test).

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const fetchSpy = vi.spyOn(globalThis, 'fetch')

beforeAll(() => {
  fetchSpy.mockImplementation(async (input) => {
    throw new Error(`Network access while rendering: ${String(input instanceof Request ? input.url : input)}`)
  })
})
afterAll(() => {
  expect(fetchSpy).not.toHaveBeenCalled()
})

// The worker's own default entrypoint, as a service: calls go through RPC's structured clone.
const renderer = exports.default as unknown as Service<typeof OgRenderer>
// An async wrapper: awaiting the RPC promise here keeps a rejection a plain, handled one.
const render = async (card: unknown) => await renderer.render(card as CardInput)

async function renderPng(card: CardInput) {
  const bytes = await render(card)
  expect(bytes).toBeInstanceOf(Uint8Array)
  expect([...bytes.slice(0, 8)]).toEqual(PNG_SIGNATURE)
  const image = decode(bytes)
  expect({ width: image.width, height: image.height }).toEqual({ width: 1200, height: 630 })
  return { bytes, image }
}

const rgba = (image: ReturnType<typeof decode>) => {
  expect(image.depth).toBe(8)
  const { data, channels } = image
  return (i: number) => [data[i * channels]!, data[i * channels + 1]!, data[i * channels + 2]!, channels === 4 ? data[i * channels + 3]! : 255]
}

function distinctColours(image: ReturnType<typeof decode>): number {
  const px = rgba(image)
  const seen = new Set<number>()
  for (let i = 0; i < image.width * image.height; i += 1) {
    const [r, g, b] = px(i)
    seen.add((r! << 16) | (g! << 8) | b!)
  }
  return seen.size
}

describe('the golden card', () => {
  it('matches the committed golden image within a small tolerance', async () => {
    const { bytes, image } = await renderPng(GOLDEN_CARD)
    expect(bytes.length).toBeLessThan(80_000)
    // Not blank: a frame, a card, text in several colours and an anti-aliased emoji (a flat
    // design: about 330 colours).
    expect(distinctColours(image)).toBeGreaterThan(200)

    const golden = decode(new Uint8Array(env.GOLDEN_PNG))
    expect({ width: golden.width, height: golden.height }).toEqual({ width: 1200, height: 630 })
    const a = rgba(image)
    const b = rgba(golden)
    let differing = 0
    let total = 0
    const pixels = image.width * image.height
    for (let i = 0; i < pixels; i += 1) {
      const pa = a(i)
      const pb = b(i)
      const delta = Math.max(...pa.map((v, k) => Math.abs(v - pb[k]!)))
      total += delta
      if (delta > 48) differing += 1
    }
    // The golden is drawn by @vercel/og's Node build (preview.ts --golden), within 0.01% of
    // workerd's pixels; allow anti-aliasing noise, not layout drift
    // (a line of text moved or rewrapped changes thousands of pixels).
    expect(differing / pixels).toBeLessThan(0.002)
    expect(total / pixels).toBeLessThan(1)
  })

  it('uses the frame colour at the edges and the card colour inside', async () => {
    const { image } = await renderPng(GOLDEN_CARD)
    const px = rgba(image)
    const at = (x: number, y: number) => px(y * image.width + x).slice(0, 3)
    expect(at(2, 2)).toEqual([0x3d, 0xdc, 0x97])
    expect(at(1197, 627)).toEqual([0x3d, 0xdc, 0x97])
    expect(at(600, 450)).toEqual([0x16, 0x11, 0x1f])
  })
})

const texts = (node: Node | string): string[] =>
  typeof node === 'string' ? [node] : typeof node.props.children === 'string' ? [node.props.children] : (node.props.children ?? []).flatMap(texts)

describe('the count line', () => {
  it('says what it counts: the members, and the managers in the FPL league once a refresh measured it', () => {
    expect(texts(cardElement(GOLDEN_CARD))).toContain('4 members · 12 managers in the FPL league')
    expect(texts(cardElement({ ...GOLDEN_CARD, league_members: 1, fpl_league_size: 1 }))).toContain('1 member · 1 manager in the FPL league')
    expect(texts(cardElement({ ...GOLDEN_CARD, league_members: 1, fpl_league_size: null }))).toContain('1 member')
    expect(texts(cardElement({ ...GOLDEN_CARD, league_members: 1234, fpl_league_size: 100_000 }))).toContain(
      '1,234 members · 100,000 managers in the FPL league',
    )
  })

  it('draws it under the league name', async () => {
    // The count line's band (below the league name, left of the product mark): the same card with
    // and without the FPL league's size differs there and nowhere above it.
    const withSize = rgba((await renderPng(GOLDEN_CARD)).image)
    const without = rgba((await renderPng({ ...GOLDEN_CARD, fpl_league_size: null })).image)
    const differing = (top: number, bottom: number) => {
      let n = 0
      for (let y = top; y < bottom; y += 1) for (let x = 0; x < 1200; x += 1) if (withSize(y * 1200 + x).join() !== without(y * 1200 + x).join()) n += 1
      return n
    }
    expect(differing(0, 535)).toBe(0)
    expect(differing(535, 580)).toBeGreaterThan(500)
  })
})

describe("the champion's card (decision 184)", () => {
  it('is headed by its title over the champion, in place of the award over the manager', () => {
    const drawn = texts(cardElement(CHAMPION_CARD))
    expect(drawn.slice(1, 4)).toEqual(['Season champion 2026/27', 'Sam Ødegaard-Łukasz', 'Champion of The Pub League with 2,345 points'])
    expect(drawn).not.toContain('BANTER AWARD')
    expect(texts(cardElement(GOLDEN_CARD)).slice(1, 5)).toEqual(['BANTER AWARD', 'Benched Beast', 'Sam Ødegaard-Łukasz', GOLDEN_CARD.description])
  })

  it('is framed in gold, and draws hostile text as the award card does', async () => {
    const png = async (card: CardInput) => decode(await renderCard(card, FONTS))
    const image = await png(CHAMPION_CARD)
    const px = rgba(image)
    expect(px(2 * image.width + 2).slice(0, 3)).toEqual([0xf5, 0xc5, 0x42])
    expect(px(450 * image.width + 600).slice(0, 3)).toEqual([0x16, 0x11, 0x1f])
    for (const card of Object.values(HOSTILE_CARDS)) expect(distinctColours(await png({ ...card, kind: 'champion' }))).toBeGreaterThan(100)
    // Cut as the award's are: the title to 80 graphemes, the name to 60.
    const [, title = '', name = ''] = texts(cardElement({ ...HOSTILE_CARDS.long!, kind: 'champion' }))
    expect([...title].length).toBeLessThanOrEqual(80)
    expect([...name]).toHaveLength(60)
    expect([title.endsWith('…'), name.endsWith('…')]).toEqual([true, true])
  })
})

describe('hostile text', () => {
  for (const [name, card] of Object.entries(HOSTILE_CARDS)) {
    it(`renders the ${name} card without error or network`, async () => {
      const { image } = await renderPng(card)
      expect(distinctColours(image)).toBeGreaterThan(100)
    })
  }

  it('draws a tile for each character no bundled font has, and emoji from the bundle', async () => {
    // The tile's stroke (emoji.ts, #8A82A3) in the title's band: none for Latin text, a run of
    // tiles for Greek and CJK. The fire emoji's orange (#F4900C) comes from the bundled SVG.
    const band = (image: ReturnType<typeof decode>, [r, g, b]: [number, number, number]) => {
      const px = rgba(image)
      let count = 0
      for (let y = 150; y < 230; y += 1)
        for (let x = 380; x < 1124; x += 1) {
          const [pr, pg, pb] = px(y * image.width + x)
          if (Math.abs(pr! - r) < 8 && Math.abs(pg! - g) < 8 && Math.abs(pb! - b) < 8) count += 1
        }
      return count
    }
    const plain = (await renderPng({ ...GOLDEN_CARD, title: 'Ab Cd', description: 'x' })).image
    const foreign = (await renderPng({ ...GOLDEN_CARD, title: 'Ψηλά 山田 🔥', description: 'x' })).image
    expect(band(plain, [0x8a, 0x82, 0xa3])).toBe(0)
    expect(band(foreign, [0x8a, 0x82, 0xa3])).toBeGreaterThan(6 * 100)
    expect(band(plain, [0xf4, 0x90, 0x0c])).toBe(0)
    expect(band(foreign, [0xf4, 0x90, 0x0c])).toBeGreaterThan(100)
  })

  it('draws markup literally and cuts long text with an ellipsis', () => {
    expect(drawable('"><script>alert(1)</script>', 80)).toBe('"><script>alert(1)</script>')
    const long = drawable('x'.repeat(2000), 80)
    expect([...long]).toHaveLength(80)
    expect(long.endsWith('…')).toBe(true)
    // Never inside an emoji sequence.
    expect(clip('👨‍👩‍👧‍👦'.repeat(5), 3)).toBe('👨‍👩‍👧‍👦👨‍👩‍👧‍👦…')
  })

  it.each([
    [
      'removes control, zero-width and bidi-override characters but keeps emoji sequences',
      clean,
      [
        ['a\u200bb\u202ec\u0000d\u00ad\ne\tf', 'abcd e f'],
        [' 👨‍👩‍👧 1️⃣ x\u200dy ', '👨‍👩‍👧 1️⃣ xy'],
        ['\u200b\u200d', ''],
        ['e\u0301', 'é'],
      ],
    ],
    // Letters stay in reading order: HarfBuzz draws each right-to-left word right to left.
    [
      'puts the words of right-to-left runs in visual order, numbers included',
      visualOrder,
      [
        ['abc שלום עולם def', 'abc עולם שלום def'],
        ['מלך 2024', '2024 מלך'],
        ['מלך הספסל 2024', '2024 הספסל מלך'],
        ['scored 25 נק', 'scored 25 נק'],
        ['(קפטן)', '(קפטן)'],
        ['abc', 'abc'],
      ],
    ],
    // محمد: meem initial, hah medial, meem medial, dal final. لا alone is the isolated lam-alef
    // ligature; after a joining letter, the final one.
    [
      'shapes Arabic into presentation forms, lam-alef included',
      shapeArabic,
      [
        ['محمد', '\ufee3\ufea4\ufee4\ufeaa'],
        ['لا', '\ufefb'],
        ['بلا', '\ufe91\ufefc'],
        ['abc', 'abc'],
      ],
    ],
  ] as const)('%s', (_name, text, cases) => {
    for (const [input, drawn] of cases) expect(text(input), input).toBe(drawn)
  })
})

describe('the RPC entrypoint', () => {
  it('accepts the API card shape and rejects anything else', async () => {
    const card = cardFromStatData(
      {
        emoji: '🪑',
        achievement_title: 'T',
        achievement_description: 'D',
        player_name: 'P',
        league_name: 'L',
        league_members: 3,
        fpl_league_size: 180,
        additional_data: { manager: 'M' },
      },
      'Banter Arena',
    )
    expect(parseCard(structuredClone(card))).toEqual(card)
    // The champion's card keeps its look through RPC; a kind the renderer does not know is dropped.
    const champion = cardFromStatData({ achievement_title: 'Season champion 2026/27' }, 'Banter Arena', 'season_champion')
    expect(champion.kind).toBe('champion')
    expect(parseCard(structuredClone(champion))).toEqual(champion)
    expect(parseCard({ ...card, kind: 'gold' })).toEqual(card)
    expect(card.kind).toBeUndefined()
    expect(card.manager).toBe('M')
    expect(card.fpl_league_size).toBe(180)
    // A share made before the FPL league's size was recorded: the members alone.
    expect(cardFromStatData({ league_members: 3 }, 'Banter Arena').fpl_league_size).toBeNull()
    expect(parseCard({ ...card, fpl_league_size: null })).toEqual({ ...card, fpl_league_size: null })
    expect(parseCard({ ...card, fpl_league_size: '180' })).toBeNull()
    expect(parseCard({ ...card, title: 5 })).toBeNull()
    expect(parseCard({ ...card, league_members: 'x' })).toBeNull()
    await expect(render({ ...card, title: null })).rejects.toThrow('Not a card.')
    await expect(render('not a card')).rejects.toThrow('Not a card.')
    await expect(render({ ...card, description: 'x'.repeat(40_000) })).rejects.toThrow('Not a card.')
    await expect(render({ ...card, league_members: -1 })).rejects.toThrow('Not a card.')
  })
})
