// The shared page's social-preview tags, set client-side too (the worker already writes them
// into the HTML for crawlers, which run no JavaScript: worker/routes/share-page.ts).

export interface ShareMeta {
  title: string
  description: string
  image: string
  url: string
}

type Tag = readonly [attribute: 'name' | 'property', key: string, value: string]

function tagsOf(meta: ShareMeta): Tag[] {
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
 * Writes (or adds) the tags in <head>; the returned function puts back what was there before,
 * so leaving the page does not leave its card's tags behind.
 */
export function applyShareMeta(meta: ShareMeta): () => void {
  const undo: (() => void)[] = []
  for (const [attribute, key, value] of tagsOf(meta)) {
    let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`)
    if (element) {
      const previous = element.getAttribute('content')
      const el = element
      undo.push(() => (previous === null ? el.removeAttribute('content') : el.setAttribute('content', previous)))
    } else {
      element = document.createElement('meta')
      element.setAttribute(attribute, key)
      document.head.append(element)
      const el = element
      undo.push(() => el.remove())
    }
    element.setAttribute('content', value)
  }
  return () => {
    for (const step of undo.reverse()) step()
  }
}
