import { pageWindow } from './standings-math'

/** The standings' page buttons: previous, a window of page numbers, next. */
export function StandingsPagination({
  page,
  totalPages,
  hasPrevious,
  hasNext,
  onPage,
  disabled = false,
}: {
  page: number
  totalPages: number
  hasPrevious: boolean
  hasNext: boolean
  onPage: (page: number) => void
  disabled?: boolean
}) {
  return (
    <nav className="pagination" aria-label="Standings pages">
      <button type="button" className="pagination__button" onClick={() => onPage(page - 1)} disabled={disabled || !hasPrevious || page <= 1}>
        <span aria-hidden="true">‹</span> Previous
      </button>
      <ul className="pagination__pages">
        {pageWindow(page, totalPages).map((n) => (
          <li key={n}>
            <button
              type="button"
              className="pagination__button pagination__page"
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Page ${n}`}
              onClick={() => n !== page && onPage(n)}
              disabled={disabled}
            >
              {n}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="pagination__button" onClick={() => onPage(page + 1)} disabled={disabled || !hasNext || page >= totalPages}>
        Next <span aria-hidden="true">›</span>
      </button>
    </nav>
  )
}
