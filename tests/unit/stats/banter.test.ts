import { describe, expect, it } from 'vitest'
import type { FplLive } from '../../../worker/fpl/schemas'
import type { BanterInput, BanterManager, BanterStats } from '../../../worker/fpl/stats'
import { computeBanterStats } from '../../../worker/fpl/stats'
import { gw37Live, makeHistory, makeLive, makePicks, realBootstrap, realPicksGw37 } from './fixtures'
import { ELEMENTS, GW, leagueLive, leagueManagers, TOURNAMENT } from './league'

function input(managers: BanterManager[] = leagueManagers(), live: FplLive = leagueLive()): BanterInput {
  return { tournament: TOURNAMENT, gameweek: GW, status: 'checked', managers, live, elements: ELEMENTS }
}

function stats(i: BanterInput = input()): BanterStats {
  const result = computeBanterStats(i)
  if (!result.complete) throw new Error(`incomplete: ${JSON.stringify(result)}`)
  return result.stats
}

/** Each award's holder and what its description says, with the reason in the league's data. */
const AWARDS: Array<[keyof BanterStats, string, Record<string, unknown>, ...string[]]> = [
  [
    'gameweek_rocket',
    'highest NET points. Dev 88 beats Ben (94 gross − 8 hit = 86)',
    {
      manager: 'Dev Dhillon',
      player: 'Dev Dhillon',
      team_name: 'Dev-astating XI',
      points: 88,
      description: '88 points in Gameweek 4, the best in The Crown & Anchor. Drinks are on them, apparently.',
    },
  ],
  ['wooden_spoon_warrior', 'lowest net points, Eve 20', { manager: 'Eve Ellis', team_name: 'Eve-ry Point Counts', points: 20 }, '20 points in Gameweek 4'],
  ['tournament_leader', 'Dev on 258 total_points, 258 − 236 = 22 clear of Ben', { manager: 'Dev Dhillon', points: 258 }, '22 clear of Ben Bishop'],
  ['auto_sub_saviour', 'Dev, Gabriel 8 in for Gvardiol (Ben only got Wissa 6)', { manager: 'Dev Dhillon', points_gained: 8, emoji: '🦸' }, 'Gabriel (8)'],
  // Ben 1 + 2 + 3 = 6 transfers, cost 8; Cara 2 + 3 + 1 = 6 transfers, cost 4 + 8 = 12 → 3 hits.
  [
    'transfer_tornado',
    'Ben and Cara both made 6 transfers; Cara spent more on hits (4 + 8 = 12 vs 8)',
    { manager: 'Cara Cole', transfers: 6, hits: 3, points_spent: 12, emoji: '🌪️' },
    '6 transfers',
    '12 points',
  ],
  // Alice 24, Ben 14, Cara 4, Dev 36, Eve 24, Finn 0
  [
    'captain_catastrophe',
    'Finn 0 (Palmer and vice Haaland both 0 min); Ben is saved by vice Mbeumo 7 × 2 = 14',
    { manager: 'Finn Foster', points: 0, captain: 'Palmer' },
    'Neither Palmer nor vice-captain Haaland played a minute',
  ],
  ['comeback_king', 'Ben from 5th to 2nd (+3)', { manager: 'Ben Bishop', improvement: 3 }, 'from 5th to 2nd'],
  ['freefall_legend', 'Cara from 1st to 4th (−3)', { manager: 'Cara Cole', drop: 3 }, 'from 1st to 4th'],
  // Alice Watkins 9; Cara Isak 2×2 = 4; Dev Gabriel 8; Eve Elanga 1 + bench-boosted Pickford 2 = 3; Finn 0.
  // Raya, Saliba, Salah are started by 6/6; Haaland counts only for Finn (Ben's is benched ×0).
  [
    'differential_genius',
    'Ben, Mbeumo 7 × 2 + Wissa 6 = 20 (each started by 1 of 6 < 20 %)',
    { manager: 'Ben Bishop', differential_points: 20 },
    'led by Mbeumo (14)',
  ],
  ['most_consistent', 'Alice, σ(60, 55, 58, 57) = √3.25 = 1.8; Finn (2 GWs, σ 0) does not qualify', { manager: 'Alice Archer', metric: 1.8 }, '1.8'],
  ['benched_beast', 'Eve’s 25 is excluded (Bench Boost); Dev and Ben tie on 9, Dev is higher in the league', { manager: 'Dev Dhillon', points: 9 }],
  ['overall_rank_king', 'Ben at 90,000', { manager: 'Ben Bishop', rank: 90_000 }, '90,000th'],
]

