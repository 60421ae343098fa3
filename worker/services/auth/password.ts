// argon2id password hashing inside workerd. The reference C implementation (libargon2) is
// used as the SIMD WebAssembly build that @phi-ag/argon2 ships. Workers refuse to compile
// WebAssembly from bytes at run time, so the .wasm file is imported statically: the bundler
// turns it into a WebAssembly.Module. The package's JS wrapper is not used, because it passes
// `password.length` (UTF-16 code units) as the byte length of the UTF-8 password and so hashes
// a truncated password whenever it holds non-ASCII characters. The binding below passes the
// real byte length, and the resulting PHC strings match @node-rs/argon2 in both directions.
import argon2Wasm from '@phi-ag/argon2/argon2.wasm'
import { passwordLength } from '../../../contract/account-rules'
import { ApiError } from '../../lib/errors'

/** Longest password accepted, in characters as passwordLength counts them. */
export const MAX_PASSWORD_LENGTH = 128

// At most this many requests per isolate that hash or check a password (sign-in, registration,
// reset, change), from their start to their answer. A hash takes the isolate's CPU for tens of
// milliseconds and the calls are synchronous, so under sustained sign-ins the requests queued for
// the CPU without bound (a p95 of 50 s was measured). Beyond the cap a request is answered at once
// with 503 and Retry-After, and the client tries again; the waits of the admitted stay short.
export const MAX_PASSWORD_WORK = 8
const BUSY_RETRY_AFTER_SECONDS = 2
let passwordWork = 0

/** Runs a request's password work within the cap; 503 `busy` when it is full. */
export async function withPasswordSlot<T>(work: () => Promise<T>): Promise<T> {
  if (passwordWork >= MAX_PASSWORD_WORK) {
    throw new ApiError(503, 'The server is busy. Please try again in a few seconds.', {
      code: 'busy',
      headers: { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) },
    })
  }
  passwordWork++
  try {
    return await work()
  } finally {
    passwordWork--
  }
}

// OWASP's argon2id recommendation: 19 MiB, 2 passes, 1 lane.
const MEMORY_KIB = 19456
const TIME_COST = 2
const PARALLELISM = 1
const SALT_BYTES = 16
const HASH_BYTES = 32
const ARGON2ID = 2
const VERSION_13 = 0x13

// Verified for a login to an account that does not exist, so that the reply takes as long as a
// wrong password for a real one (the password of this hash was random and thrown away).
export const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$CGd/WOMzhBNqhnBxEDiHdw$0rgEXw0MbKGr8pXmtJtXud2xmoCuARg+NVLd9OXGpHc'

// Stored hashes are only checked against this shape before reaching the C decoder. The caps
// bound the damage of a corrupted row: the wasm memory may grow to 2 GiB, far past the isolate's
// 128 MB, and a huge `t` would burn CPU. They leave room to raise the parameters later.
const PHC = /^\$argon2id\$v=19\$m=(\d{1,7}),t=(\d{1,3}),p=(\d{1,2})\$[A-Za-z0-9+/]{11,}\$[A-Za-z0-9+/]{6,}$/
const MAX_VERIFY_MEMORY_KIB = 65536
const MAX_VERIFY_TIME_COST = 10
const MAX_VERIFY_PARALLELISM = 8

interface Argon2Exports {
  memory: WebAssembly.Memory
  _initialize(): void
  malloc(size: number): number
  free(ptr: number): void
  argon2_hash(
    t: number,
    m: number,
    p: number,
    pwd: number,
    pwdlen: number,
    salt: number,
    saltlen: number,
    hash: number,
    hashlen: number,
    encoded: number,
    encodedlen: number,
    type: number,
    version: number,
  ): number
  argon2_verify(encoded: number, pwd: number, pwdlen: number, type: number): number
  argon2_encodedlen(t: number, m: number, p: number, saltlen: number, hashlen: number, type: number): number
  argon2_error_message(code: number): number
}

