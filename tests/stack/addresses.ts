/**
 * A new client address per call, from 198.18.0.0/15 (set aside for benchmarks: never a real
 * client). wrangler dev keeps the CF-Connecting-IP a client sends, so each request that carries
 * one counts against its own rate limits.
 */
export function addressSequence() {
  let count = 0
  return () => {
    count += 1
    return `198.18.${Math.floor(count / 250)}.${(count % 250) + 1}`
  }
}
