// The shared page's social-preview tags, set client-side too (the worker already writes them
// into the HTML for crawlers, which run no JavaScript: worker/routes/share-page.ts). Both take
// the list from contract/share-meta.ts.

import { type ShareMeta, shareMetaTags } from '../../../../contract/share-meta'

/**
 * Writes (or adds) the tags in <head>; the returned function puts back what was there before,
 * so leaving the page does not leave its card's tags behind.
 */
export function applyShareMeta(meta: ShareMeta): () => void {
  const undo: (() => void)[] = []
  for (const [attribute, key, value] of shareMetaTags(meta)) {
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