// One instance per isolate, created on first use so start-up stays cheap. Its memory keeps the
// ~19 MiB high-water mark of a hash; calls are synchronous, so they never interleave.
let instance: Argon2Exports | undefined
function argon2(): Argon2Exports {
  if (!instance) {
    const exports = new WebAssembly.Instance(argon2Wasm).exports as unknown as Argon2Exports
    exports._initialize()
    instance = exports
  }
  return instance
}

const encoder = new TextEncoder()

// Copies bytes into wasm memory, runs `use`, then wipes and frees them. Views on the memory are
// taken fresh each time: malloc and argon2 itself may grow (and so detach) the buffer.
function withBytes<T>(wasm: Argon2Exports, bytes: Uint8Array, use: (ptr: number) => T): T {
  const ptr = wasm.malloc(Math.max(bytes.length, 1))
  if (!ptr) throw new Error('argon2: out of memory')
  new Uint8Array(wasm.memory.buffer, ptr, bytes.length).set(bytes)
  try {
    return use(ptr)
  } finally {
    new Uint8Array(wasm.memory.buffer, ptr, bytes.length).fill(0)
    wasm.free(ptr)
  }
}

function cString(wasm: Argon2Exports, ptr: number): string {
  const heap = new Uint8Array(wasm.memory.buffer)
  const end = heap.indexOf(0, ptr)
  return new TextDecoder().decode(heap.subarray(ptr, end))
}

/** An argon2id PHC string for the password (OWASP parameters, random 16-byte salt). */
export async function hashPassword(password: string): Promise<string> {
  // Callers validate the length first; this guard keeps a missed check from hashing megabytes.
  if (passwordLength(password) > MAX_PASSWORD_LENGTH) throw new RangeError(`Password longer than ${MAX_PASSWORD_LENGTH} characters`)
  const wasm = argon2()
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES))
  const encodedLength = wasm.argon2_encodedlen(TIME_COST, MEMORY_KIB, PARALLELISM, SALT_BYTES, HASH_BYTES, ARGON2ID)
  const pwd = encoder.encode(password)
  return withBytes(wasm, pwd, (pwdPtr) =>
    withBytes(wasm, salt, (saltPtr) =>
      withBytes(wasm, new Uint8Array(encodedLength), (encodedPtr) => {
        // hash = NULL: only the encoded string is wanted.
        const code = wasm.argon2_hash(
          TIME_COST,
          MEMORY_KIB,
          PARALLELISM,
          pwdPtr,
          pwd.length,
          saltPtr,
          SALT_BYTES,
          0,
          HASH_BYTES,
          encodedPtr,
          encodedLength,
          ARGON2ID,
          VERSION_13,
        )
        if (code !== 0) throw new Error(`argon2: ${cString(wasm, wasm.argon2_error_message(code))}`)
        return cString(wasm, encodedPtr)
      }),
    ),
  )
}

/**
 * Whether the password matches the PHC string. libargon2 compares the hashes in constant time.
 * Anything unusable (malformed, another algorithm, out-of-range parameters) is simply false.
 */
export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  const params = PHC.exec(phc)
  if (!params || passwordLength(password) > MAX_PASSWORD_LENGTH) return false
  const [m, t, p] = params.slice(1).map(Number) as [number, number, number]
  if (m > MAX_VERIFY_MEMORY_KIB || t > MAX_VERIFY_TIME_COST || p > MAX_VERIFY_PARALLELISM) return false
  try {
    const wasm = argon2()
    const pwd = encoder.encode(password)
    return withBytes(wasm, encoder.encode(`${phc}\0`), (encodedPtr) =>
      withBytes(wasm, pwd, (pwdPtr) => wasm.argon2_verify(encodedPtr, pwdPtr, pwd.length, ARGON2ID) === 0),
    )
  } catch {
    return false
  }
}
