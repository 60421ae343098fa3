import { and, desc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import * as z from 'zod'
import { sharedAchievements, tournaments, users } from '../db/schema'
import type { AppEnv } from '../env'
import { currentUser, requireAuth } from '../lib/auth'
import { ApiError } from '../lib/errors'
import { validate } from '../lib/validation'

const shareUrl = (appUrl: string, id: string) => new URL(`/share/banter/${id}`, appUrl).toString()

// /api/banter/*: the sharing privacy setting and the user's own shared achievements.
export const banterRoutes = new Hono<AppEnv>()
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
  .delete('/share/:id', requireAuth, validate('param', z.object({ id: z.string().min(1).max(64) })), async (c) => {
    // Only the owner's own share: anyone else's (or a guessed id) is simply not found.
    const deleted = await c.var.db
      .delete(sharedAchievements)
      .where(and(eq(sharedAchievements.id, c.req.valid('param').id), eq(sharedAchievements.userId, currentUser(c).id)))
      .returning({ id: sharedAchievements.id })
    if (deleted.length === 0) throw new ApiError(404, 'Shared achievement not found', { code: 'share_not_found' })
    return c.json({ message: 'Your shared achievement has been removed.' })
  })
