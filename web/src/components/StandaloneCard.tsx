import type { ReactNode } from 'react'

/** A screen of its own (a link's outcome, an error, an invite): a centred card under a big icon. */
export function StandaloneCard({ icon, wide = false, children }: { icon: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'card standalone-card standalone-card--wide' : 'card standalone-card'}>
      <p className="standalone-card__icon" aria-hidden="true">
        {icon}
      </p>
      {children}
    </div>
  )
}
