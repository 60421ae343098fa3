import { partialMatchKey } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { queryKeys } from '../../web/src/lib/query-keys'

// An invalidation by prefix reaches a query only if the query's key starts with that prefix; the
// keys are also what the cache holds across a deploy's old and new chunks, so their values stay.

describe('query keys', () => {
  it('keep the values the cache holds', () => {
    expect(queryKeys.leagueData('7', 2, 11, 'kane')).toEqual(['league-data', '7', 2, 11, 'kane'])
    expect(queryKeys.liveTable('7', 1, null, '')).toEqual(['live', '7', 'table', 1, null, ''])
    expect(queryKeys.liveTeam('7', 42)).toEqual(['live', '7', 'team', 42])
    expect(queryKeys.leagues(null)).toEqual(['leagues', null])
    expect(queryKeys.communityPosts(7)).toEqual(['community-posts', '7'])
    expect(queryKeys.gazette(7)).toEqual(['gazette', '7'])
    expect(queryKeys.curatedTeams(7)).toEqual(['curated-teams', '7'])
    expect(queryKeys.hallOfFameRecords('7')).toEqual(['hall-of-fame', '7', 'records'])
  })

  it('build every key an invalidation means under its prefix', () => {
    const covers = (prefix: readonly unknown[], key: readonly unknown[]) => partialMatchKey(key, prefix)
    expect(covers(queryKeys.leaguesPrefix(), queryKeys.leagues(3))).toBe(true)
    expect(covers(queryKeys.leagueDataPrefix('7'), queryKeys.leagueData('7', 1, null, ''))).toBe(true)
    expect(covers(queryKeys.leagueDataPrefix('7'), queryKeys.leagueData('8', 1, null, ''))).toBe(false)
    expect(covers(queryKeys.livePrefix('7'), queryKeys.liveTeam('7', 42))).toBe(true)
    expect(covers(queryKeys.liveTablePrefix('7'), queryKeys.liveTable('7', 1, null, ''))).toBe(true)
    expect(covers(queryKeys.liveTablePrefix('7'), queryKeys.liveTeam('7', 42))).toBe(false)
    expect(covers(queryKeys.myGameweekPrefix(), queryKeys.myGameweek(3))).toBe(true)
    expect(covers(queryKeys.userLeaguesPrefix(), queryKeys.userLeagues(3))).toBe(true)
  })
})
