// A shared card's social-preview tags: the worker writes them into the page for link unfurlers
// (worker/routes/share-page.ts), the SPA sets the same list when it shows the card
// (web/src/features/share/share-meta.ts).

import { membersText } from './tournaments'

export interface ShareMeta {
  title: string
  description: string
  image: string
  url: string
}

export type ShareMetaTag = readonly [attribute: 'name' | 'property', key: string, value: string]

export function shareMetaTags(meta: ShareMeta): ShareMetaTag[] {
  return [
    ['name', 'description', meta.description],
    ['property', 'og:type', 'article'],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', meta.description],
    ['property', 'og:image', meta.image],
    ['property', 'og:image:width', '1200'],
    ['property', 'og:image:height', '630'],
    ['property', 'og:url', meta.url],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', meta.title],
    ['name', 'twitter:description', meta.description],
    ['name', 'twitter:image', meta.image],
  ]
}

/**
 * The preview's description: "{description} ({league}, 7 members · 12 managers in the FPL league)".
 * Its counts are membersText, the words the card's image (worker/og/card.ts) and the share page
 * show for the same numbers: the tournament's members, and its FPL league's managers when known.
 */
export function shareDescription(description: string, leagueName: string, members: number, fplLeagueSize: number | null): string {
  return `${description} (${leagueName}, ${membersText(members, fplLeagueSize)})`
}
