import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { SmsStatus } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { parseAfricasTalkingDeliveryReport, parseAfricasTalkingInbound } from '../../integrations/sms/africas-talking.ts';
import type { InboundSms, SmsDeliveryReport, SmsProviderName } from '../../integrations/sms/sms-provider.ts';
import { parseTwilioDeliveryReport, parseTwilioInbound } from '../../integrations/sms/twilio.ts';
import { isValidTwilioSignature } from '../../integrations/sms/twilio-signature.ts';
import { inboundSmsJob } from './inbound-sms.ts';
import { ussdResponse } from './ussd.ts';

/** A provider's form body: its fields as text. Callbacks are small; a larger body is not one. */
const FORM_BODY_LIMIT_BYTES = 64 * 1024;
const formBody = z.record(z.string(), z.string());
const secretParams = z.strictObject({ secret: z.string().max(256) });

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

const notFound = () => AppError.notFound('SMS callback');
const refused = () => new AppError('FORBIDDEN', 'This callback could not be verified.');

/** Whether two secrets are equal, in time that does not depend on where they differ. */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Delivery statuses only move on: a late "sent" does not undo "delivered". */
const STATUS_ORDER: Record<string, number> = { queued: 0, held: 0, sending: 0, uncertain: 0, sent: 1, delivered: 2, failed: 2 };

/**
 * The providers' callbacks: delivery reports, texts farmers send, and Africa's Talking's USSD sessions. Twilio signs
 * its requests (`X-Twilio-Signature`, checked against `PUBLIC_URL` + path); Africa's Talking does not, so its URLs
 * carry `AFRICASTALKING_CALLBACK_SECRET`. A callback that fails the check gets 403 and changes nothing; one for a
 * provider that is not configured gets 404.
 */
export function smsWebhookRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Providers post forms; this parser is for these routes only (the rest of the API takes JSON).
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const tags = ['sms callbacks'];

    const africasTalking = (request: FastifyRequest, secret: string) => {
      const settings = ctx.config.sms.africasTalking;
      if (!settings) throw notFound();
      if (!sameSecret(secret, settings.callbackSecret)) {
        request.log.warn({ provider: 'africastalking', route: request.routeOptions.url }, 'SMS callback with a wrong secret refused');
        throw refused();
      }
    };
    const twilio = (request: FastifyRequest, form: Record<string, string>) => {
      const settings = ctx.config.sms.twilio;
      if (!settings) throw notFound();
      const url = `${ctx.config.publicUrl}${request.url}`;
      if (!isValidTwilioSignature(settings.authToken, url, form, request.headers['x-twilio-signature'] as string | undefined)) {
        request.log.warn({ provider: 'twilio', route: request.routeOptions.url }, 'SMS callback with a bad signature refused');
        throw refused();
      }
    };

    app.post('/sms/africastalking/:secret/inbound', { schema: { tags, params: secretParams, body: formBody } }, async (request, reply) => {
      africasTalking(request, request.params.secret);
      return receiveInbound(ctx, 'africastalking', parseAfricasTalkingInbound(request.body), reply, '');
    });
    app.post('/sms/africastalking/:secret/delivery', { schema: { tags, params: secretParams, body: formBody } }, async (request, reply) => {
      africasTalking(request, request.params.secret);
      return receiveDeliveryReport(ctx, 'africastalking', parseAfricasTalkingDeliveryReport(request.body), request.body, reply);
    });
    app.post('/sms/africastalking/:secret/ussd', { schema: { tags, params: secretParams, body: formBody } }, async (request, reply) => {
      africasTalking(request, request.params.secret);
      const { sessionId, phoneNumber, text } = request.body;
      if (!sessionId || !phoneNumber) throw AppError.invalid('body', 'A USSD callback has sessionId and phoneNumber.');
      const screen = await ussdResponse(ctx, { sessionId, phoneNumber, text: text ?? '' });
      return reply.type('text/plain; charset=utf-8').send(screen);
    });
    app.post('/sms/twilio/inbound', { schema: { tags, body: formBody } }, async (request, reply) => {
      twilio(request, request.body);
      // TwiML with no message: the reply goes through the outbox like every SMS.
      return receiveInbound(ctx, 'twilio', parseTwilioInbound(request.body), reply, EMPTY_TWIML);
    });
    app.post('/sms/twilio/status', { schema: { tags, body: formBody } }, async (request, reply) => {
      twilio(request, request.body);
      return receiveDeliveryReport(ctx, 'twilio', parseTwilioDeliveryReport(request.body), request.body, reply);
    });
  };
}

/** Keeps the text once (providers send a webhook again when unsure) and queues its answer; the provider hears 200 at once. */
async function receiveInbound(ctx: AppContext, provider: SmsProviderName, inbound: InboundSms | null, reply: FastifyReply, answer: string) {
  if (!inbound) throw AppError.invalid('body', 'This is not an inbound SMS callback.');
  const id = randomUUID();
  const stored = await ctx.database.db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('smsInbound')
      .values({
        id,
        provider,
        providerMessageId: inbound.providerMessageId,
        fromPhone: inbound.from,
        toPhone: inbound.to,
        text: inbound.text.slice(0, 1600),
        receivedAt: ctx.now(),
      })
      .onConflict((conflict) => conflict.columns(['provider', 'providerMessageId']).where('providerMessageId', 'is not', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) await ctx.queue.send(inboundSmsJob, { inboundId: row.id }, { executor: tx });
    return row !== undefined;
  });
  if (stored) ctx.queue.wake(inboundSmsJob);
  return reply.type(provider === 'twilio' ? 'text/xml' : 'text/plain').send(answer);
}

/** Keeps every delivery report as received, and moves the message's status on. */
async function receiveDeliveryReport(
  ctx: AppContext,
  provider: SmsProviderName,
  report: SmsDeliveryReport | null,
  form: Record<string, string>,
  reply: FastifyReply,
) {
  if (!report) throw AppError.invalid('body', 'This is not a delivery report.');
  const db = ctx.database.db;
  await db.transaction().execute(async (tx) => {
    const message = await tx
      .selectFrom('smsOutbox')
      .select(['id', 'status'])
      .where('provider', '=', provider)
      .where('providerMessageId', '=', report.providerMessageId)
      .executeTakeFirst();
    await tx
      .insertInto('smsStatusEvents')
      .values({
        provider,
        providerMessageId: report.providerMessageId,
        outboxId: message?.id ?? null,
        status: report.status,
        reason: report.reason,
        form: JSON.stringify(form),
        receivedAt: ctx.now(),
      })
      .execute();
    if (!message || (STATUS_ORDER[report.status] ?? 0) <= (STATUS_ORDER[message.status] ?? 0)) return;
    await tx
      .updateTable('smsOutbox')
      .set({
        status: report.status as SmsStatus,
        updatedAt: ctx.now(),
        ...(report.status === 'delivered' ? { deliveredAt: ctx.now() } : {}),
        ...(report.status === 'failed' ? { statusReason: report.reason ?? 'The provider reported the message failed.' } : {}),
      })
      .where('id', '=', message.id)
      .execute();
  });
  return reply.type('text/plain').send('');
}
