import { BrowserRouter } from 'react-router'
import { AppProviderTree } from './AppProviderTree'
import { AppRoutes } from './AppRoutes'
import { appQueryClient } from './browser-query-client'
import { ConsentBanner } from './ConsentBanner'
import { PwaBridge } from './PwaBridge'

export function App() {
  return (
    <BrowserRouter>
      <AppProviderTree queryClient={appQueryClient()}>
        <AppRoutes />
        <PwaBridge />
        <ConsentBanner />
      </AppProviderTree>
    </BrowserRouter>
  )
}
