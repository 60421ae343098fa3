/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Product name shown in the interface (default "Banter Arena"). */
  readonly VITE_PRODUCT_NAME?: string
  /** Support address for the "Contact Support" link (default support@banterarena.app). */
  readonly VITE_SUPPORT_EMAIL?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
