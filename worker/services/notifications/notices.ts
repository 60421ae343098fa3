import { tournamentScreen } from '../../../contract/notifications'
import { ordinal } from '../../fpl/stats/text'
import type { GazetteStep } from '../story/gazette'
import type { Notice } from './rules'

// What each notification says and opens. Texts are plain (the service worker shows them as a
// notification's title and body, never as markup) and short: a lock screen shows about two lines.

const HOUR = 3600 * 1000
const DAY = 24 * HOUR

export type DeadlineLead = '24h' | '90m'
export const DEADLINE_LEADS: Record<DeadlineLead, { ms: number; text: string }> = {
  '24h': { ms: 24 * HOUR, text: '24 hours' },
  '90m': { ms: 90 * 60 * 1000, text: '90 minutes' },
}

export function deadlineNotice(season: string, gameweek: number, deadline: number, lead: DeadlineLead): Notice {
  return {
    type: 'deadline',
    key: `${season}:${gameweek}:${lead}`,
    title: `GW ${gameweek} deadline in ${DEADLINE_LEADS[lead].text}`,
    body: 'Transfers, captain, chips: get them in before FPL locks your team.',
    url: '/dashboard',
    // The later reminder replaces the earlier one on the lock screen.
    tag: `deadline:${season}:${gameweek}`,
    expiresAt: deadline,
  }
}

interface League {
  id: number
  name: string
}

export function gazetteNotice(league: League, season: string, gameweek: number, headline: string, now: number): Notice {
  return {
    type: 'gazette',
    key: `${league.id}:${season}:${gameweek}`,
    title: `The GW ${gameweek} Gazette is out`,
    body: `${league.name}: ${headline}`,
    url: tournamentScreen(league.id, 'community'),
    tag: `gazette:${league.id}`,
    expiresAt: now + 3 * DAY,
  }
}

export function managerOfTheMonthNotice(league: League, season: string, month: string, winners: string[], points: number | null, now: number): Notice {
  const who = winners.length > 1 ? `${winners.slice(0, -1).join(', ')} and ${winners.at(-1)}` : (winners[0] ?? 'Nobody')
  return {
    type: 'manager_of_the_month',
    key: `${league.id}:${season}:${month}`,
    title: `${month} Manager of the Month: ${who}`,
    body: `${league.name}${points === null ? '' : `: ${points} points in ${month}`}. See the Winners tab.`,
    url: tournamentScreen(league.id, 'winners'),
    tag: `mom:${league.id}`,
    expiresAt: now + 3 * DAY,
  }
}

/** `window`: the match window (its first kick-off) the overtake happened in. */
export function overtakenNotice(league: League, gameweek: number, window: string, rival: { entry: number; name: string }, rank: number, now: number): Notice {
  return {
    type: 'overtaken',
    key: `${league.id}:${gameweek}:${window}:${rival.entry}`,
    title: `${rival.name} just overtook you`,
    body: `${league.name} live table: you're ${ordinal(rank)} now.`,
    url: tournamentScreen(league.id, 'standings'),
    tag: `overtaken:${league.id}`,
    // Stale once the matches are over.
    expiresAt: now + 3 * HOUR,
  }
}

const EXCERPT = 80

export function likeNotice(league: League, post: { id: number; content: string }, liker: { id: number; name: string }, now: number): Notice {
  const text = post.content.replace(/\s+/g, ' ').trim()
  return {
    type: 'wall',
    key: `like:${post.id}:${liker.id}`,
    title: `${liker.name} liked your post`,
    body: `${league.name}: “${text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text}”`,
    url: tournamentScreen(league.id, 'community'),
    tag: `wall:${post.id}`,
    expiresAt: now + DAY,
  }
}

export function memberJoinedNotice(league: League, member: { id: number; name: string }, now: number): Notice {
  return {
    type: 'member_joined',
    key: `${league.id}:${member.id}`,
    title: `${member.name} joined ${league.name}`,
    body: 'You run this league: see who is in it on the commissioner screen.',
    url: '/commissioner',
    tag: `joined:${league.id}`,
    expiresAt: now + 3 * DAY,
  }
}

/** What a checked gameweek's story announces to a tournament's members: its Gazette, its Manager of the Month. */
export function storyNotices(tournamentId: number, season: string, gameweek: number, gazette: GazetteStep, now: number): Notice[] {
  const { document } = gazette.edition
  const league = { id: tournamentId, name: document.league_name }
  const month = document.manager_of_the_month
  return [
    ...(gazette.published ? [gazetteNotice(league, season, gameweek, document.headline, now)] : []),
    ...(month ? [managerOfTheMonthNotice(league, season, month.month, month.winners, month.points, now)] : []),
  ]
}
