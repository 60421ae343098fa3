import { describe, expect, it } from 'vitest'
import { isLiveGameweek, newerThanStored, showsLive } from '../../web/src/features/live/live-api'
import { fixturesLine, ordinal, rankChange, rivalsOf, signed, swingLine, timeAgo } from '../../web/src/features/live/live-text'
import { fixtureText, pointLine } from '../../web/src/features/live/pick-text'
import { nextFeed, SWING_FEED_SIZE } from '../../web/src/features/live/swing-feed'
import { openTeam, teamSearch } from '../../web/src/features/live/team-link'
import { reconnectDelay } from '../../web/src/features/live/useLiveSocket'
import { liveAnswer, liveRow, liveRows, salahGoal, VIEWER_TEAM, watkinsAppearance } from './live-fixtures'

describe('live wording', () => {
  it('ordinals, signs, fixtures, times', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111, 1003].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
      '111th',
      '1,003rd',
    ])
    expect([16, -4, 0].map(signed)).toEqual(['+16', '−4', '0'])
    expect(fixturesLine({ total: 1, started: 1, finished: 0 })).toBe('1 of 1 match started, 0 finished')
    const at = new Date('2026-11-21T15:42:00Z')
    expect(timeAgo(at, at.getTime() + 30_000)).toBe('just now')
    expect(timeAgo(at, at.getTime() + 3 * 60_000)).toBe('3 min ago')
    expect(timeAgo(at, at.getTime() + 125 * 60_000)).toBe('2 h ago')
  })

  it('a swing names the managers it moved, the viewer as "you", captains marked', () => {
    expect(swingLine(salahGoal, VIEWER_TEAM)).toBe('Salah goal: +16 for Priya S (C), +8 for you')
    expect(swingLine(salahGoal, null)).toBe('Salah goal: +16 for Priya S (C), +8 for Jamie Vardy')
    expect(swingLine({ ...salahGoal, events: ['yellow card', 'assist'], points: 1, managers: [] }, null)).toBe(
      'Salah yellow card, assist: +1, nobody here has him',
    )
    expect(swingLine({ ...salahGoal, events: [], points: -1, managers: [] }, null)).toBe('Salah: −1, nobody here has him')
  })

  it("the viewer's move compares live ranks", () => {
    expect(rankChange(3, 4)).toBe('you drop to 4th')
    expect(rankChange(3, 2)).toBe('you climb to 2nd')
    expect(rankChange(3, 3)).toBeNull()
    expect(rankChange(null, 3)).toBeNull()
  })

  it('rivals are the rows directly above and below the viewer', () => {
    const rows = liveRows()
    expect([...rivalsOf(rows)]).toEqual([2, 4])
    expect([...rivalsOf([{ ...rows[2]! }, liveRow(4)])]).toEqual([4])
    expect(rivalsOf([liveRow(1), liveRow(2)]).size).toBe(0)
  })
})

describe('swing feed', () => {
  const first = liveAnswer({ swings: [salahGoal] })
  it('the first answer is shown, not fresh; a new update is fresh and carries the move', () => {
    const feed = nextFeed([], null, first, VIEWER_TEAM)
    expect(feed).toEqual([{ at: first.updated_at, lines: ['Salah goal: +16 for Priya S (C), +8 for you'], fresh: false }])
    const next = liveAnswer({ updated_at: '2026-11-21T15:43:00.000Z', swings: [salahGoal], current_user_position: 2 })
    expect(nextFeed(feed, first, next, VIEWER_TEAM)[0]).toEqual({
      at: next.updated_at,
      lines: ['Salah goal: +16 for Priya S (C), +8 for you; you climb to 2nd'],
      fresh: true,
    })
  })

  it('another page of the same update, an update without change, or another gameweek adds no move', () => {
    const feed = nextFeed([], null, first, VIEWER_TEAM)
    expect(nextFeed(feed, first, { ...first, standings: [] }, VIEWER_TEAM)).toBe(feed)
    const quiet = liveAnswer({ updated_at: '2026-11-21T15:44:00.000Z' })
    expect(nextFeed(feed, first, quiet, VIEWER_TEAM)).toBe(feed)
    const moved = liveAnswer({ updated_at: '2026-11-21T15:45:00.000Z', current_user_position: 5 })
    expect(nextFeed(feed, quiet, moved, VIEWER_TEAM)[0]?.lines).toEqual(['You drop to 5th'])
    const nextGameweek = liveAnswer({ gameweek: 8, updated_at: '2026-11-28T15:00:00.000Z', current_user_position: 1 })
    expect(nextFeed(feed, quiet, nextGameweek, VIEWER_TEAM)).toBe(feed)
  })

  it(`keeps the last ${SWING_FEED_SIZE} updates`, () => {
    let feed = nextFeed([], null, first, VIEWER_TEAM)
    let previous = first
    for (let minute = 43; minute < 53; minute += 1) {
      const answer = liveAnswer({ updated_at: `2026-11-21T15:${minute}:00.000Z`, swings: [salahGoal] })
      feed = nextFeed(feed, previous, answer, VIEWER_TEAM)
      previous = answer
    }
    expect(feed.map((e) => e.at)).toEqual([52, 51, 50, 49, 48].map((m) => `2026-11-21T15:${m}:00.000Z`))
  })
})

