/** Rank movement against the previous rank: ▲ / ▼ / – with the change said in words. */
export function Movement({ rank, lastRank }: { rank: number; lastRank: number | null | undefined }) {
  if (!lastRank || lastRank === rank) {
    return (
      <span className="movement movement--same" title="No change">
        <span aria-hidden="true">–</span>
        <span className="visually-hidden">No change</span>
      </span>
    )
  }
  const up = lastRank > rank
  const places = Math.abs(lastRank - rank)
  return (
    <span className={up ? 'movement movement--up' : 'movement movement--down'}>
      <span aria-hidden="true">{up ? '▲' : '▼'}</span>
      <span className="visually-hidden">{`${up ? 'Up' : 'Down'} ${places} ${places === 1 ? 'place' : 'places'}`}</span>
    </span>
  )
}
