import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { JobDefinition } from '../jobs/job-queue.ts';
import { openBody, sealBody } from './outbox-seal.ts';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative of the same content (alert e-mails, the weekly digest). */
  html?: string;
}

/**
 * Writes the message to the outbox table, its body sealed, and queues its delivery. With SMTP_URL set, the
 * send-email job delivers it (with retries); without it (embedded mode) the message stays in the outbox.
 */
export async function queueEmail(
  ctx: { database: Database; config: Pick<Config, 'jwtSecret'> },
  message: EmailMessage,
  enqueue: (outboxId: string) => Promise<unknown>,
  /** The open transaction to write it in, if any. */
  executor: Kysely<DB> = ctx.database.db,
): Promise<string> {
  const id = randomUUID();
  await executor
    .insertInto('emailOutbox')
    .values({
      id,
      toAddress: message.to,
      subject: message.subject,
      sealedBody: sealBody(message.text, id, ctx.config.jwtSecret),
      // Bound to its own label, so the HTML cannot be passed off as the text (or another row's).
      sealedHtmlBody: message.html === undefined ? null : sealBody(message.html, `${id}:html`, ctx.config.jwtSecret),
    })
    .execute();
  await enqueue(id);
  return id;
}

/**
 * The text of an outbox message; null once it has been emptied (sent, or older than its links) or when it
 * cannot be opened with this secret (JWT_SECRET changed since it was queued).
 */
export async function readOutboxMessage(database: Database, secret: string, outboxId: string): Promise<string | null> {
  const row = await database.db.selectFrom('emailOutbox').select(['sealedBody', 'textBody']).where('id', '=', outboxId).executeTakeFirst();
  return row ? bodyOf({ id: outboxId, ...row }, secret) : null;
}

function bodyOf(row: { id: string; sealedBody: string | null; textBody: string | null }, secret: string): string | null {
  if (row.sealedBody !== null) return openBody(row.sealedBody, row.id, secret);
  return row.textBody; // queued before bodies were sealed
}

const payload = z.object({ outboxId: z.uuid() });

export const sendEmailJob: JobDefinition<typeof payload> = {
  name: 'send-email',
  payload,
  retryLimit: 8,
  retryDelaySeconds: 15,
  expireInSeconds: 120,
  async handle({ outboxId }, { database, config, log }) {
    const message = await database.db.selectFrom('emailOutbox').selectAll().where('id', '=', outboxId).executeTakeFirst();
    if (!message || message.sentAt) return; // already delivered by an earlier try: never send twice
    const about = { outboxId, to: message.toAddress, subject: message.subject };
    const text = bodyOf(message, config.jwtSecret);
    if (text === null) {
      // Retrying cannot help: the body was emptied (its links expired) or the secret that sealed it is gone.
      log.error(about, 'E-mail not sent: its body is gone or cannot be opened with the current JWT_SECRET');
      return;
    }
    if (!config.smtpUrl) {
      // The body holds links that sign a person in: it reaches the log only when a developer asks for it.
      if (config.mailLogLinks) log.info(about, `No SMTP_URL set; MAIL_LOG_LINKS=true, so here is the e-mail:\n${text}`);
      else log.info(about, 'E-mail queued; no SMTP_URL set, so it stays in the outbox (MAIL_LOG_LINKS=true writes it here)');
      return;
    }
    await database.db
      .updateTable('emailOutbox')
      .set({ attempts: message.attempts + 1 })
      .where('id', '=', outboxId)
      .execute();
    try {
      const html = message.sealedHtmlBody === null ? null : openBody(message.sealedHtmlBody, `${outboxId}:html`, config.jwtSecret);
      await transportFor(config.smtpUrl).sendMail({
        from: config.mailFrom,
        to: message.toAddress,
        subject: message.subject,
        text,
        ...(html === null ? {} : { html }),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await database.db
        .updateTable('emailOutbox')
        .set({ lastError: reason.slice(0, 500) })
        .where('id', '=', outboxId)
        .execute();
      log.warn({ ...about, attempt: message.attempts + 1, reason }, 'SMTP delivery failed');
      throw error;
    }
    // Delivered: the outbox keeps who, what and when, not the links.
    await database.db
      .updateTable('emailOutbox')
      .set({ sentAt: new Date(), lastError: null, sealedBody: null, sealedHtmlBody: null, textBody: null })
      .where('id', '=', outboxId)
      .execute();
  },
};

const transports = new Map<string, Transporter>();
function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport(smtpUrl);
    transports.set(smtpUrl, transport);
  }
  return transport;
}
