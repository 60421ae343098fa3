import type { ReactNode } from 'react'
import { AuthDialogProvider } from '../features/auth/AuthDialogProvider'
import { AuthProvider } from '../features/auth/AuthProvider'
import { CookieConsentBanner } from '../features/consent/CookieConsentBanner'
import { ThemeProvider } from '../features/theme/ThemeProvider'
import { ToastProvider } from '../features/toast/ToastProvider'
import { AnalyticsBridge } from './AnalyticsBridge'
import { ApiBridge } from './ApiBridge'

/**
 * Every app-wide provider, in dependency order. Must be rendered inside a router
 * (the auth dialog follows the location). Tests wrap it in a MemoryRouter.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      <ToastProvider>
        <AuthProvider>
          <AuthDialogProvider>
            <ApiBridge />
            <AnalyticsBridge />
            {children}
            <CookieConsentBanner />
          </AuthDialogProvider>
        </AuthProvider>
      </ToastProvider>
    </ThemeProvider>
  )
}
