import { type ComponentProps, lazy, Suspense } from 'react'

// Loaded when someone starts verifying: most visits never do.
const TeamVerification = lazy(() => import('./TeamVerification'))

/** The verification panel, fetched on demand, with a loading line meanwhile. */
export function LazyTeamVerification(props: ComponentProps<typeof TeamVerification>) {
  return (
    <Suspense
      fallback={
        <p className="inline-loading" role="status">
          <span className="spinner spinner--sm" aria-hidden="true" /> Loading...
        </p>
      }
    >
      <TeamVerification {...props} />
    </Suspense>
  )
}
