import type { MyGameweekAnswer } from '../../../../contract/my-gameweek'
import { readStorage, writeStorage } from '../../lib/storage'
import { ordinal } from '../live/live-text'

// "Since your last visit": what this device saw of the manager's gameweek when it last showed the
// dashboard (localStorage, per user, as the greeting's mark), compared with the answer now. Per
// device: another phone's visit is not known here (decision 166). Nothing is said on a first visit.

interface Seen {
  gameweek: number | null
  /** Whether that gameweek had been played to the end (finished or checked). */
  finished: boolean
  /** Each table's place then, by tournament id. */
  places: Record<string, number | null>
}

const storageKey = (userId: number) => `gameweekSeen:${userId}`

const played = (answer: MyGameweekAnswer) => answer.status === 'finished' || answer.status === 'checked'

/** What this device stored at the user's last visit, or null (first visit, or unreadable). */
export function readLastVisit(userId: number): Seen | null {
  const raw = readStorage(storageKey(userId))
  if (!raw) return null
  try {
    const seen = JSON.parse(raw) as Partial<Seen> | null
    if (!seen || typeof seen.places !== 'object' || seen.places === null) return null
    return { gameweek: typeof seen.gameweek === 'number' ? seen.gameweek : null, finished: seen.finished === true, places: seen.places }
  } catch {
    return null
  }
}

/** Stores what the dashboard shows now, for the next visit to compare with. */
export function rememberVisit(userId: number, answer: MyGameweekAnswer): void {
  const seen: Seen = {
    gameweek: answer.gameweek,
    finished: played(answer),
    places: Object.fromEntries(answer.leagues.map((l) => [String(l.tournament_id), l.rank])),
  }
  writeStorage(storageKey(userId), JSON.stringify(seen))
}

const places = (n: number) => `${n} ${n === 1 ? 'place' : 'places'}`

/** The changes since the last visit, in the panel's order: the gameweek, then each table. */
export function changesSince(seen: Seen | null, answer: MyGameweekAnswer): string[] {
  if (!seen) return []
  const changes: string[] = []
  const gameweek = answer.gameweek
  if (seen.gameweek !== null && !seen.finished && gameweek !== null && (gameweek > seen.gameweek || (gameweek === seen.gameweek && played(answer)))) {
    changes.push(`GW ${seen.gameweek} finished.`)
  }
  for (const league of answer.leagues) {
    const key = String(league.tournament_id)
    if (!(key in seen.places)) {
      changes.push(`${league.name} is new in your list.`)
      continue
    }
    const before = seen.places[key]
    const now = league.rank
    if (before === null || before === undefined || now === null || before === now) continue
    const moved = now < before ? `up ${places(before - now)}` : `down ${places(now - before)}`
    changes.push(`${league.name}: ${moved}, now ${ordinal(now)}.`)
  }
  return changes
}
