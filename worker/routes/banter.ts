import { Hono } from 'hono'
import * as z from 'zod/mini'
import type { AppEnv } from '../env'
import { positiveId, shareIdParam } from '../lib/params'
import { validate, validateOr } from '../lib/validation'
import { session } from '../middleware/session'
import { clientAddress, limitsFor, withinLimits } from '../services/rate-limit'
import { etagMatches, IMAGE_CACHE_CONTROL, shareImage } from '../services/share-image'
import { createShare, deleteShare, ownSharesRead, readShare, recordClick, shareNotFound } from '../services/shares'
import { sharingSettingRead, updateSharingSetting } from '../services/users'

// /api/banter/*: sharing achievements, the sharing privacy setting and the user's own shares.
export const banterRoutes = new Hono<AppEnv>()
  .post(
    '/share',
    session('required'),
    validate(
      'json',
      z.object({
        league_id: positiveId,
        stat_type: z.string().check(z.regex(/^[a-z_]{1,40}$/, 'Stat type is not valid')),
        stat_data: z._default(z.record(z.string(), z.unknown()).check(z.refine((d) => JSON.stringify(d).length <= 4096, 'Stat data is too large')), {}),
      }),
    ),
    async (c) => c.json(await createShare(c.var.db, c.env.APP_URL, await c.var.session.user(), c.req.valid('json')), 201),
  )
  .get('/share/:shareId', validate('param', shareIdParam), async (c) => {
    const countView = await withinLimits(c.var.db, limitsFor('shareView', clientAddress(c.req.raw.headers)))
    return c.json(await readShare(c.var.db, c.req.valid('param').shareId, countView))
  })
  // The card image behind og:image. Public and cacheable; any id that is not a live share
  // (malformed ones too: crawlers follow what they find) is not found.
  .get(
    '/share/:shareId/image',
    validateOr('param', shareIdParam, () => {
      throw shareNotFound()
    }),
    async (c) => {
      const id = c.req.valid('param').shareId
      const image = await shareImage(c.env, c.var.db, id, (work) => c.executionCtx.waitUntil(work))
      c.header('Cache-Control', IMAGE_CACHE_CONTROL)
      c.header('ETag', image.etag)
      c.header('X-Cache', image.cached ? 'HIT' : 'MISS')
      if (etagMatches(c.req.header('if-none-match'), image.etag)) return c.body(null, 304)
      c.header('Content-Type', 'image/png')
      return c.body(image.png)
    },
  )
  .post('/share/:shareId/click', validate('param', shareIdParam), async (c) => {
    const count = await withinLimits(c.var.db, limitsFor('shareClick', clientAddress(c.req.raw.headers)))
    return c.json(await recordClick(c.var.db, c.req.valid('param').shareId, count))
  })
  .get('/privacy', session('required'), async (c) => c.json((await c.var.session.read((userId) => sharingSettingRead(c.var.db, userId))).data))
  .put('/privacy', session('required'), validate('json', z.object({ banter_sharing_enabled: z.boolean() })), async (c) =>
    c.json(await updateSharingSetting(c.var.db, (await c.var.session.user()).id, c.req.valid('json').banter_sharing_enabled)),
  )
  .get('/my-shares', session('required'), async (c) => c.json((await c.var.session.read((userId) => ownSharesRead(c.var.db, c.env.APP_URL, userId))).data))
  .delete('/share/:id', session('required'), validate('param', z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) })), async (c) =>
    c.json(await deleteShare(c.var.db, (await c.var.session.user()).id, c.req.valid('param').id)),
  )
