import { Hono } from 'hono'
import * as z from 'zod/mini'
import { NOTIFICATION_TYPES } from '../../contract/notifications'
import type { AppEnv } from '../env'
import { ApiError } from '../lib/errors'
import { validate, validateQueryOrForm } from '../lib/validation'
import { session } from '../middleware/session'
import { INVALID_UNSUBSCRIBE_LINK, unsubscribeByLink } from '../services/notifications/digest'
import { preferencesAnswer, updatePreferences } from '../services/notifications/preferences'
import { isPushEndpoint, vapidKeys } from '../services/notifications/push'
import { isTimeZone } from '../services/notifications/rules'
import { deleteSubscription, saveSubscription } from '../services/notifications/subscriptions'
import { clientAddress, enforce, limitsFor } from '../services/rate-limit'

// /api/push/*: a device's Web Push subscription. /api/notifications/*: what a user wants to hear
// about, and the digest's one-click unsubscribe, which works without signing in (decisions 139, 152).

const base64Url = (bytes: number, message: string) =>
  z.string().check(
    z.regex(/^[A-Za-z0-9_-]+={0,2}$/, message),
    z.refine((text) => decodedLength(text) === bytes, message),
  )
const decodedLength = (text: string) => Math.floor((text.replace(/=+$/, '').length * 3) / 4)

const subscriptionBody = z.object({
  endpoint: z.string().check(z.maxLength(1024, 'The push endpoint is too long.')),
  keys: z.object({
    // An uncompressed P-256 point (65 bytes) and a 16-byte secret: what every browser sends.
    p256dh: base64Url(65, 'keys.p256dh must be the browser’s P-256 public key.'),
    auth: base64Url(16, 'keys.auth must be the browser’s 16-byte secret.'),
  }),
  expirationTime: z.optional(z.nullable(z.number())),
})
const subscriptionParam = z.object({ id: z.string().check(z.regex(/^[0-9a-f]{32}$/, 'No such device.')) })

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/
const time = z.string().check(z.regex(TIME, 'Times must look like 23:00.'))
const preferencesBody = z.object({
  muted: z.optional(
    z.array(z.enum(NOTIFICATION_TYPES, { error: `Types are ${NOTIFICATION_TYPES.join(', ')}.` })).check(z.maxLength(NOTIFICATION_TYPES.length)),
  ),
  quiet_hours: z.optional(z.object({ enabled: z.optional(z.boolean()), start: z.optional(time), end: z.optional(time) })),
  time_zone: z.optional(z.string().check(z.maxLength(64), z.refine(isTimeZone, 'That time zone is not one we know.'))),
  email_digest: z.optional(z.boolean({ error: 'email_digest must be true or false' })),
})
const unsubscribeToken = z.object({
  token: z.string({ error: INVALID_UNSUBSCRIBE_LINK }).check(z.minLength(1, INVALID_UNSUBSCRIBE_LINK), z.maxLength(2048, INVALID_UNSUBSCRIBE_LINK)),
})

const pushUnavailable = () => new ApiError(503, 'Push notifications are not set up on this server.', { code: 'push_unavailable' })

export const pushRoutes = new Hono<AppEnv>()
  .get('/vapid-public-key', (c) => {
    const keys = vapidKeys(c.env)
    if (!keys) throw pushUnavailable()
    return c.json({ public_key: keys.publicKey })
  })
  .post('/subscriptions', session('required'), validate('json', subscriptionBody), async (c) => {
    const input = c.req.valid('json')
    if (!vapidKeys(c.env)) throw pushUnavailable()
    if (!isPushEndpoint(c.env, input.endpoint)) throw new ApiError(400, 'That is not a push service we can deliver to.', { code: 'push_endpoint_refused' })
    const user = await c.var.session.user()
    await enforce(c.var.db, limitsFor('pushSubscribe', clientAddress(c.req.raw.headers), String(user.id)))
    const { created, answer } = await saveSubscription(c.var.db, user.id, input)
    return c.json(answer, created ? 201 : 200)
  })
  .delete('/subscriptions/:id', session('required'), validate('param', subscriptionParam), async (c) => {
    const user = await c.var.session.user()
    return c.json(await deleteSubscription(c.var.db, user.id, c.req.valid('param').id))
  })

export const notificationRoutes = new Hono<AppEnv>()
  .get('/preferences', session('required'), async (c) => c.json(await preferencesAnswer(c.var.db, (await c.var.session.user()).id)))
  .put('/preferences', session('required'), validate('json', preferencesBody), async (c) =>
    c.json(await updatePreferences(c.var.db, (await c.var.session.user()).id, c.req.valid('json'))),
  )
  // RFC 8058: mail clients POST `List-Unsubscribe=One-Click` (a form) to the header's URL, whose
  // query carries the token; the unsubscribe page posts the token as a form field. No session.
  .post('/unsubscribe', validateQueryOrForm(unsubscribeToken), async (c) => {
    await unsubscribeByLink(c.env, c.var.db, c.req.valid('form').token)
    return c.json({ unsubscribed: true })
  })
