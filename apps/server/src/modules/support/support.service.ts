import type { SupportMessageCreate } from '@murimi/core';
import type { AppContext } from '../../app-context.ts';
import { AppError, isUniqueViolation } from '../../errors.ts';
import { queueEmail, sendEmailJob } from '../../mail/mailer.ts';
import type { Actor } from '../../policy/policy.ts';
import { countAttempt } from '../auth/auth-limits.ts';

const HOUR_MS = 3_600_000;
/** Messages one person may send support in an hour: plenty for a real problem, too few to flood the operator. */
const SUPPORT_MESSAGES_PER_HOUR = 5;

const TOPIC_WORDS: Record<SupportMessageCreate['topic'], string> = {
  question: 'Question',
  problem: 'Something is not working',
  billing: 'Plan and billing',
  data: 'My data',
};

/**
 * E-mails a person's message to the server's contact address (CONTACT_EMAIL), through the outbox: the message row,
 * the e-mail and its delivery job are written in one transaction, so that a message is kept and sent once. Sent
 * again with the same id (an answer lost on a slow line), it answers the message already kept and sends nothing.
 */
export async function sendSupportMessage(
  ctx: AppContext,
  actor: Actor,
  input: SupportMessageCreate,
): Promise<{ id: string; receivedAt: string }> {
  const db = ctx.database.db;
  const kept = await db.selectFrom('supportMessages').select(['userId', 'createdAt']).where('id', '=', input.id).executeTakeFirst();
  if (kept) {
    if (kept.userId !== actor.userId)
      throw new AppError('CONFLICT', 'This message id is taken. Reload the page and send your message again.');
    return { id: input.id, receivedAt: new Date(kept.createdAt).toISOString() };
  }
  const contactEmail = ctx.config.contactEmail;
  if (!contactEmail) {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'Messages cannot be sent from this page: this Murimi server has no support address set up. Please use the telephone number shown, or ask your programme.',
    );
  }
  await countAttempt(
    ctx,
    {
      kind: 'support-message',
      limit: SUPPORT_MESSAGES_PER_HOUR,
      windowMs: HOUR_MS,
      message: `You have sent ${SUPPORT_MESSAGES_PER_HOUR} messages to support in the last hour, the most allowed. We will answer those; please wait before sending more.`,
    },
    actor.userId,
  );
  const sender = await db
    .selectFrom('users')
    .innerJoin('memberships', 'memberships.userId', 'users.id')
    .innerJoin('organisations', 'organisations.id', 'memberships.orgId')
    .select(['users.name', 'users.email', 'users.phone', 'organisations.name as organisation'])
    .where('users.id', '=', actor.userId)
    .where('memberships.orgId', '=', actor.orgId)
    .executeTakeFirstOrThrow();
  const text = [
    `${TOPIC_WORDS[input.topic]}, from ${sender.name} <${sender.email}>${sender.phone ? `, ${sender.phone}` : ''}`,
    `Organisation: ${sender.organisation} (${actor.role})`,
    `Message ${input.id}`,
    '',
    input.message,
    '',
  ].join('\n');
  try {
    return await db.transaction().execute(async (trx) => {
      const outboxId = await queueEmail(
        ctx,
        { to: contactEmail, subject: `${ctx.config.productName} support: ${TOPIC_WORDS[input.topic]} (${sender.organisation})`, text },
        (id) => ctx.queue.send(sendEmailJob, { outboxId: id }, { executor: trx }),
        trx,
      );
      const row = await trx
        .insertInto('supportMessages')
        .values({ id: input.id, orgId: actor.orgId, userId: actor.userId, topic: input.topic, emailOutboxId: outboxId })
        .returning('createdAt')
        .executeTakeFirstOrThrow();
      return { id: input.id, receivedAt: new Date(row.createdAt).toISOString() };
    });
  } catch (error) {
    // The same message sent twice at once: the first is kept, this one's e-mail goes with its transaction.
    if (isUniqueViolation(error, 'support_messages_pkey')) return sendSupportMessage(ctx, actor, input);
    throw error;
  }
}