describe('computeBanterStats: The Crown & Anchor, GW4 (see league.ts for the data)', () => {
  const s = stats()

  it('has exactly the documented keys: the awards and the league context', () => {
    expect(Object.keys(s).sort()).toEqual([...AWARDS.map(([key]) => key), 'league_context', 'tournament_stats'].sort())
  })

  it.each(AWARDS)('%s: %s', (key, _why, holder, ...says) => {
    const award = s[key] as { description?: string } | null
    expect(award).toMatchObject(holder)
    for (const text of says) expect(award?.description).toContain(text)
  })

  it('league_context and tournament_stats', () => {
    expect(s.league_context).toEqual({
      name: 'The Crown & Anchor',
      total_members: 6,
      tournament_type: 'private',
      gameweek: 4,
      gameweek_status: 'checked',
      provisional: false,
    })
    expect(s.tournament_stats).toEqual({ tournament_type: 'private', league_name: 'The Crown & Anchor', total_members: 6 })
  })

  it('descriptions are deterministic plain text', () => {
    expect(stats()).toEqual(s)
    for (const value of Object.values(s)) {
      const d = (value as { description?: unknown } | null)?.description
      if (typeof d === 'string') {
        expect(d).not.toMatch(/[<>]/)
        expect(d.length).toBeGreaterThan(20)
      }
    }
  })
})

describe('computeBanterStats: data completeness', () => {
  it('one manager without picks: no stats at all, the missing entry id is reported', () => {
    const managers = leagueManagers().map((m) => (m.entryId === 106 ? { ...m, picks: null } : m))
    expect(computeBanterStats(input(managers))).toEqual({ complete: false, missing: [106], reason: 'manager_data' })
  })

  it('one manager without the GW history row (and another without picks): both reported', () => {
    const managers = leagueManagers().map((m) => {
      if (m.entryId === 105) return { ...m, history: { ...m.history, current: m.history.current.filter((r) => r.event !== GW) } }
      if (m.entryId === 102) return { ...m, picks: null }
      return m
    })
    expect(computeBanterStats(input(managers))).toEqual({ complete: false, missing: [102, 105], reason: 'manager_data' })
  })

  it('empty live data (a future GW) is incomplete too', () => {
    expect(computeBanterStats(input(leagueManagers(), { elements: [] }))).toEqual({ complete: false, missing: [], reason: 'live_data' })
  })
})

