import {
  fieldStatusLine,
  notificationText,
  plainSmsText,
  shortenedText,
  ussdDay,
  type NotificationPreferences,
  type RecordedWaterKind,
} from '@murimi/core';
import type { AppContext } from '../../app-context.ts';
import { senderE164 } from '../notifications/phone-numbers.ts';
import { actingFor } from '../../request-actor.ts';
import { fieldStatuses, numberedFields, personByPhone, type SmsPerson } from './sms-people.ts';
import { amountHelp, logWaterByPhone, MAX_PHONE_WATER_MM } from './water-by-phone.ts';

/** One USSD request as Africa's Talking posts it: the session, the dialled code, the phone and every answer so far. */
export interface UssdRequest {
  sessionId: string;
  phoneNumber: string;
  /** The answers of the session so far, joined by `*` ("2*1*25"); empty on the first screen. */
  text: string;
}

/**
 * The most characters of one USSD screen: a USSD message carries at most 160 octets, 182 characters of the GSM 7-bit
 * alphabet (GSM 03.90, now 3GPP TS 23.090). Counted on the whole response, "CON "/"END " included, so that it fits
 * however the gateway counts: a longer screen is not shown whole.
 */
const SCREEN_CHARACTERS = 182;
/** Fields listed on one screen; "9" shows the next ones. */
const FIELDS_PER_SCREEN = 8;
const MORE = '9';
/** A field's name on a USSD screen is cut to fit eight of them. */
const NAME_CHARACTERS = 14;
/** What a screen's text may hold after "CON " or "END ". */
const SCREEN_TEXT_CHARACTERS = SCREEN_CHARACTERS - 'END '.length;

// The last guard: screens are worded to fit, but field names and the reasons a log is refused vary in length.
const con = (text: string) => `CON ${shortenedText(plainSmsText(text), SCREEN_TEXT_CHARACTERS)}`;
const end = (text: string) => `END ${shortenedText(plainSmsText(text), SCREEN_TEXT_CHARACTERS)}`;

/**
 * Africa's Talking's USSD menu: "CON …" asks for more, "END …" closes the session. 1 field status, 2 log irrigation,
 * 3 log rain, 4 SMS alerts (then 1 on, 2 off). A person with several fields picks one (eight to a screen, 9 for more). Every
 * answer comes from stored data or one write, so the screen comes back within the operator's few seconds.
 */
export async function ussdResponse(ctx: AppContext, request: UssdRequest): Promise<string> {
  const phone = senderE164(request.phoneNumber) ?? request.phoneNumber;
  const person = await personByPhone(ctx, phone);
  const product = ctx.config.productName;
  if (!person) return end(notificationText('en', 'ussd.unknownNumber', { product }));
  const { language } = person.preferences;
  const answers = request.text === '' ? [] : request.text.split('*');
  const [choice, ...rest] = answers;
  const invalid = end(notificationText(language, 'ussd.invalidChoice'));

  if (choice === undefined) {
    const state = notificationText(language, smsAlertsOn(person.preferences) ? 'ussd.on' : 'ussd.off');
    return con(notificationText(language, 'ussd.menu', { product, state }));
  }
  if (choice === '4') {
    // On and off are chosen, never toggled: an operator that sends the same answer twice must not undo it.
    const [onOrOff, ...extra] = rest;
    if (onOrOff === undefined) {
      const state = notificationText(language, smsAlertsOn(person.preferences) ? 'ussd.on' : 'ussd.off');
      return con(notificationText(language, 'ussd.alertsChoice', { state }));
    }
    if ((onOrOff !== '1' && onOrOff !== '2') || extra.length > 0) return invalid;
    return end(await setSmsAlerts(ctx, person, onOrOff === '1'));
  }
  if (choice !== '1' && choice !== '2' && choice !== '3') return invalid;

  const fields = await numberedFields(ctx, person);
  if (fields.length === 0) return end(notificationText(language, 'ussd.noFields'));
  const picked = pickField(fields, fields.length === 1 ? ['1', ...rest] : rest);
  if (picked.kind === 'invalid') return invalid;
  if (picked.kind === 'screen')
    return con(picked.screen(notificationText(language, 'ussd.chooseField'), notificationText(language, 'ussd.more')));
  const field = picked.field;

  if (choice === '1') {
    const [status] = await fieldStatuses(ctx, person, [field]);
    return end(fieldStatusLine(status!, language, person.today, SCREEN_TEXT_CHARACTERS));
  }
  const water: RecordedWaterKind = choice === '2' ? 'irrigation' : 'rain';
  const [amountText, ...extra] = picked.after;
  if (amountText === undefined) {
    return con(notificationText(language, water === 'irrigation' ? 'ussd.askIrrigationMm' : 'ussd.askRainMm', { field: field.name }));
  }
  const amountMm = /^\d{1,4}([.,]\d{1,2})?$/.test(amountText) ? Number(amountText.replace(',', '.')) : Number.NaN;
  if (extra.length > 0 || !(amountMm >= 0) || amountMm > MAX_PHONE_WATER_MM[water] || (water === 'irrigation' && amountMm === 0)) {
    return end(amountHelp(language, product, water, '25'));
  }
  // Water logged by phone is the person's, in the audit trail as in the app.
  const outcome = await actingFor({ userId: person.userId, orgId: field.orgId }, () =>
    logWaterByPhone(ctx, {
      orgId: field.orgId,
      userId: person.userId,
      fieldId: field.id,
      water,
      amountMm,
      date: person.today,
      messageKey: `ussd:${request.sessionId}`,
    }),
  );
  const day = ussdDay(person.today, language);
  if (!outcome.logged) {
    if ('amountMm' in outcome) {
      return end(notificationText(language, 'sms.rainAlreadyLogged', { product, field: field.name, amountMm: outcome.amountMm, day }));
    }
    return end(notificationText(language, 'sms.notLogged', { product, reason: outcome.reason }));
  }
  return end(
    notificationText(language, water === 'irrigation' ? 'sms.irrigationLogged' : 'sms.rainLogged', {
      product,
      amountMm,
      field: field.name,
      day,
      advice: '',
    }),
  );
}

