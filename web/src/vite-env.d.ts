/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Product name shown in the interface (default "Banter Arena"). */
  readonly VITE_PRODUCT_NAME?: string
  /** Support address for the "Contact Support" link (default support@banterarena.app). */
  readonly VITE_SUPPORT_EMAIL?: string
  /** GA4 measurement id ("G-…"). Unset (the default): no analytics at all. See web/README.md. */
  readonly VITE_GA_MEASUREMENT_ID?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
