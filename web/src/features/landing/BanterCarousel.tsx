import { type CarouselCard, carouselCards, usePublicStats } from './public-stats'
import '../../styles/carousel.css'

/**
 * The landing page's live banter: two rows of stat cards looping sideways (25 s and 20 s),
 * paused on hover or focus and standing still (scrollable) with prefers-reduced-motion.
 * Loaded on demand: it is not part of the entry chunk.
 */
export default function BanterCarousel() {
  const data = usePublicStats()

  const cards = carouselCards(data)
  const live = cards.length > 0 && !cards[0]?.placeholder
  const half = Math.ceil(cards.length / 2)
  const rows = [cards.slice(0, half), cards.slice(half)].filter((r) => r.length > 0)

  return (
    <div className="carousel" data-live={live} aria-busy={data === null || undefined}>
      <p className="carousel__status">
        {data === null ? 'Loading live banter…' : live ? 'Live from our tournaments' : 'Coming Soon: live stats land after the next gameweek.'}
      </p>
      {rows.map((row, i) => (
        <div key={i === 0 ? 'a' : 'b'} className={`carousel__row carousel__row--${i === 0 ? 'a' : 'b'}`}>
          <ul className="carousel__track" aria-label={i === 0 ? 'Banter stats' : 'More banter stats'}>
            {row.map((card) => (
              <Card key={card.key} card={card} />
            ))}
            {/* The second copy makes the loop seamless; it is hidden from assistive tech. */}
            {row.map((card) => (
              <Card key={`${card.key}-copy`} card={card} copy />
            ))}
          </ul>
        </div>
      ))}
    </div>
  )
}

function Card({ card, copy = false }: { card: CarouselCard; copy?: boolean }) {
  return (
    <li
      className={card.placeholder ? 'carousel-card carousel-card--placeholder' : 'carousel-card'}
      aria-hidden={copy || undefined}
      data-stat={copy ? undefined : card.key}
    >
      <span className="carousel-card__emoji" aria-hidden="true">
        {card.emoji}
      </span>
      <span className="carousel-card__title">{card.title}</span>
      <span className="carousel-card__name">{card.name}</span>
      {card.value ? <span className="carousel-card__value">{card.value}</span> : null}
      <span className="carousel-card__description">{card.description}</span>
      {card.source ? <span className="carousel-card__source">{card.source}</span> : null}
    </li>
  )
}
