import { useId, useState } from 'react'
import type { LiveStandingRow } from '../../../../contract/live'
import { panelId, type TabItem, TabList, tabId } from '../../components/TabList'
import { InsightBattle } from './InsightBattle'
import { InsightGlance } from './InsightGlance'
import { InsightOwnership } from './InsightOwnership'
import { useAutoSubs } from './useInsight'
import '../../styles/live-insight.css'

type InsightView = 'ownership' | 'battle' | 'glance'

const VIEWS: TabItem<InsightView>[] = [
  { id: 'ownership', label: 'Ownership' },
  { id: 'battle', label: 'Battle' },
  { id: 'glance', label: 'At a glance' },
]

const PREFIX = 'insight'

export interface LeagueInsightProps {
  leagueId: string
  /** The live table's rows on screen (the battle's rivals). */
  rows: readonly LiveStandingRow[]
  /** The viewer's team is in the live table. */
  inTable: boolean
  /** The time of the live table's data: a newer table re-reads the open view. */
  tableUpdatedAt: string | null
}

/**
 * The Live tab's league insight (contract/live-insight.ts): the league's ownership, the viewer
 * against a rival and the gameweek at a glance, one view at a time, re-read with the live table.
 * The projected auto-subs switch is this device's. Loaded on demand, with the live table.
 */
export default function LeagueInsight({ leagueId, rows, inTable, tableUpdatedAt }: LeagueInsightProps) {
  const [view, setView] = useState<InsightView>('ownership')
  const [rival, setRival] = useState<number | null>(null)
  const [autoSubs, toggleAutoSubs] = useAutoSubs()
  const id = useId()
  const common = { leagueId, autoSubs, tableUpdatedAt }
  return (
    <section className="card live-insight" aria-labelledby={`${id}-title`}>
      <div className="live-insight__head">
        <h2 id={`${id}-title`} className="live-insight__title">
          League insight
        </h2>
        <button type="button" role="switch" aria-checked={autoSubs} aria-describedby={`${id}-hint`} className="refresh-toggle" onClick={toggleAutoSubs}>
          <span className="refresh-toggle__track" aria-hidden="true">
            <span className="refresh-toggle__thumb" />
          </span>
          Projected auto-subs
        </button>
      </div>
      <p id={`${id}-hint`} className="muted live-insight__hint">
        Counts the substitutions FPL will make for starters who do not play (and the vice-captain's armband) before it makes them. Remembered on this device.
      </p>
      <TabList tabs={VIEWS} selected={view} onSelect={setView} label="League insight views" prefix={PREFIX} className="live-insight__tabs" />
      <div id={panelId(PREFIX, view)} role="tabpanel" aria-labelledby={tabId(PREFIX, view)} className="live-insight__panel">
        {view === 'ownership' ? <InsightOwnership {...common} /> : null}
        {view === 'battle' ? <InsightBattle {...common} rows={rows} inTable={inTable} rival={rival} onRival={setRival} /> : null}
        {view === 'glance' ? <InsightGlance {...common} /> : null}
      </div>
    </section>
  )
}
