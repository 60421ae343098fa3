import { useEffect } from 'react'
import { HOME_TITLE, PRODUCT_NAME } from './product'

/** Sets the tab title to "<title> · <product>", or the home title when no title is given. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : HOME_TITLE
  }, [title])
}
