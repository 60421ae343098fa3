import type { QueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { readPageAnswers } from '../lib/page-answers'
import { AppProviderTree } from './AppProviderTree'
import { createQueryClient } from './query-client'

/**
 * Every app-wide provider (AppProviderTree). Must be rendered inside a router (the auth dialog
 * follows the location). Tests wrap it in a MemoryRouter. The data cache is the given client (a
 * server render's own), else a new one seeded with the page's answers: each test's render starts
 * with an empty cache.
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient(readPageAnswers()))
  return <AppProviderTree queryClient={client}>{children}</AppProviderTree>
}
