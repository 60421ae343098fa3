// Security headers for every response: the worker sets them on what it answers, and the SPA
// build writes the same values into the static assets' `_headers` file (web/vite.config.ts),
// so pages served straight from the asset store carry them too.

const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  // React's style props become inline style attributes; scripts stay strictly same-origin.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'Content-Security-Policy': contentSecurityPolicy,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
}

// Pages whose URL carries a secret token must not leak it through the Referer header.
const TOKEN_PAGE_PATHS = ['/reset-password', '/verify-email', '/verification-success', '/unsubscribe'] as const

/** The static assets' `_headers` file (Cloudflare's format), built from the same values. */
export function assetHeadersFile(): string {
  const all = Object.entries(SECURITY_HEADERS).map(([name, value]) => `  ${name}: ${value}`)
  const tokenPages = TOKEN_PAGE_PATHS.map((path) => `${path}\n  Referrer-Policy: no-referrer`)
  return [`/*\n${all.join('\n')}`, ...tokenPages, ''].join('\n')
}
