import { describe, expect, it } from 'vitest'
import { missingPasswordRules, passwordLength } from '../../contract/account-rules'

// The checklist counts a password's length as the server does (code points): an emoji is one
// character, so the client never says "8 characters" of a password the server finds too short.
describe('password length in the checklist (decision 041)', () => {
  it('counts emoji, astral letters and flags by code point, as the server does', () => {
    expect(passwordLength('Aa1!😀😀😀😀')).toBe(8)
    expect(passwordLength('𝔸𝔹ℂ𝔻')).toBe(4)
    expect(passwordLength('🇬🇧')).toBe(2)
  })

  it('does not tick "at least 8 characters" for six characters that are eight UTF-16 units', () => {
    const missing = (p: string) => missingPasswordRules(p).map((r) => r.id)
    expect(missing('Aa1!😀😀')).toContain('length')
    expect(missing('Aa1!😀😀😀😀')).not.toContain('length')
  })
})
