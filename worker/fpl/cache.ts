import { log } from '../lib/log'

// The edge cache of upstream FPL responses, in KV.
//
// Each key holds the last good answer with the data version it belongs to (for example the
// gameweek state "12:checked") and when it was fetched. A read is fresh when the version
// matches and it is younger than its freshness window; otherwise the loader runs, and if the
// upstream fails the last good answer is served as stale rather than nothing.

export interface CachedValue<T> {
  version: string
  at: number
  data: T
}

export interface CacheResult<T> {
  data: T
  stale: boolean
  /** True when this call went upstream (a cache miss that succeeded). */
  fetched: boolean
  at: number
}

export interface CachePolicy {
  /** The data version the caller needs; a value of another version is stale. */
  version: string
  /** How long a value stays fresh; Infinity for answers that never change. */
  freshMs: number
}

// How long KV keeps a value past its freshness, as the stale fallback. KV's minimum is 60 s.
const KEEP_SECONDS = 14 * 24 * 3600

// One upstream call per key at a time in this isolate; concurrent readers share its promise.
const inflight = new Map<string, Promise<CacheResult<unknown>>>()
// KV accepts one write per second per key: a second write of the same version within the
// second adds nothing and is skipped (a new version is always written).
const lastWrite = new Map<string, { at: number; version: string }>()

export class FplCache {
  constructor(
    private readonly kv: KVNamespace,
    private readonly now: () => number = Date.now,
    /** Serve the last good answer when the upstream fails (reads), or fail (the refresh). */
    private readonly staleFallback = true,
  ) {}

  async read<T>(key: string): Promise<CachedValue<T> | null> {
    return this.kv.get<CachedValue<T>>(key, 'json')
  }

  /** Many keys in one KV operation (bulk get), for finalizing a refresh. */
  async readMany<T>(keys: string[]): Promise<Map<string, CachedValue<T> | null>> {
    const out = new Map<string, CachedValue<T> | null>()
    for (let i = 0; i < keys.length; i += 100) {
      const chunk = keys.slice(i, i + 100)
      const values = await this.kv.get<CachedValue<T>>(chunk, 'json')
      for (const key of chunk) out.set(key, values.get(key) ?? null)
    }
    return out
  }

  isFresh(value: CachedValue<unknown> | null, policy: CachePolicy): boolean {
    return !!value && value.version === policy.version && this.now() - value.at < policy.freshMs
  }

  /** `force` skips a fresh cached value (the stale fallback still applies). */
  async get<T>(key: string, policy: CachePolicy, load: () => Promise<T>, force = false): Promise<CacheResult<T>> {
    const existing = inflight.get(key)
    if (existing) return existing as Promise<CacheResult<T>>
    const pending = this.resolve(key, policy, load, force).finally(() => inflight.delete(key))
    inflight.set(key, pending)
    return pending
  }

  private async resolve<T>(key: string, policy: CachePolicy, load: () => Promise<T>, force: boolean): Promise<CacheResult<T>> {
    const cached = await this.read<T>(key)
    if (!force && cached && this.isFresh(cached, policy)) return { data: cached.data, stale: false, fetched: false, at: cached.at }
    try {
      const data = await load()
      const at = this.now()
      await this.write(key, { version: policy.version, at, data })
      return { data, stale: false, fetched: true, at }
    } catch (error) {
      if (cached && this.staleFallback) return { data: cached.data, stale: true, fetched: false, at: cached.at }
      throw error
    }
  }

  async write<T>(key: string, value: CachedValue<T>): Promise<void> {
    const now = this.now()
    const previous = lastWrite.get(key)
    if (previous && previous.version === value.version && now - previous.at < 1000) return
    lastWrite.set(key, { at: now, version: value.version })
    try {
      await this.kv.put(key, JSON.stringify(value), { expirationTtl: KEEP_SECONDS })
    } catch (error) {
      // A refused write (same-key rate, quota) costs freshness only, never the answer.
      log.warn('KV write failed', { key, error })
    }
  }
}
