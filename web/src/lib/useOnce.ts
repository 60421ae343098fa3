// Single-use links (email verification) must be redeemed exactly once, even when React runs an
// effect twice (StrictMode) or the page re-mounts: the first call's promise is shared by key.

const pending = new Map<string, Promise<unknown>>()

/** Runs `task` once per key for the life of the page; later calls get the same promise (until it fails). */
export function once<T>(key: string, task: () => Promise<T>): Promise<T> {
  let promise = pending.get(key) as Promise<T> | undefined
  if (!promise) {
    promise = task()
    pending.set(key, promise)
    // A failed attempt may be retried later (e.g. after a network error).
    promise.catch(() => pending.delete(key))
  }
  return promise
}

/** Forgets every key (tests). */
export function resetOnce(): void {
  pending.clear()
}
