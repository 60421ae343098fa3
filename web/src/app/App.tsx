import { BrowserRouter } from 'react-router'
import { PwaBridge } from '../features/pwa/PwaBridge'
import { AppProviders } from './AppProviders'
import { AppRoutes } from './AppRoutes'
import { ConsentBanner } from './ConsentBanner'
import { appQueryClient } from './query-client'

export function App() {
  return (
    <BrowserRouter>
      <AppProviders queryClient={appQueryClient()}>
        <AppRoutes />
        <PwaBridge />
        <ConsentBanner />
      </AppProviders>
    </BrowserRouter>
  )
}
