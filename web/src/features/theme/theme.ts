import { readStorage } from '../../lib/storage'

export type Theme = 'light' | 'dark'

/** localStorage key; web/public/theme-init.js uses the same key before first paint. */
export const THEME_STORAGE_KEY = 'banter-arena-theme'
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)'

const isTheme = (value: unknown): value is Theme => value === 'light' || value === 'dark'

export function readStoredTheme(): Theme | null {
  const stored = readStorage(THEME_STORAGE_KEY)
  return isTheme(stored) ? stored : null
}

function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(DARK_SCHEME_QUERY).matches
}

/** The stored choice wins; otherwise the system's dark preference decides. */
export function resolveInitialTheme(): Theme {
  return readStoredTheme() ?? (systemPrefersDark() ? 'dark' : 'light')
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme
}
