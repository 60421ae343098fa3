import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { AuthDialogProvider } from '../features/auth/AuthDialogProvider'
import { AuthProvider } from '../features/auth/AuthProvider'
import { ThemeProvider } from '../features/theme/ThemeProvider'
import { ToastProvider } from '../features/toast/ToastProvider'
import { AnalyticsBridge } from './AnalyticsBridge'
import { ApiBridge } from './ApiBridge'

/**
 * Every app-wide provider, in dependency order, around the given data cache. Must be rendered
 * inside a router (the auth dialog follows the location). The browser's app (App.tsx) renders it
 * with its own client; AppProviders makes one for a server render or a test.
 */
export function AppProviderTree({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
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
