// The web app manifest (issue 17): what makes the app installable. Built into
// /manifest.webmanifest by web/vite.config.ts with the product's configured name; the icons are
// drawn by web/scripts/icons.ts.

export const ANY_ICON_SIZES = [48, 72, 96, 128, 144, 192, 256, 384, 512] as const
export const MASKABLE_ICON_SIZES = [192, 512] as const

const png = (src: string, size: number, purpose?: 'any' | 'maskable') => ({ src, sizes: `${size}x${size}`, type: 'image/png', ...(purpose ? { purpose } : {}) })

export function webManifest(productName: string) {
  return {
    id: '/',
    name: productName,
    short_name: productName,
    description: 'Your FPL mini-league, live: standings, Manager of the Month, banter awards and the league wall.',
    // Opened from the home screen, the app starts where a signed-in manager lives.
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    // The light theme's page and brand colours (web/src/styles/tokens.css, index.html's theme-color);
    // the dark theme's bar colour comes from index.html's media-specific theme-color.
    background_color: '#f6f5fa',
    theme_color: '#0b6b3a',
    categories: ['sports', 'social'],
    icons: [
      ...ANY_ICON_SIZES.map((size) => png(`/icons/icon-${size}.png`, size, 'any')),
      ...MASKABLE_ICON_SIZES.map((size) => png(`/icons/maskable-${size}.png`, size, 'maskable')),
    ],
    shortcuts: [
      { name: 'My tournaments', url: '/dashboard', icons: [png('/icons/icon-96.png', 96)] },
      { name: 'All tournaments', url: '/tournaments', icons: [png('/icons/icon-96.png', 96)] },
    ],
  }
}
