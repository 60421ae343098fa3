// A shared card's social-preview tags: the worker writes them into the page for link unfurlers
// (worker/routes/share-page.ts), the SPA sets the same list when it shows the card
// (web/src/features/share/share-meta.ts).

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
