import {
  fieldStatusLine,
  notificationText,
  parseSmsCommand,
  plainSmsText,
  shortDay,
  smsWaterText,
  waterOutlookOf,
  type IrrigationResult,
  type NotificationLanguage,
  type RecordedWaterKind,
  type SmsCommand,
} from '@murimi/core';
import { z } from 'zod';
import type { JobContext, JobDefinition } from '../../jobs/job-queue.ts';
import { loadFieldInSeason, loadSeasonWeather, type AnalysisRequest } from '../analysis/analysis-inputs.ts';
import { runIrrigationAnalysis } from '../analysis/irrigation-analysis.ts';
import { senderE164 } from '../notifications/phone-numbers.ts';
import { actingFor } from '../../request-actor.ts';
import { fieldStatuses, numberedFields, personByPhone, type NumberedField, type SmsPerson } from './sms-people.ts';
import { queueSms } from './sms-outbox.ts';
import { amountHelp, logWaterByPhone, MAX_PHONE_WATER_MM } from './water-by-phone.ts';

/** STATUS without a number lists this many fields (about two SMS); the reply says how to ask for the others. */
export const STATUS_FIELDS_PER_REPLY = 3;
/** "Which field?" lists at most this many; a farmer with more names the field: IRR 25 7. */
const CHOICES_PER_QUESTION = 6;
/** How long a question ("which field got 25 mm?") waits for its answer. */
const QUESTION_MINUTES = 60;
/**
 * Replies one number gets: each costs the organisation an SMS, so a phone stuck in a loop (or someone texting all
 * night) cannot run up the bill. A farmer's number gets 20 an hour; a number nobody verified 3 a day.
 */
export const REPLY_LIMITS = { verified: { count: 20, windowMs: 3600_000 }, unknown: { count: 3, windowMs: 86_400_000 } };

interface WaterQuestion {
  water: RecordedWaterKind;
  amountMm: number;
  /** The message that asked it, so the answer logs the record once however often it is handled. */
  messageKey: string;
}

/** What answering a text changes of the question "which field?" waiting for this number. */
type QuestionChange = { kind: 'ask'; question: WaterQuestion } | { kind: 'forget' } | null;

/** The reply to a text, and what becomes of the question waiting for the number. */
interface Answer {
  reply: string;
  question: QuestionChange;
}

/**
 * Answers one text received: STOP and START for any number; for a verified number STATUS, IRR, RAIN and the answer
 * to a question we asked; the help text for anything else and for a number nobody verified (which changes nothing).
 * The reply goes through the outbox (so a number that sent STOP gets none but START's confirmation).
 *
 * Water is logged first, by id from the message (so a retried job finds the record it made); then one transaction
 * queues the reply, asks or forgets the question and marks the text handled. A failure before the end leaves the
 * question waiting and the text unhandled, so the job's next try does it all again and nothing is lost or sent twice.
 */
