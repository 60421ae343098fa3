import { call, json } from './http'

// Account journeys through the real API, reading the emailed links from the dev outbox.

export const PASSWORD = 'Sup3r-Secret!'

let ipCounter = 0
/** A distinct client address per caller, so rate limits of one test do not leak into another. */
export const freshIp = () => `198.51.100.${(ipCounter++ % 250) + 1}`

export async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await call(path, json(body, { headers: { 'cf-connecting-ip': '192.0.2.1', ...headers } }))
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> }
}

/** The device cookie a sign-in answer set, as a Cookie header's value (decision 150); undefined if none. */
export const deviceCookie = (headers: Headers) => headers.get('set-cookie')?.match(/__Host-ba_device=[^;]+/)?.[0]

export async function authed(path: string, token: string, init: RequestInit = {}) {
  const res = await call(path, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) } })
  return { status: res.status, body: (await res.json()) as Record<string, any> }
}

export async function lastEmailTo(email: string): Promise<{ subject: string; text: string; html: string } | undefined> {
  const res = await call(`/api/dev/outbox?to=${encodeURIComponent(email)}`)
  return ((await res.json()) as Array<{ subject: string; text: string; html: string }>)[0]
}

export async function tokenFromEmail(email: string, path: '/verify-email' | '/reset-password'): Promise<string> {
  const message = await lastEmailTo(email)
  const match = message?.text.match(new RegExp(`${path.replace('/', '\\/')}\\?token=([A-Za-z0-9_-]+)`))
  if (!match?.[1]) throw new Error(`No ${path} link in the last email to ${email}`)
  return match[1]
}

/** Registers and verifies an account; returns its session token. */
export async function verifiedAccount(email: string, extra: { name?: string; fpl_team_id?: number } = {}): Promise<{ token: string; userId: number }> {
  const ip = freshIp()
  const reg = await post(
    '/api/auth/register',
    { name: extra.name ?? 'Test Manager', email, password: PASSWORD, ...(extra.fpl_team_id ? { fpl_team_id: extra.fpl_team_id } : {}) },
    { 'cf-connecting-ip': ip },
  )
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`)
  const verified = await post('/api/auth/verify-email', { token: await tokenFromEmail(email, '/verify-email') }, { 'cf-connecting-ip': ip })
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status} ${JSON.stringify(verified.body)}`)
  return { token: verified.body.access_token as string, userId: verified.body.user_id as number }
}