describe('computeBanterStats: edge rules', () => {
  it('ties go to the better league rank, then the lower entry id', () => {
    // Three managers score 50 in GW2. Totals after GW2: #3 = 120, #2 = 100, #1 = 100.
    // League order: 3 (1st), then 1 and 2 tied 2nd → entry id 1 before 2.
    const mk = (entryId: number, gw1: number): BanterManager => ({
      entryId,
      playerName: `P${entryId}`,
      teamName: `T${entryId}`,
      history: makeHistory([
        { event: 1, points: gw1, total: gw1, bench: 5, overall: 1000 },
        { event: 2, points: 50, total: gw1 + 50, bench: 5, overall: 1000 },
      ]),
      picks: makePicks({ starters: [1], captain: 1, vice: 1, mult: { 1: 2 }, event: 2 }),
    })
    const s = stats({
      tournament: TOURNAMENT,
      gameweek: 2,
      status: 'checked',
      managers: [mk(2, 50), mk(1, 50), mk(3, 70)],
      live: makeLive({ 1: [90, 4] }),
      elements: [{ id: 1, web_name: 'Saka', element_type: 3 }],
    })
    // everyone: 50 GW points, 5 on the bench, captain 4×2 = 8, overall rank 1000 → all ties
    expect(s.gameweek_rocket?.manager).toBe('P3')
    expect(s.wooden_spoon_warrior?.manager).toBe('P3')
    expect(s.benched_beast?.manager).toBe('P3')
    expect(s.captain_catastrophe).toMatchObject({ manager: 'P3', points: 8, captain: 'Saka' })
    expect(s.overall_rank_king?.manager).toBe('P3')

    // Without manager 3: 1 and 2 are level on 100, league order = entry id → 1.
    const s2 = stats({
      tournament: TOURNAMENT,
      gameweek: 2,
      status: 'checked',
      managers: [mk(2, 50), mk(1, 50)],
      live: makeLive({ 1: [90, 4] }),
      elements: [{ id: 1, web_name: 'Saka', element_type: 3 }],
    })
    expect(s2.gameweek_rocket?.manager).toBe('P1')
    expect(s2.tournament_leader?.manager).toBe('P1')
    expect(s2.tournament_leader?.description).toContain('level with P2')
  })

  it('rank movement uses shared ranks from history totals', () => {
    // After GW1: C 60 (1st), A 50 and B 50 (both 2nd). After GW2: B 120 (1st), C 110 (2nd), A 100 (3rd).
    // B climbs 2nd → 1st = 1 place (not 3rd → 1st: the tie is shared). A drops 2nd → 3rd = 1, C 1st → 2nd = 1:
    // the freefall tie goes to C, higher in the table now.
    const mk = (entryId: number, gw1: number, gw2: number): BanterManager => ({
      entryId,
      playerName: `P${entryId}`,
      teamName: `T${entryId}`,
      history: makeHistory([
        { event: 1, points: gw1, total: gw1 },
        { event: 2, points: gw2, total: gw1 + gw2 },
      ]),
      picks: makePicks({ starters: [1], captain: 1, vice: 1, event: 2 }),
    })
    const s = stats({
      tournament: TOURNAMENT,
      gameweek: 2,
      status: 'checked',
      managers: [mk(1, 50, 50), mk(2, 50, 70), mk(3, 60, 50)],
      live: makeLive({ 1: [90, 2] }),
      elements: [],
    })
    expect(s.comeback_king).toMatchObject({ manager: 'P2', improvement: 1 })
    expect(s.comeback_king?.description).toContain('Climbed 1 place in Gameweek 2, from 2nd to 1st')
    expect(s.freefall_legend).toMatchObject({ manager: 'P3', drop: 1 })
  })

  it('differential means fewer than 20 %: 3 of 15 starters (exactly 20 %) is not, 1 of 15 is', () => {
    // 15 managers all start element 1. Managers 1–3 also start element 50 (10 pts): 3/15 = 20 %, not fewer.
    // Manager 4 also starts element 60 (3 pts): 1/15 ≈ 6.7 % → differential genius with 3.
    const managers: BanterManager[] = Array.from({ length: 15 }, (_, i) => {
      const id = i + 1
      const starters = id <= 3 ? [1, 50] : id === 4 ? [1, 60] : [1]
      return {
        entryId: id,
        playerName: `P${id}`,
        teamName: `T${id}`,
        history: makeHistory([{ event: 1, points: 40, total: 40 }]),
        picks: makePicks({ starters, captain: 1, vice: 1, mult: { 1: 2 } }),
      }
    })
    const s = stats({
      tournament: TOURNAMENT,
      gameweek: 1,
      status: 'checked',
      managers,
      live: makeLive({ 1: [90, 2], 50: [90, 10], 60: [90, 3] }),
      elements: [
        { id: 1, web_name: 'Template', element_type: 3 },
        { id: 50, web_name: 'Popular', element_type: 3 },
        { id: 60, web_name: 'Hipster', element_type: 3 },
      ],
    })
    expect(s.differential_genius).toMatchObject({ manager: 'P4', differential_points: 3 })
  })

  it('stats that need a positive value are null when nobody has one (GW1, no subs, no transfers, nothing benched)', () => {
    const managers: BanterManager[] = [101, 102].map((id) => ({
      entryId: id,
      playerName: `P${id}`,
      teamName: `T${id}`,
      history: makeHistory([{ event: 1, points: 40 + id - 101, total: 40 + id - 101, overall: 5000 + id }]),
      picks: makePicks({ starters: [1, 2], captain: 1, vice: 2, mult: { 1: 2 } }),
    }))
    const s = stats({ tournament: TOURNAMENT, gameweek: 1, status: 'checked', managers, live: makeLive({ 1: [90, 2], 2: [90, 2] }), elements: [] })
    expect(s.auto_sub_saviour).toBeNull()
    expect(s.transfer_tornado).toBeNull()
    expect(s.comeback_king).toBeNull() // GW1: no previous table
    expect(s.freefall_legend).toBeNull()
    expect(s.most_consistent).toBeNull() // fewer than 3 GWs
    expect(s.benched_beast).toBeNull()
    expect(s.differential_genius).toBeNull() // 1 of 2 = 50 %: nothing is a differential
    expect(s.gameweek_rocket).toMatchObject({ manager: 'P102', points: 41 })
    expect(s.captain_catastrophe).toMatchObject({ manager: 'P102', points: 4, captain: 'Player #1' }) // no elements: fallback name
  })

  it('no managers: every stat null, context still filled', () => {
    const s = stats({ tournament: { ...TOURNAMENT, totalMembers: 0 }, gameweek: 3, status: 'checked', managers: [], live: { elements: [] }, elements: [] })
    expect(s.gameweek_rocket).toBeNull()
    expect(s.tournament_leader).toBeNull()
    expect(s.league_context.total_members).toBe(0)
  })

  it('vice takeover and triple captain reach the card description', () => {
    const s = stats()
    // Ben's captain card is not the catastrophe, so check him alone:
    const ben = leagueManagers().filter((m) => m.entryId === 102)
    const benStats = stats(input(ben))
    expect(benStats.captain_catastrophe).toMatchObject({ points: 14, captain: 'Mbeumo' })
    expect(benStats.captain_catastrophe?.description).toBe(
      'Haaland did not play, so the armband passed to Mbeumo: 14 points all in. The armband has never felt heavier.',
    )
    const dev = leagueManagers().filter((m) => m.entryId === 104)
    expect(stats(input(dev)).captain_catastrophe).toMatchObject({ points: 36, captain: 'Salah' }) // 12 × 3
    expect(s.captain_catastrophe?.points).toBe(0)
  })
})

