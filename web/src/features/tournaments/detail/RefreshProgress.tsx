import { useId } from 'react'
import type { LeagueDetail } from '../types'

type Refresh = LeagueDetail['refresh']

// The stages of a tournament's first refresh (the worker's refresh job, decision 077), in order.
const STAGES = [
  { state: 'queued', label: 'Queued for its first refresh' },
  { state: 'fetching', label: 'Reading the standings from FPL' },
  { state: 'computing', label: 'Working out the monthly winners and banter' },
] as const

/** While the data is on its way, how often the page asks again (ms). */
const REFRESH_POLL_MS = { working: 2000, idle: 30000 } as const

/** How often to ask again while a tournament waits for its first data; false once it is there. */
export function refreshPollInterval(refresh: Refresh | undefined): number | false {
  if (!refresh || refresh.state === 'ready') return false
  return refresh.state === 'waiting' || refresh.state === 'failed' ? REFRESH_POLL_MS.idle : REFRESH_POLL_MS.working
}

/**
 * "Loading standings, winners and banter": a new tournament's page before its first refresh has
 * landed, with the stage it is at. The page asks again on its own and shows the data when it comes.
 */
export function RefreshProgress({ refresh }: { refresh: Refresh }) {
  const id = useId()
  if (refresh.state === 'ready') return null
  const current = STAGES.findIndex((s) => s.state === refresh.state)
  const note =
    refresh.state === 'waiting'
      ? 'The next refresh picks this tournament up within 10 minutes.'
      : refresh.state === 'failed'
        ? "FPL didn't answer this time. The next refresh, within 10 minutes, tries again."
        : 'This takes a few seconds. The page fills in by itself.'
  return (
    <section className="card refresh-progress" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="refresh-progress__title">
        <span className="spinner spinner--sm" aria-hidden="true" /> Loading standings, winners and banter...
      </h2>
      <progress className="refresh-progress__bar" max={STAGES.length} value={Math.max(current, 0)} aria-labelledby={`${id}-title`} />
      <ol className="refresh-progress__steps">
        {STAGES.map((stage, i) => {
          const status = current < 0 || i > current ? 'todo' : i < current ? 'done' : 'now'
          return (
            <li key={stage.state} className={`refresh-progress__step refresh-progress__step--${status}`} aria-current={status === 'now' ? 'step' : undefined}>
              <span aria-hidden="true">{status === 'done' ? '✓' : status === 'now' ? '•' : '○'} </span>
              {stage.label}
              {stage.state === 'fetching' && status === 'now' && refresh.pages_fetched > 0
                ? ` (${refresh.pages_fetched} ${refresh.pages_fetched === 1 ? 'page' : 'pages'} so far)`
                : null}
            </li>
          )
        })}
      </ol>
      <p className="muted refresh-progress__note" role="status">
        {STAGES[current]?.label ?? (refresh.state === 'waiting' ? 'Waiting for the next refresh' : 'Refresh failed')}. {note}
      </p>
    </section>
  )
}
