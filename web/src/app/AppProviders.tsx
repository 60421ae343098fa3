import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { AuthDialogProvider } from '../features/auth/AuthDialogProvider'
import { AuthProvider } from '../features/auth/AuthProvider'
import { ThemeProvider } from '../features/theme/ThemeProvider'
import { ToastProvider } from '../features/toast/ToastProvider'
import { readPageAnswers } from '../lib/page-answers'
import { AnalyticsBridge } from './AnalyticsBridge'
import { ApiBridge } from './ApiBridge'
import { createQueryClient } from './query-client'

/**
 * Every app-wide provider, in dependency order. Must be rendered inside a router
 * (the auth dialog follows the location). Tests wrap it in a MemoryRouter. The data cache is the
 * given client (the browser's, a server render's own), else a new one seeded with the page's
 * answers: each test's render starts with an empty cache.
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient(readPageAnswers()))
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>
        <ToastProvider>
          <AuthProvider>
            <AuthDialogProvider>
              <ApiBridge />
              <AnalyticsBridge />
              {children}
            </AuthDialogProvider>
          </AuthProvider>
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>
  )
}
