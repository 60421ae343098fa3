import { describe, expect, it } from 'vitest'
import { DUMMY_HASH, hashPassword, MAX_PASSWORD_LENGTH, verifyPassword } from '../../worker/services/auth/password'
import nodeRs from '../fixtures/argon2-node-rs.json'

// argon2id in workerd through the statically imported wasm. The other direction (hashes made
// here, verified by @node-rs/argon2) is tests/unit/argon2-cross-check.test.ts.

const PHC = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/

describe('hashPassword', () => {
  it('produces an argon2id PHC string with the OWASP parameters and a fresh salt', async () => {
    const a = await hashPassword('correct horse battery staple')
    const b = await hashPassword('correct horse battery staple')
    expect(a).toMatch(PHC) // 16-byte salt = 22 base64 chars, 32-byte hash = 43
    expect(b).toMatch(PHC)
    expect(a.split('$')[4]).not.toBe(b.split('$')[4])
    expect(a).not.toBe(b)
  })

  it('verifies the right password and rejects others', async () => {
    const phc = await hashPassword('hunter2-but-longer')
    expect(await verifyPassword(phc, 'hunter2-but-longer')).toBe(true)
    expect(await verifyPassword(phc, 'hunter2-but-longeR')).toBe(false)
    expect(await verifyPassword(phc, 'hunter2-but-longer ')).toBe(false)
    expect(await verifyPassword(phc, '')).toBe(false)
  })

  it('hashes unicode as UTF-8 bytes, all of them', async () => {
    // A wrapper that used string length as byte length would ignore the tail of these.
    const password = 'pässwörd 🔐 密码'
    const phc = await hashPassword(password)
    expect(await verifyPassword(phc, password)).toBe(true)
    expect(await verifyPassword(phc, 'pässwörd 🔐 密')).toBe(false)
    expect(await verifyPassword(phc, password.normalize('NFD'))).toBe(false)
  })

  it('refuses passwords over MAX_PASSWORD_LENGTH, accepts exactly that many', async () => {
    const max = 'a'.repeat(MAX_PASSWORD_LENGTH)
    expect(await verifyPassword(await hashPassword(max), max)).toBe(true)
    await expect(hashPassword(`${max}a`)).rejects.toThrow(RangeError)
    await expect(hashPassword('x'.repeat(1_000_000))).rejects.toThrow(RangeError)
  })
})

describe('verifyPassword', () => {
  it.each(nodeRs.hashes)('verifies a hash made by @node-rs/argon2: $phc', async ({ password, phc }) => {
    expect(await verifyPassword(phc, password)).toBe(true)
    expect(await verifyPassword(phc, `${password}!`)).toBe(false)
  })

  it('is false, never a throw, for malformed or foreign strings', async () => {
    const good = nodeRs.hashes[0]!.phc
    const [, , , params, salt, hash] = good.split('$')
    const bad = [
      '',
      'not a hash',
      '$argon2id$',
      good.slice(0, 40),
      `${good}$extra`,
      `${good}=`,
      `${good} `,
      `${good}\0`,
      good.replace('$argon2id$', '$argon2i$'),
      good.replace('$argon2id$', '$argon2d$'),
      good.replace('v=19', 'v=16'),
      good.replace(params!, 'm=19456,t=2'),
      good.replace(params!, 'm=1,t=2,p=1'), // below libargon2's minimum
      good.replace(params!, 'm=19456,t=0,p=1'),
      good.replace(params!, 'm=4194304,t=2,p=1'), // 4 GiB: must never reach the allocator
      good.replace(params!, 'm=19456,t=999,p=1'), // would burn seconds of CPU
      good.replace(salt!, ''),
      good.replace(salt!, 'c2FsdA'), // 4-byte salt, under libargon2's minimum
      good.replace(salt!, '!!!!!!!!!!!!!!!!!!!!!!'),
      good.replace(hash!, ''),
      '$2b$12$R9h/cIPz0gi.URNNX3kh2OPST9/PgBkqquzi.Ss7KIUgO2t0jWMUW', // bcrypt
      'scrypt:16384:8:1$c2FsdHNhbHQ$aGFzaGhhc2g',
    ]
    for (const phc of bad) expect(await verifyPassword(phc, nodeRs.hashes[0]!.password), phc).toBe(false)
    // The right shape but another hash: a mismatch, not an error.
    expect(await verifyPassword(good.replace(hash!, 'A'.repeat(43)), nodeRs.hashes[0]!.password)).toBe(false)
  })

  it('is false for an over-long password without hashing it', async () => {
    expect(await verifyPassword(nodeRs.hashes[2]!.phc, 'x'.repeat(MAX_PASSWORD_LENGTH + 1))).toBe(false)
  })

  it('DUMMY_HASH is a valid hash with the same cost as real ones', async () => {
    expect(DUMMY_HASH).toMatch(PHC)
    expect(await verifyPassword(DUMMY_HASH, 'anything')).toBe(false)
  })
})
