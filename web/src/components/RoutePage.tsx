import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { PageLoading } from './PageLoading'
import { RouteErrorBoundary } from './RouteErrorBoundary'

/** The current route's page in a layout: loading while its code arrives, and its own error screen, reset on each new address. */
export function RoutePage({ pathname }: { pathname: string }) {
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  )
}
