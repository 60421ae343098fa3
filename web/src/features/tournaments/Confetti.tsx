import { type CSSProperties, useMemo } from 'react'

const COLORS = ['#3ddc97', '#b79cff', '#fbbf24', '#f472b6', '#60a5fa', '#ffffff']

/**
 * A burst of CSS confetti (no library): pieces fall once and are purely decorative. Hidden
 * entirely when the user prefers reduced motion (see styles/confetti.css).
 */
export function Confetti({ pieces = 80 }: { pieces?: number }) {
  const bits = useMemo(
    () =>
      Array.from({ length: pieces }, (_, i) => ({
        left: Math.random() * 100,
        delay: Math.random() * 0.6,
        duration: 2.2 + Math.random() * 1.6,
        drift: (Math.random() - 0.5) * 160,
        spin: 360 + Math.random() * 720,
        color: COLORS[i % COLORS.length],
        round: i % 3 === 0,
      })),
    [pieces],
  )
  return (
    <div className="confetti" aria-hidden="true" data-testid="confetti">
      {bits.map((b, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces are made once and never reorder; their position is their identity
          key={i}
          className={b.round ? 'confetti__piece confetti__piece--round' : 'confetti__piece'}
          style={
            {
              left: `${b.left}%`,
              background: b.color,
              animationDelay: `${b.delay}s`,
              animationDuration: `${b.duration}s`,
              '--drift': `${b.drift}px`,
              '--spin': `${b.spin}deg`,
            } as CSSProperties
          }
        />
      ))}
    </div>
  )
}
