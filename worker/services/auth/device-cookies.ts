import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { errors, jwtVerify, SignJWT } from 'jose'
import * as z from 'zod/mini'
import type { AppEnv } from '../../env'
import { sha256 } from './email-tokens'
import { purposeKey, randomTokenId } from './tokens'

// Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"; decision 150).
// A successful sign-in leaves the browser a cookie naming the account (the SHA-256 of its email,
// so the cookie does not carry the address) and a random nonce, signed with a key of its own. A
// later sign-in to that account that brings it is counted against the nonce alone, so guessing
// from elsewhere never slows the owner's own devices (rate-limit.ts, LOGIN_BACKOFF). The cookie
// grants nothing else: it is not a session, and the SPA never reads it (HttpOnly).

// Sent as __Host-ba_device: Secure, Path=/ and no Domain, so no subdomain can set or read it.
const NAME = 'ba_device'
const KEY_LABEL = 'banter-arena device-cookie key v1'
const ISSUER = 'banter-arena'
const AUDIENCE = 'banter-arena-device'
// The longest a browser keeps a cookie (RFC 6265bis caps Max-Age at 400 days).
const LIFETIME_SECONDS = 400 * 24 * 3600
const NONCE = /^[A-Za-z0-9_-]{22}$/

// A compact JWS of a sane size; anything else is simply no device cookie.
const cookieValue = z.string().check(z.maxLength(1024), z.regex(/^[\w-]+\.[\w-]+\.[\w-]+$/))

/** The nonce of the request's device cookie if we signed it for this email; null for none, another account's, forged or expired. */
export async function knownDevice(c: Context<AppEnv>, email: string): Promise<string | null> {
  const parsed = cookieValue.safeParse(getCookie(c, NAME, 'host'))
  if (!parsed.success) return null
  try {
    const { payload } = await jwtVerify(parsed.data, await purposeKey(c.env, KEY_LABEL), {
      algorithms: ['HS256'],
      typ: 'JWT',
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['sub', 'jti', 'exp'],
    })
    const nonce = payload.jti ?? ''
    return payload.sub === (await sha256(email)) && NONCE.test(nonce) ? nonce : null
  } catch (error) {
    if (error instanceof errors.JOSEError) return null
    throw error
  }
}

/** After a successful sign-in: this browser is now a known device of the account (a fresh nonce, a fresh budget). */
export async function rememberDevice(c: Context<AppEnv>, email: string, now = Date.now()): Promise<void> {
  const issuedAt = Math.floor(now / 1000)
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(await sha256(email))
    .setJti(randomTokenId())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + LIFETIME_SECONDS)
    .sign(await purposeKey(c.env, KEY_LABEL))
  setCookie(c, NAME, token, { prefix: 'host', httpOnly: true, sameSite: 'Strict', maxAge: LIFETIME_SECONDS })
}
