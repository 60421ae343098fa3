import { and, desc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import * as z from 'zod/mini'
import { sharedAchievements, tournaments, users } from '../db/schema'
import type { AppEnv } from '../env'
import { currentUser, requireAuth } from '../lib/auth'
import { ApiError } from '../lib/errors'
import { positiveId } from '../lib/params'
import { validate } from '../lib/validation'
import { etagMatches, IMAGE_CACHE_CONTROL, shareImage } from '../services/share-image'
import { clientAddress, limitsFor, withinLimits } from '../services/rate-limit'
import { createShare, readShare, recordClick, shareUrl } from '../services/shares'

const shareParam = z.object({ shareId: z.string().check(z.regex(/^[a-f0-9]{32}$/, 'Shared achievement not found')) })

// /api/banter/*: sharing achievements, the sharing privacy setting and the user's own shares.
export const banterRoutes = new Hono<AppEnv>()
  .post(
    '/share',
    requireAuth,
    validate(
      'json',
      z.object({
        league_id: positiveId,
        stat_type: z.string().check(z.regex(/^[a-z_]{1,40}$/, 'Stat type is not valid')),
        stat_data: z._default(
          z.record(z.string(), z.unknown()).check(z.refine((d) => JSON.stringify(d).length <= 4096, 'Stat data is too large')),
          {},
        ),
      }),
    ),
    async (c) => c.json(await createShare(c.var.db, c.env.APP_URL, currentUser(c), c.req.valid('json')), 201),
  )
  .get('/share/:shareId', validate('param', shareParam), async (c) => {
    const countView = await withinLimits(c.var.db, limitsFor('shareView', clientAddress(c.req.raw.headers)))
    return c.json(await readShare(c.var.db, c.req.valid('param').shareId, countView))
  })
  // The card image behind og:image. Public and cacheable; any id that is not a live share
  // (malformed ones too: crawlers follow what they find) is not found.
  .get('/share/:shareId/image', async (c) => {
    const id = c.req.param('shareId')
    if (!shareParam.shape.shareId.safeParse(id).success) throw new ApiError(404, 'Shared achievement not found', { code: 'share_not_found' })
    const image = await shareImage(c.env, c.var.db, id, (work) => c.executionCtx.waitUntil(work))
    c.header('Cache-Control', IMAGE_CACHE_CONTROL)
    c.header('ETag', image.etag)
    c.header('X-Cache', image.cached ? 'HIT' : 'MISS')
    if (etagMatches(c.req.header('if-none-match'), image.etag)) return c.body(null, 304)
    c.header('Content-Type', 'image/png')
    return c.body(image.png)
  })
  .post('/share/:shareId/click', validate('param', shareParam), async (c) => {
    const count = await withinLimits(c.var.db, limitsFor('shareClick', clientAddress(c.req.raw.headers)))
    return c.json(await recordClick(c.var.db, c.req.valid('param').shareId, count))
  })
  .get('/privacy', requireAuth, async (c) => {
    const user = await c.var.db.query.users.findFirst({ where: eq(users.id, currentUser(c).id), columns: { banterSharingEnabled: true } })
    return c.json({ banter_sharing_enabled: user?.banterSharingEnabled ?? true })
  })
  .put('/privacy', requireAuth, validate('json', z.object({ banter_sharing_enabled: z.boolean() })), async (c) => {
    const enabled = c.req.valid('json').banter_sharing_enabled
    await c.var.db.update(users).set({ banterSharingEnabled: enabled, updatedAt: new Date() }).where(eq(users.id, currentUser(c).id))
    return c.json({ banter_sharing_enabled: enabled, message: enabled ? 'Sharing enabled' : 'Sharing disabled' })
  })
  .get('/my-shares', requireAuth, async (c) => {
    const rows = await c.var.db
      .select({ share: sharedAchievements, leagueName: tournaments.name })
      .from(sharedAchievements)
      .innerJoin(tournaments, eq(tournaments.id, sharedAchievements.tournamentId))
      .where(eq(sharedAchievements.userId, currentUser(c).id))
      .orderBy(desc(sharedAchievements.createdAt))
      .limit(100)
    return c.json({
      shared_stats: rows.map(({ share, leagueName }) => ({
        id: share.id,
        league_id: share.tournamentId,
        league_name: leagueName,
        stat_type: share.statType,
        created_at: share.createdAt.toISOString(),
        view_count: share.viewCount,
        click_count: share.clickCount,
        stat_data: share.statData,
        share_url: shareUrl(c.env.APP_URL, share.id),
      })),
    })
  })
  .delete('/share/:id', requireAuth, validate('param', z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) })), async (c) => {
    // Only the owner's own share: anyone else's (or a guessed id) is simply not found.
    const deleted = await c.var.db
      .delete(sharedAchievements)
      .where(and(eq(sharedAchievements.id, c.req.valid('param').id), eq(sharedAchievements.userId, currentUser(c).id)))
      .returning({ id: sharedAchievements.id })
    if (deleted.length === 0) throw new ApiError(404, 'Shared achievement not found', { code: 'share_not_found' })
    return c.json({ message: 'Your shared achievement has been removed.' })
  })
