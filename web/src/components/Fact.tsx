import type { ReactNode } from 'react'

/** One term and its value in a `<dl className="facts">`. */
export function Fact({ term, valueClassName, children }: { term: ReactNode; valueClassName?: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  )
}
