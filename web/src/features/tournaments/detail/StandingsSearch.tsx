import { useEffect, useState } from 'react'
import { DEBOUNCE_MS, STANDINGS_SEARCH_MAX_LENGTH } from '../constants'

/**
 * The search box: finds managers and teams by name across the whole league (the server
 * searches). What is typed is searched 500 ms after the last key, or at once with Enter.
 */
export function StandingsSearch({ search, onSearch }: { search: string; onSearch: (text: string) => void }) {
  const [draft, setDraft] = useState(search)
  // Back, forward or "Your position" change the search from outside: the box follows.
  const [shown, setShown] = useState(search)
  if (shown !== search) {
    setShown(search)
    setDraft(search)
  }
  const wanted = draft.trim()
  useEffect(() => {
    if (wanted === search) return
    const timer = setTimeout(() => onSearch(wanted), DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [wanted, search, onSearch])

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 (and to jsdom); a form with role="search" is the landmark everywhere.
    <form
      role="search"
      className="standings-search"
      onSubmit={(event) => {
        event.preventDefault()
        if (wanted !== search) onSearch(wanted)
      }}
    >
      <label htmlFor="standings-search" className="standings-search__label">
        Find a manager or team
      </label>
      <div className="standings-search__row">
        <input
          id="standings-search"
          className="input standings-search__input"
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          maxLength={STANDINGS_SEARCH_MAX_LENGTH}
          placeholder="Name or team name"
          autoComplete="off"
          enterKeyHint="search"
        />
        {search ? (
          <button
            type="button"
            className="button button--ghost button--sm"
            onClick={() => {
              setDraft('')
              onSearch('')
            }}
          >
            Clear search
          </button>
        ) : null}
      </div>
    </form>
  )
}