describe('team view address and reconnect backoff', () => {
  it('?team= beside the other parameters', () => {
    const params = new URLSearchParams('page=2&search=x')
    expect(teamSearch(params, 42)).toBe('?page=2&search=x&team=42')
    expect(teamSearch(new URLSearchParams('team=42'), null)).toBe('')
    expect(openTeam(new URLSearchParams('team=42'))).toBe(42)
    expect([openTeam(new URLSearchParams('team=abc')), openTeam(new URLSearchParams('team=-1')), openTeam(new URLSearchParams(''))]).toEqual([null, null, null])
  })

  it('doubles from 1 s up to the 60 s fallback refresh', () => {
    expect([0, 1, 2, 3, 5, 6, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 32000, 60000, 60000])
  })
})

describe('the Saturday wording (decision 143)', () => {
  it("a swing says FPL's reasons with the match and minute on screen", () => {
    // Watkins came on at ARS 1-0 CHE: an appearance point, not a clean sheet.
    const watkins = { ...watkinsAppearance, managers: [{ fpl_team_id: VIEWER_TEAM, player_name: 'Jamie Vardy', points: 4, captain: true }] }
    expect(swingLine(watkins, VIEWER_TEAM)).toBe("Watkins: appearance +2, ARS 1-0 CHE 34' — +4 for you (C)")
    // Raya: one appearance point and two bonus, never "projected bonus: +3".
    const raya = {
      ...watkins,
      name: 'Raya',
      reasons: [
        { identifier: 'minutes', words: 'appearance', points: 1 },
        { identifier: 'projected_bonus', words: 'projected bonus', points: 2 },
      ],
      match: { fixture: 61, label: 'ARS 1-0 CHE', minute: null },
      points: 3,
      managers: [],
    }
    expect(swingLine(raya, null)).toBe('Raya: appearance +1, projected bonus +2, ARS 1-0 CHE — nobody here has him')
  })

  it('a move among the kept rows of a big league is said as such, never as a place', () => {
    expect(rankChange(4, 2, false)).toBe('you climb 2 places among the managers followed')
    expect(rankChange(2, 3, false)).toBe('you drop 1 place among the managers followed')
    expect(rankChange(4, 2)).toBe('you climb to 2nd')
  })

  it("a player's points line by line, from FPL's explain (Calafiori at MUN 0-1 ARS, GW 1 2025/26)", () => {
    const lines = [
      { identifier: 'minutes', value: 71, points: 2 },
      { identifier: 'goals_scored', value: 1, points: 6 },
      { identifier: 'clean_sheets', value: 1, points: 4 },
      { identifier: 'yellow_cards', value: 1, points: -1 },
      { identifier: 'bonus', value: 2, points: 2 },
      { identifier: 'saves', value: 7, points: 2 },
      { identifier: 'goals_conceded', value: 2, points: -1 },
      { identifier: 'projected_bonus', value: 3, points: 3 },
      { identifier: 'something_new', value: 1, points: 1 },
    ]
    expect(lines.map(pointLine)).toEqual([
      '71 min +2',
      '1 goal +6',
      'clean sheet +4',
      '1 yellow card −1',
      'bonus +2',
      '7 saves +2',
      '2 conceded −1',
      'bonus (projected) +3',
      '1 something new +1',
    ])
  })

  it('a match to come says its opponent and kick-off; one in play its minute; one over FT', () => {
    const base = { fixture: 20, opponent: 'WHU', home: false, kickoff_time: '2025-08-22T19:00:00Z', minutes: 0 }
    const kickoff = new Date('2025-08-22T19:00:00Z').toLocaleString('en-GB', { weekday: 'short', hour: '2-digit', minute: '2-digit' })
    expect(fixtureText({ ...base, state: 'not_started' })).toBe(`v WHU (A) · ${kickoff}`)
    expect(fixtureText({ ...base, state: 'in_play', home: true, minutes: 64 })).toBe("v WHU (H) 64'")
    expect(fixtureText({ ...base, state: 'finished', minutes: 90 })).toBe('v WHU (A) FT')
  })

  it('which answers the Live tab shows: in play, checked but not stored, or newer than the stored table', () => {
    const answer = { gameweek: 13, updated_at: '2026-11-28T15:00:00Z' }
    const stored12 = { gameweek: 12, provisional: false }
    const stored13 = { gameweek: 13, provisional: false }
    expect(isLiveGameweek({ ...answer, status: 'checked', provisional: true })).toBe(true)
    expect(isLiveGameweek({ ...answer, status: 'checked', provisional: false })).toBe(false)
    // Checked and stored by FPL, but the page still holds GW 12: the GW 13 table stays.
    expect(showsLive({ ...answer, status: 'checked', provisional: false }, stored12)).toBe(true)
    expect(showsLive({ ...answer, status: 'checked', provisional: false }, stored13)).toBe(false)
    expect(newerThanStored({ gameweek: 13, provisional: false }, { gameweek: 13, provisional: true })).toBe(true)
    // At rest before any read of the poller: the stored gameweek, nothing newer.
    expect(showsLive({ gameweek: 12, status: 'upcoming', updated_at: null, provisional: true }, stored12)).toBe(false)
    expect(showsLive({ gameweek: 0, status: 'upcoming', updated_at: null, provisional: true }, { gameweek: null, provisional: false })).toBe(false)
    // A new tournament's first refresh has stored nothing yet: its progress shows, not a table at rest.
    expect(showsLive({ gameweek: 12, status: 'checked', updated_at: null, provisional: false }, { gameweek: null, provisional: false })).toBe(false)
  })
})
