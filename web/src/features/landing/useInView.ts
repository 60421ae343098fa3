import { type RefObject, useEffect, useState } from 'react'

/**
 * True once the element comes within `rootMargin` of the viewport (and stays true). The landing
 * page uses it to load below-the-fold code and data only when they are about to be seen. Without
 * IntersectionObserver (no browser we support lacks it) nothing is loaded: the defaults stay.
 */
export function useInView(ref: RefObject<Element | null>, rootMargin = '200px'): boolean {
  const [seen, setSeen] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (seen || !element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true)
          observer.disconnect()
        }
      },
      { rootMargin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, rootMargin, seen])
  return seen
}
