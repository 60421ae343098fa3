import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'

/**
 * An insight view's answer as the Live tab shows its own: a spinner while the first read runs, the
 * failure with a retry (what was shown stays), then the view.
 */
export function InsightLoad<T>({ query, what, children }: { query: UseQueryResult<T>; what: string; children: (data: T) => ReactNode }) {
  const { data, isPending, isError, refetch } = query
  return (
    <>
      {isPending ? (
        <p className="inline-loading" role="status">
          <span className="spinner spinner--sm" aria-hidden="true" /> Loading {what}...
        </p>
      ) : null}
      {isError ? (
        <p className="form-message form-message--info live-failure">
          The {what} could not be loaded.{' '}
          <button type="button" className="link-button" onClick={() => void refetch()}>
            Try again
          </button>
        </p>
      ) : null}
      {data === undefined ? null : children(data)}
    </>
  )
}
