import { describe, expect, it } from 'vitest'
import { type BanterTexts, CHECKED_TEXTS, SO_FAR_TEXTS } from '../../../worker/fpl/stats/banter-texts'

// Every variant of every text, with the same facts, through both sets (decision 113).
function everyText(t: BanterTexts): Record<string, string> {
  const move = { places: 3, from: 5, to: 2, gameweek: 13 }
  const points = { points: 61, hit: 0, gameweek: 13, league: 'The Pub League' }
  return {
    rocket: t.rocket(points),
    rocketHit: t.rocket({ ...points, hit: 4 }),
    spoon: t.spoon(points),
    spoonHit: t.spoon({ ...points, hit: 8 }),
    leaderAlone: t.leader({ total: 700, league: 'The Pub League', gameweek: 13, second: null }),
    leaderLevel: t.leader({ total: 700, league: 'The Pub League', gameweek: 13, second: { name: 'Tom', gap: 0 } }),
    leaderClear: t.leader({ total: 700, league: 'The Pub League', gameweek: 13, second: { name: 'Tom', gap: 7 } }),
    saviour: t.saviour({ subs: ['Gabriel (8)', 'Wissa (6)'], points: 14 }),
    tornado: t.tornado({ transfers: 9, cost: 0 }),
    tornadoHits: t.tornado({ transfers: 9, cost: 8 }),
    captainNobody: t.captain({ kind: 'nobody', captain: 'Palmer', vice: 'Haaland' }),
    captainNobodyNoVice: t.captain({ kind: 'nobody', captain: 'Palmer', vice: null }),
    captainPassed: t.captain({ kind: 'passed', captain: 'Haaland', carrier: 'Mbeumo', points: 14 }),
    captainTriple: t.captain({ kind: 'triple', carrier: 'Salah', points: 36 }),
    captain: t.captain({ kind: 'captain', carrier: 'Salah', points: 4 }),
    comeback: t.comeback(move),
    freefall: t.freefall({ ...move, from: 2, to: 5 }),
    differential: t.differential({ points: 20, league: 'The Pub League', led: { name: 'Mbeumo', points: 14 } }),
    differentialUnled: t.differential({ points: 20, league: 'The Pub League', led: null }),
    consistent: t.consistent({ stdev: 1.8, gameweeks: 13 }),
    benched: t.benched({ points: 9, gameweek: 13 }),
    rankKing: t.rankKing({ rank: 90_000, league: 'The Pub League', gameweek: 13 }),
  }
}

describe('banter texts', () => {
  const soFar = everyText(SO_FAR_TEXTS)
  const checked = everyText(CHECKED_TEXTS)

  it('every provisional text says "so far" and never settles a result', () => {
    for (const [variant, text] of Object.entries(soFar)) {
      expect(text, variant).toContain('so far')
      expect(text, variant).not.toMatch(/\b(best|won|wins|winner|winners|champion|champions|fewest|most|grand total|all in|theirs)\b/i)
    }
  })

  it('a provisional text carries every number and name of the final one (and may add the gameweek)', () => {
    const figures = (text: string) => text.match(/\d+(?:,\d{3})*(?:st|nd|rd|th)?|Palmer|Haaland|Mbeumo|Salah|Gabriel|Wissa|Tom/g) ?? []
    for (const variant of Object.keys(checked))
      expect(figures(soFar[variant] as string), variant).toEqual(expect.arrayContaining(figures(checked[variant] as string)))
  })

  it('a checked gameweek keeps its final words', () => {
    expect(checked.rocket).toBe('61 points in Gameweek 13, the best in The Pub League. Drinks are on them, apparently.')
    expect(checked.rankKing).toBe('90,000th in the world, the best overall rank in The Pub League. Expect to hear about it all week.')
  })
})
