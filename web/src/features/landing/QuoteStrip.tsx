/** Sample community quotes (static content), scrolling sideways. */
const QUOTES = [
  { text: 'Captained the keeper "as a differential". Never again.', who: 'Sunday League' },
  { text: 'The wooden spoon is getting engraved this year.', who: 'Office Five-a-Side' },
  { text: '31 points on the bench and I still won the month.', who: 'Uni Mates FPL' },
  { text: 'Manager of the Month, three in a row. Bow down.', who: 'The Pub Quiz Crew' },
  { text: 'Took a -12 hit. The banter stats will not let me forget.', who: 'Family League' },
  { text: 'Finally a reason to care in February.', who: 'Dads Who FPL' },
]

export function QuoteStrip() {
  return (
    <section className="quote-strip" aria-label="What managers say">
      <ul className="quote-strip__track">
        {/* The second copy makes the loop seamless; it is hidden from assistive tech. */}
        {[false, true].flatMap((copy) =>
          QUOTES.map((q) => (
            <li key={copy ? `${q.who}-copy` : q.who} className="quote" aria-hidden={copy || undefined}>
              <span className="quote__text">“{q.text}”</span>
              <span className="quote__who">{q.who}</span>
            </li>
          )),
        )}
      </ul>
    </section>
  )
}
