import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import type { JobDefinition } from '../jobs/job-queue.ts';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Writes the message to the outbox table and queues its delivery. With SMTP_URL set, the send-email job
 * delivers it (with retries); without it (embedded mode) the job writes it to the server log instead.
 */
export async function queueEmail(
  database: Database,
  message: EmailMessage,
  enqueue: (outboxId: string) => Promise<unknown>,
): Promise<string> {
  const row = await database.db
    .insertInto('emailOutbox')
    .values({ toAddress: message.to, subject: message.subject, textBody: message.text })
    .returning('id')
    .executeTakeFirstOrThrow();
  await enqueue(row.id);
  return row.id;
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
    if (!config.smtpUrl) {
      // Embedded mode without SMTP: the person running the server reads the message (and its link) here.
      log.info({ to: message.toAddress, subject: message.subject }, `No SMTP_URL set; e-mail kept in the outbox:\n${message.textBody}`);
      return;
    }
    await database.db
      .updateTable('emailOutbox')
      .set({ attempts: message.attempts + 1 })
      .where('id', '=', outboxId)
      .execute();
    try {
      await transportFor(config.smtpUrl).sendMail({
        from: config.mailFrom,
        to: message.toAddress,
        subject: message.subject,
        text: message.textBody,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await database.db
        .updateTable('emailOutbox')
        .set({ lastError: reason.slice(0, 500) })
        .where('id', '=', outboxId)
        .execute();
      log.warn({ outboxId, to: message.toAddress, attempt: message.attempts + 1, reason }, 'SMTP delivery failed');
      throw error;
    }
    await database.db.updateTable('emailOutbox').set({ sentAt: new Date(), lastError: null }).where('id', '=', outboxId).execute();
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