describe('computeBanterStats: the real GW37 capture as a one-team league', () => {
  it('reads FPL’s numbers: 67 points, Haaland 9 × 2 = 18, subs 2 + 4 = 6, bench 3, rank 3,508,107', () => {
    const picks = realPicksGw37()
    const live = gw37Live() // rebuilt from bootstrap event_points, see fixtures.ts
    const manager: BanterManager = {
      entryId: 3122849,
      playerName: 'Real Manager',
      teamName: 'Real Team',
      history: { current: [picks.entry_history], past: [], chips: [] },
      picks,
    }
    const s = stats({
      tournament: { name: 'Capture League', type: 'public', totalMembers: 1 },
      gameweek: 37,
      status: 'checked',
      managers: [manager],
      live,
      elements: realBootstrap().elements,
    })
    expect(s.gameweek_rocket?.points).toBe(67)
    expect(s.tournament_leader?.points).toBe(1983)
    expect(s.captain_catastrophe).toMatchObject({ points: 18, captain: 'Haaland' })
    expect(s.auto_sub_saviour?.points_gained).toBe(6)
    expect(s.auto_sub_saviour?.description).toContain('Thiago (2) and Botman (4)')
    expect(s.benched_beast?.points).toBe(3)
    expect(s.overall_rank_king?.rank).toBe(3_508_107)
    expect(s.transfer_tornado).toBeNull() // 0 transfers in the row
  })
})

/** Words that settle a result: a provisional text must never use them (decision 113). */
const FINAL_WORDS = /\b(best|won|wins|winner|winners|champion|champions|fewest|most|grand total|all in|theirs)\b/i

describe('computeBanterStats: a gameweek FPL has not checked (decision 113)', () => {
  const checked = stats()
  for (const status of ['live', 'finished'] as const) {
    const s = stats({ ...input(), status })

    it(`${status}: the same awards and numbers, marked provisional in league_context`, () => {
      expect(s.league_context).toMatchObject({ gameweek: 4, gameweek_status: status, provisional: true })
      for (const key of Object.keys(checked) as Array<keyof BanterStats>) {
        if (key === 'league_context' || key === 'tournament_stats') continue
        const { description: _a, ...numbers } = (checked[key] ?? {}) as { description?: string }
        const { description: _b, ...soFar } = (s[key] ?? {}) as { description?: string }
        expect(soFar, key).toEqual(numbers)
      }
    })

    it(`${status}: every text says "so far" and none reads as final`, () => {
      for (const [key, value] of Object.entries(s)) {
        const d = (value as { description?: unknown } | null)?.description
        if (typeof d !== 'string') continue
        expect(d, key).toContain('so far')
        expect(d, key).not.toMatch(FINAL_WORDS)
      }
    })
  }

  it('reads the way a manager would say it mid-gameweek', () => {
    const s = stats({ ...input(), status: 'live' })
    expect(s.gameweek_rocket?.description).toBe(
      '88 points in Gameweek 4 so far, ahead of the rest of The Crown & Anchor for now. Nobody buys drinks until FPL checks it.',
    )
    expect(s.tournament_leader?.description).toBe(
      'Top of The Crown & Anchor on 258 points so far, 22 clear of Ben Bishop. Gameweek 4 is not checked yet, so hold the speech.',
    )
    expect(s.captain_catastrophe?.description).toBe('Neither Palmer nor vice-captain Haaland has played so far, so the armband has 0 points for now.')
    expect(s.overall_rank_king?.description).toBe(
      '90,000th in the world so far, ahead of the rest of The Crown & Anchor until FPL checks Gameweek 4. Expect to hear about it anyway.',
    )
  })

  it('the armband cases: passed to the vice for now, and a Triple Captain so far', () => {
    const ben = stats({ ...input(leagueManagers().filter((m) => m.entryId === 102)), status: 'live' })
    expect(ben.captain_catastrophe?.description).toBe('Haaland has not played so far, so the armband sits with Mbeumo for now: 14 points so far.')
    const dev = stats({ ...input(leagueManagers().filter((m) => m.entryId === 104)), status: 'live' })
    expect(dev.captain_catastrophe?.description).toBe('Triple Captained Salah for 36 points so far. Nothing is settled until FPL checks it.')
  })
})
