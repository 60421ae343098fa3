/** Suspense fallback while a page's code loads: announced politely, spinner hidden from AT. */
export function PageLoading({ label = 'Loading page…' }: { label?: string }) {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  )
}
