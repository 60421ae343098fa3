import { desc, eq } from 'drizzle-orm'
import { Resend } from 'resend'
import type { Database } from '../db/client'
import { devOutbox } from '../db/schema'
import type { Bindings } from '../env'
import { isDevelopment } from '../env'

export interface EmailMessage {
  to: string
  subject: string
  html: string
  text: string
  /** Extra headers (the digest's List-Unsubscribe pair). */
  headers?: Record<string, string>
}

class EmailDeliveryError extends Error {}

/**
 * Sends through Resend (the `resend` SDK) when RESEND_API_KEY is set. Without a key, development
 * keeps the message in the dev outbox (GET /api/dev/outbox) so every flow works offline;
 * production refuses, because a silently dropped verification email is a dead end for the user.
 */
export async function sendEmail(env: Bindings, db: Database, message: EmailMessage): Promise<void> {
  if (env.RESEND_API_KEY) {
    const { error } = await new Resend(env.RESEND_API_KEY).emails.send(
      {
        from: env.EMAIL_FROM || `${env.PRODUCT_NAME} <onboarding@resend.dev>`,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        headers: message.headers,
      },
      { signal: AbortSignal.timeout(10_000) },
    )
    // The SDK answers failures instead of throwing them; a status of null means Resend was not reached.
    if (!error) return
    throw new EmailDeliveryError(error.statusCode === null ? `Resend unreachable: ${error.message}` : `Resend refused the message: ${error.name}`)
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
    headers: row.headers ?? undefined,
    created_at: row.createdAt.toISOString(),
  }))
}
