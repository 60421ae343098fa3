import { clockTime } from './live-text'
import type { SwingEntry } from './swing-feed'

/**
 * What changed at the last updates ("Watkins: appearance +2, ARS 1-0 CHE 34' — +2 for you"),
 * folded under its newest line so a phone reaches the table at once (decision 143); opened, every
 * kept update, newest first. An update that arrives while the page is open is announced politely
 * from the fold's line (a closed disclosure's content is not read out); the one the page opened
 * on is shown but never announced.
 */
export function SwingFeed({ entries }: { entries: readonly SwingEntry[] }) {
  const newest = entries[0]
  return (
    <details className="swing-feed">
      <summary className="swing-feed__summary">
        <span className="swing-feed__title">What changed</span>
        <span className="swing-feed__latest" aria-live="polite" data-testid="swing-feed-live">
          {newest?.fresh ? <Headline entry={newest} /> : null}
        </span>
        {newest && !newest.fresh ? (
          <span className="swing-feed__latest">
            <Headline entry={newest} />
          </span>
        ) : null}
        {entries.length === 0 ? <span className="swing-feed__latest muted">Nothing yet</span> : null}
      </summary>
      {entries.length > 0 ? (
        <ol className="swing-feed__list">
          {entries.map((entry) => (
            <li key={entry.at} className="swing-feed__entry">
              <Time at={entry.at} />
              <ul className="swing-feed__lines">
                {entry.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      ) : null}
    </details>
  )
}

function Headline({ entry }: { entry: SwingEntry }) {
  const more = entry.lines.length - 1
  return (
    <>
      <Time at={entry.at} /> {entry.lines[0]}
      {more > 0 ? ` (+${more} more)` : ''}
    </>
  )
}

function Time({ at }: { at: string }) {
  const date = new Date(at)
  return (
    <time className="swing-feed__time" dateTime={date.toISOString()}>
      {clockTime(date)}
    </time>
  )
}