type FieldPick<Field> =
  | { kind: 'field'; field: Field; after: string[] }
  | { kind: 'screen'; screen: (title: string, more: string) => string }
  | { kind: 'invalid' };

/** Walks the answers through the field screens: "9" turns the page, a number picks on the page shown. */
function pickField<Field extends { name: string }>(fields: readonly Field[], answers: readonly string[]): FieldPick<Field> {
  let page = 0;
  for (const [index, answer] of answers.entries()) {
    const hasMore = (page + 1) * FIELDS_PER_SCREEN < fields.length;
    if (answer === MORE && hasMore) {
      page++;
      continue;
    }
    const number = /^[1-8]$/.test(answer) ? Number(answer) : Number.NaN;
    const field = fields[page * FIELDS_PER_SCREEN + number - 1];
    return field ? { kind: 'field', field, after: answers.slice(index + 1) } : { kind: 'invalid' };
  }
  const shown = fields.slice(page * FIELDS_PER_SCREEN, (page + 1) * FIELDS_PER_SCREEN);
  const hasMore = (page + 1) * FIELDS_PER_SCREEN < fields.length;
  return {
    kind: 'screen',
    screen: (title, more) =>
      [
        title,
        ...shown.map((field, index) => `${index + 1} ${field.name.slice(0, NAME_CHARACTERS)}`),
        ...(hasMore ? [`${MORE} ${more}`] : []),
      ].join('\n'),
  };
}

/** SMS alerts are on while any category reaches the person by SMS. */
function smsAlertsOn(preferences: NotificationPreferences): boolean {
  return Object.values(preferences.channels.sms).some((minimum) => minimum !== 'off');
}

/**
 * Off: no alert by SMS (replies and the weekly digest's own choice stay). On: warnings and worse, the default, unless
 * they are on already (the person's own choices are kept).
 */
async function setSmsAlerts(ctx: AppContext, person: SmsPerson, on: boolean): Promise<string> {
  if (on && smsAlertsOn(person.preferences)) return notificationText(person.preferences.language, 'ussd.alertsNowOn');
  const minimum = on ? 'warning' : 'off';
  const preferences: NotificationPreferences = {
    ...person.preferences,
    channels: { ...person.preferences.channels, sms: { weather: minimum, crop: minimum, pest: minimum } },
  };
  await ctx.database.db
    .updateTable('users')
    .set({ notificationPreferences: JSON.stringify(preferences), updatedAt: ctx.now() })
    .where('id', '=', person.userId)
    .execute();
  return notificationText(person.preferences.language, on ? 'ussd.alertsNowOn' : 'ussd.alertsNowOff');
}
