import type { QueryClient } from '@tanstack/react-query'
import type { PageAnswers } from '../../../contract/page-answers'
import { seedLeagueData } from '../features/tournaments/detail/league-data'
import { emptyQueryClient } from './browser-query-client'

/**
 * A data cache with the app's defaults (browser-query-client.ts) and a page's own answers
 * (#page-answers) in it from the start: a server render's, and a test's.
 */
export function createQueryClient(answers: PageAnswers = {}): QueryClient {
  const client = emptyQueryClient()
  seedLeagueData(client, answers)
  return client
}
