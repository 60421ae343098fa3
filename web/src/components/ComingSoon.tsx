import { useId } from 'react'

/** A tidy "what this page will hold" card for screens whose content lands in a later issue. */
export function ComingSoon({ title = 'Coming up on this page', items }: { title?: string; items: string[] }) {
  const headingId = useId()
  return (
    <section className="card coming-soon" aria-labelledby={headingId}>
      <h2 id={headingId} className="coming-soon__title">
        <span className="badge badge--accent">In the works</span> {title}
      </h2>
      <ul className="coming-soon__list">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  )
}
