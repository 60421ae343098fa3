declare namespace Cloudflare {
  interface Env {
    // tests/og/vitest.config.ts: the committed golden card.
    GOLDEN_PNG: ArrayBuffer
  }
}
