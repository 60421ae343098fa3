import { desc, eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { devOutbox } from '../db/schema'
import type { Bindings } from '../env'
import { isDevelopment } from '../env'

export interface EmailMessage {
  to: string
  subject: string
  html: string
  text: string
}

export class EmailDeliveryError extends Error {}

export const RESEND_ENDPOINT = 'https://api.resend.com/emails'

/**
 * Sends through Resend's REST API when RESEND_API_KEY is set (a plain fetch: the `resend` SDK
 * also carries inbound-mail parsing and webhooks, 117 KiB of the API worker's bundle for one
 * POST). Without a key, development keeps the message in the dev outbox (GET /api/dev/outbox)
 * so every flow works offline; production refuses, because a silently dropped verification
 * email is a dead end for the user.
 */
export async function sendEmail(env: Bindings, db: Database, message: EmailMessage): Promise<void> {
  if (env.RESEND_API_KEY) {
    const response = await fetch(RESEND_ENDPOINT, {
      method: 'POST',
      headers: { Authorization: `Bearer ${env.RESEND_API_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        from: env.EMAIL_FROM || `${env.PRODUCT_NAME} <onboarding@resend.dev>`,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
      }),
      signal: AbortSignal.timeout(10_000),
    })
    if (!response.ok) {
      const error = (await response.json().catch(() => null)) as { name?: string } | null
      throw new EmailDeliveryError(`Resend refused the message: ${error?.name ?? response.status}`)
    }
    return
  }
  if (!isDevelopment(env)) throw new EmailDeliveryError('RESEND_API_KEY is not configured')
  await db.insert(devOutbox).values(message)
}

export interface OutboxEntry extends EmailMessage {
  created_at: string
}

/** Newest first, optionally only the messages to one address. */
export async function readOutbox(db: Database, to?: string, limit = 50): Promise<OutboxEntry[]> {
  const rows = await db
    .select()
    .from(devOutbox)
    .where(to ? eq(devOutbox.to, to.trim().toLowerCase()) : undefined)
    .orderBy(desc(devOutbox.createdAt), desc(devOutbox.id))
    .limit(limit)
  return rows.map((row) => ({
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    created_at: row.createdAt.toISOString(),
  }))
}
