import type { KeyboardEvent } from 'react'

export interface TabItem<T extends string> {
  id: T
  label: string
  icon?: string
}

export const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`
export const panelId = (prefix: string, id: string) => `${prefix}-panel-${id}`

/**
 * An ARIA tab list (automatic activation): arrows move between tabs, Home and End jump. The
 * panel is the caller's: give it `id={panelId(prefix, selected)}` and `aria-labelledby={tabId(prefix, selected)}`.
 */
export function TabList<T extends string>({
  tabs,
  selected,
  onSelect,
  label,
  prefix,
  className = '',
  columns,
}: {
  tabs: TabItem<T>[]
  selected: T
  onSelect: (id: T) => void
  label: string
  prefix: string
  className?: string
  columns?: number
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.findIndex((t) => t.id === selected)
    let next = -1
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = tabs.length - 1
    const target = tabs[next]
    if (!target) return
    event.preventDefault()
    onSelect(target.id)
    document.getElementById(tabId(prefix, target.id))?.focus()
  }

  return (
    <div className={`tab-list ${className}`.trim()} role="tablist" aria-label={label} data-columns={columns}>
      {tabs.map((t) => (
        <button
          key={t.id}
          id={tabId(prefix, t.id)}
          type="button"
          role="tab"
          className="tab-list__tab"
          aria-selected={t.id === selected}
          aria-controls={panelId(prefix, t.id)}
          tabIndex={t.id === selected ? 0 : -1}
          onClick={() => onSelect(t.id)}
          onKeyDown={onKeyDown}
        >
          {t.icon ? (
            <span className="tab-list__icon" aria-hidden="true">
              {t.icon}
            </span>
          ) : null}
          <span className="tab-list__label">{t.label}</span>
        </button>
      ))}
    </div>
  )
}
