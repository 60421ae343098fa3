// The landing hero's words, in one place: the page renders them, and the build writes them into
// index.html (web/prepaint.ts) so a phone paints the hero before the JavaScript has arrived.

export const HERO_COPY = {
  eyebrow: 'Fantasy Premier League · mini-league companion',
  titleLead: 'Turn your FPL mini-league into a ',
  titleHighlight: 'banter arena',
  lede: 'Live standings, Manager of the Month and brutally honest banter stats for you and your mates. Free, fan-made, and built for bragging rights.',
} as const
