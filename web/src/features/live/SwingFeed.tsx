import { clockTime } from './live-text'
import type { SwingEntry } from './swing-feed'

/**
 * What changed at the last updates ("Salah goal: +16 for Priya (C), +8 for Tom; you drop to 4th"),
 * newest first. Updates that arrive while the page is open are announced politely; the one the
 * page opened on is shown but never announced.
 */
export function SwingFeed({ entries }: { entries: readonly SwingEntry[] }) {
  const fresh = entries.filter((e) => e.fresh)
  const earlier = entries.filter((e) => !e.fresh)
  return (
    <section className="swing-feed" aria-labelledby="swing-feed-title">
      <h3 id="swing-feed-title" className="swing-feed__title">
        What changed
      </h3>
      <ol className="swing-feed__list" aria-live="polite" data-testid="swing-feed-live">
        {fresh.map((entry) => (
          <Entry key={entry.at} entry={entry} />
        ))}
      </ol>
      {earlier.length > 0 ? (
        <ol className="swing-feed__list">
          {earlier.map((entry) => (
            <Entry key={entry.at} entry={entry} />
          ))}
        </ol>
      ) : null}
    </section>
  )
}

function Entry({ entry }: { entry: SwingEntry }) {
  const at = new Date(entry.at)
  return (
    <li className="swing-feed__entry">
      <time className="swing-feed__time" dateTime={at.toISOString()}>
        {clockTime(at)}
      </time>
      <ul className="swing-feed__lines">
        {entry.lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </li>
  )
}