export async function handleInboundSms(context: JobContext, inboundId: string): Promise<string | null> {
  const db = context.database.db;
  const inbound = await db.selectFrom('smsInbound').selectAll().where('id', '=', inboundId).executeTakeFirst();
  if (!inbound || inbound.handledAt) return null;
  const phone = senderE164(inbound.fromPhone) ?? inbound.fromPhone;
  const person = await personByPhone(context, phone);
  const command = parseSmsCommand(inbound.text);
  const product = context.config.productName;
  const language: NotificationLanguage = person?.preferences.language ?? 'en';

  let answered: Answer;
  if (command.kind === 'stop') {
    answered = { reply: notificationText(language, 'sms.stopped', { product }), question: null };
  } else if (command.kind === 'start') {
    answered = { reply: notificationText(language, 'sms.started', { product }), question: null };
  } else if (!person) {
    answered = { reply: notificationText('en', 'sms.helpUnknownNumber', { product }), question: null };
  } else {
    answered = await answer(context, person, command, inbound.id);
  }
  const { reply, question } = answered;

  return db.transaction().execute(async (tx) => {
    // Claimed first: a second run of the same text (a job that expired while it ran) finds it handled and sends nothing.
    const claimed = await tx
      .updateTable('smsInbound')
      .set({ handledAt: context.now(), userId: person?.userId ?? null })
      .where('id', '=', inbound.id)
      .where('handledAt', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return null;
    // START's confirmation must find the number no longer stopped.
    if (command.kind === 'start') await tx.deleteFrom('smsOptOuts').where('phone', '=', phone).execute();
    // The question is the person's: if the number moves to another account, their answer cannot log this water.
    if (question?.kind === 'ask' && person) {
      await tx
        .insertInto('smsConversations')
        .values({
          userId: person.userId,
          phone,
          question: JSON.stringify(question.question),
          expiresAt: new Date(context.now().getTime() + QUESTION_MINUTES * 60_000),
        })
        .onConflict((conflict) =>
          conflict.column('userId').doUpdateSet((eb) => ({
            phone: eb.ref('excluded.phone'),
            question: eb.ref('excluded.question'),
            expiresAt: eb.ref('excluded.expiresAt'),
          })),
        )
        .execute();
    } else if (question?.kind === 'forget' && person) {
      await tx.deleteFrom('smsConversations').where('userId', '=', person.userId).execute();
    }

    const limit = person ? REPLY_LIMITS.verified : REPLY_LIMITS.unknown;
    const { count } = await tx
      .selectFrom('smsOutbox')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('toPhone', '=', phone)
      .where('purpose', '=', 'reply')
      .where('createdAt', '>', new Date(context.now().getTime() - limit.windowMs))
      .executeTakeFirstOrThrow();
    const overLimit = Number(count) >= limit.count;
    if (overLimit) {
      context.log.warn(
        { inboundId: inbound.id, to: `…${phone.slice(-3)}`, replies: Number(count) },
        'SMS reply not sent: the number reached its reply limit',
      );
    }
    const queued = overLimit
      ? null
      : await queueSms(context, { userId: person?.userId ?? null, to: phone, body: plainSmsText(reply), purpose: 'reply' }, tx);
    // STOP is kept after its confirmation is queued: the confirmation is the last SMS the number gets.
    if (command.kind === 'stop') {
      await tx
        .insertInto('smsOptOuts')
        .values({ phone })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
    if (queued) await tx.updateTable('smsInbound').set({ replyOutboxId: queued.id }).where('id', '=', inbound.id).execute();
    return queued ? reply : null;
  });
}

async function answer(
  context: JobContext,
  person: SmsPerson,
  command: Exclude<SmsCommand, { kind: 'stop' | 'start' }>,
  messageKey: string,
): Promise<Answer> {
  const { language } = person.preferences;
  const product = context.config.productName;
  const replyOnly = (reply: string): Answer => ({ reply, question: null });
  const fields = await numberedFields(context, person);
  if (command.kind === 'help' || command.kind === 'unknown') return replyOnly(notificationText(language, 'sms.help', { product }));
  if (fields.length === 0) return replyOnly(notificationText(language, 'sms.noFields', { product }));
  const fieldAt = (number: number | null) => (number === null ? null : (fields[number - 1] ?? undefined));

  if (command.kind === 'status') {
    const chosen = fieldAt(command.fieldNumber);
    if (chosen === undefined) return replyOnly(notificationText(language, 'sms.noSuchField', { product, count: fields.length }));
    const shown = chosen ? [chosen] : fields.slice(0, STATUS_FIELDS_PER_REPLY);
    // With fields on more than one farm, each farm's fields come under its name.
    const byFarm = new Set(fields.map((field) => field.farmId)).size > 1;
    const lines = (await fieldStatuses(context, person, shown)).flatMap((status, index) => {
      const field = shown[index]!;
      const line = fieldStatusLine(status, language, person.today);
      return byFarm && field.farmId !== shown[index - 1]?.farmId ? [`${plainSmsText(field.farmName)}:`, line] : [line];
    });
    if (!chosen && fields.length > shown.length) {
      lines.push(notificationText(language, 'sms.moreFields', { count: fields.length - shown.length, next: shown.length + 1 }));
    }
    return replyOnly(`${product}:\n${lines.join('\n')}`);
  }

  if (command.kind === 'bad-amount')
    return replyOnly(amountHelp(language, product, command.water, command.water === 'irrigation' ? 'IRR 25' : 'RAIN 12'));

  let question: WaterQuestion;
  let fieldNumber: number | null;
  if (command.kind === 'answer') {
    const pending = await context.database.db
      .selectFrom('smsConversations')
      .selectAll()
      .where('userId', '=', person.userId)
      .where('expiresAt', '>', context.now())
      .executeTakeFirst();
    if (!pending) return replyOnly(notificationText(language, 'sms.help', { product }));
    question = pending.question as WaterQuestion;
    fieldNumber = command.number;
  } else {
    question = { water: command.water, amountMm: command.amountMm, messageKey };
    fieldNumber = command.fieldNumber ?? (fields.length === 1 ? 1 : null);
  }
  if (
    question.amountMm < 0 ||
    question.amountMm > MAX_PHONE_WATER_MM[question.water] ||
    (question.water === 'irrigation' && question.amountMm === 0)
  ) {
    return replyOnly(amountHelp(language, product, question.water, question.water === 'irrigation' ? 'IRR 25' : 'RAIN 12'));
  }
  if (fieldNumber === null) {
    const choices = fields
      .slice(0, CHOICES_PER_QUESTION)
      .map((field, index) => notificationText(language, 'sms.whichFieldChoice', { number: index + 1, field: field.name }))
      .join(', ');
    const reply = notificationText(language, 'sms.whichField', {
      product,
      amountMm: question.amountMm,
      kind: notificationText(language, `sms.kind.${question.water}`),
      choices: fields.length > CHOICES_PER_QUESTION ? `${choices}, ...` : choices,
    });
    return { reply, question: { kind: 'ask', question } };
  }
  const field = fieldAt(fieldNumber);
  if (!field) return replyOnly(notificationText(language, 'sms.noSuchField', { product, count: fields.length }));
  // The question is forgotten only with the reply, once the water is logged: a failure here leaves it for the retry.
  const questionDone = (reply: string): Answer => ({ reply, question: { kind: 'forget' } });
  // Water logged by phone is the person's, in the audit trail as in the app.
  const outcome = await actingFor({ userId: person.userId, orgId: field.orgId }, () =>
    logWaterByPhone(context, {
      orgId: field.orgId,
      userId: person.userId,
      fieldId: field.id,
      water: question.water,
      amountMm: question.amountMm,
      date: person.today,
      messageKey: question.messageKey,
    }),
  );
  const day = shortDay(person.today, person.today, language);
  if (!outcome.logged) {
    if (outcome.reason === 'already-read' && 'amountMm' in outcome) {
      return questionDone(
        notificationText(language, 'sms.rainAlreadyLogged', { product, field: field.name, amountMm: outcome.amountMm, day }),
      );
    }
    return questionDone(notificationText(language, 'sms.notLogged', { product, reason: outcome.reason }));
  }
  const advice = await waterAdviceNow(context, person, field);
  return questionDone(
    notificationText(language, question.water === 'irrigation' ? 'sms.irrigationLogged' : 'sms.rainLogged', {
      product,
      amountMm: question.amountMm,
      field: field.name,
      day,
      advice,
    }),
  );
}

/**
 * The field's water advice with the water just logged, worked out now by the irrigation analysis's own code (the
 * queued analysis stores the same for the app): so the reply to IRR 25 already says what changed. When the weather
 * cannot be had the reply says only what was logged.
 */
async function waterAdviceNow(context: JobContext, person: SmsPerson, field: NumberedField): Promise<string> {
  const fieldId = field.id;
  try {
    const place = await loadFieldInSeason({ orgId: field.orgId, fieldId } as AnalysisRequest, context);
    const weather = await loadSeasonWeather(context, place);
    const outcome = runIrrigationAnalysis(place.field, weather, place.today);
    return smsWaterText(waterOutlookOf(outcome.result as IrrigationResult), person.preferences.language, person.today);
  } catch (error) {
    context.log.warn({ err: error, fieldId }, 'water advice for an SMS reply could not be worked out; the reply says what was logged');
    return '';
  }
}

const payload = z.object({ inboundId: z.uuid() });

/** Sent by the inbound webhooks for each new text: the webhook answers the provider at once. */
export const inboundSmsJob: JobDefinition<typeof payload> = {
  name: 'sms-inbound',
  payload,
  retryLimit: 3,
  retryDelaySeconds: 30,
  expireInSeconds: 120,
  concurrency: 2,
  async handle({ inboundId }, context) {
    await handleInboundSms(context, inboundId);
  },
};
