/** The configurable product name (`{product}` in the product's texts, decision 181 R8). */
export const PRODUCT_NAME: string = import.meta.env.VITE_PRODUCT_NAME ?? 'Banter Arena'

/** Where "Contact Support" mails go. */
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL ?? 'support@banterarena.app'

export const SUPPORT_MAILTO = `mailto:${SUPPORT_EMAIL}`

/** Tab title of the landing page (index.html carries the same text for the first paint). */
export const HOME_TITLE = `${PRODUCT_NAME} · Turn your FPL mini-league into a banter arena`
