declare namespace Cloudflare {
  interface Env {
    // The og project in vitest.config.ts: the committed golden card.
    GOLDEN_PNG: ArrayBuffer
  }
}
