/**
 * An alert as a person reads it, in their language: on the alerts screen and in e-mails (title, sentence, what to
 * do, the figures behind it with their names and units, the rule's source and its limits), and as one SMS.
 */
import type { AlertCaveat, AlertEvidence, AlertRuleId } from '../alerts/alert.ts';
import type { ProblemParams } from '../errors.ts';
import { SMS_SINGLE_PART_GSM7, SMS_SINGLE_PART_UCS2, smsSegments } from '../sms/sms-segments.ts';
import { isNotificationTextKey, notificationText, type NotificationLanguage } from './languages.ts';
import { formatFigure, presentParams } from './notification-format.ts';
import { plainSmsText } from './sms-text.ts';

/** What is stored of an alert and needed to word it. */
export interface AlertWording {
  ruleId: AlertRuleId;
  messageKey: string;
  actionKey: string;
  params: ProblemParams;
  evidence: AlertEvidence;
}

export interface EvidenceReading {
  name: string;
  label: string;
  value: number;
  /** The figure as written in the language, with its unit: "60 mm", "0.42". */
  text: string;
  unit: string;
  date: string | null;
}

export interface AlertReading {
  title: string;
  message: string;
  action: string;
  evidence: { values: EvidenceReading[]; source: string; dataSource: string; caveats: string[] };
}

/** The text of a stored key, or `fallback` for a key the catalogue no longer has (an alert stored by an older release). */
function textOf(language: NotificationLanguage, key: string, params: ProblemParams, fallback: string): string {
  return isNotificationTextKey(key) ? notificationText(language, key, params) : fallback;
}

/** A figure with its unit ("60 mm", "-0.5 °C"); indices, ratios and counts stand alone. */
function figureText(value: number, unit: string, language: NotificationLanguage): string {
  const figure = formatFigure(value, language);
  return unit === 'index' || unit === 'ratio' || unit === 'generation' ? figure : `${figure} ${unit}`;
}

const caveatText = (language: NotificationLanguage, caveat: AlertCaveat) =>
  textOf(language, caveat.key, presentParams(caveat.params, language), caveat.text);

/** The alert worded for a screen or an e-mail. */
export function readAlert(alert: AlertWording, language: NotificationLanguage): AlertReading {
  const params = presentParams(alert.params, language);
  const evidence = alert.evidence;
  return {
    title: textOf(language, `alerts.rules.${alert.ruleId}`, {}, alert.ruleId),
    message: textOf(language, alert.messageKey, params, alert.messageKey),
    action: textOf(language, alert.actionKey, params, alert.actionKey),
    evidence: {
      values: evidence.values.map((value) => ({
        name: value.name,
        label: textOf(language, `alerts.evidence.${value.name}`, {}, value.name),
        value: value.value,
        text: figureText(value.value, value.unit, language),
        unit: value.unit,
        date: value.date ?? null,
      })),
      source: textOf(language, `alerts.sources.${alert.ruleId}`, {}, evidence.source),
      dataSource: evidence.dataSource,
      caveats: evidence.caveats.map((caveat) => caveatText(language, caveat)),
    },
  };
}

/** An alert's short headline ("heavy rain 60mm Thu") and action ("Delay urea and spraying, clear drains.") for SMS and USSD. */
export function alertSmsWords(alert: AlertWording, language: NotificationLanguage, today: string): { headline: string; action: string } {
  const params = presentParams(alert.params, language, today);
  const shortKey = alert.messageKey.replace(/^alerts\./, 'sms.alerts.');
  const shortActionKey = alert.actionKey.replace(/^alerts\.actions\./, 'sms.actions.');
  return {
    headline: textOf(language, shortKey, params, textOf(language, alert.messageKey, params, alert.messageKey)),
    action: textOf(language, shortActionKey, params, textOf(language, alert.actionKey, params, '')),
  };
}

/** The shortest a field's name is cut to when a message would not fit one SMS otherwise. */
const MIN_FIELD_NAME_CHARACTERS = 8;

/**
 * The alert as one SMS for a basic phone: "Murimi: Kwacha 3 - heavy rain 60mm Thu. Delay urea and spraying, clear
 * drains. Reply STOP to end." Plain GSM-7 characters only; a long field name is cut (to no fewer than 8 characters)
 * so the message stays one SMS; if it still cannot, it goes as several parts (the outbox counts them).
 */
export function alertSms(options: {
  alert: AlertWording;
  fieldName: string;
  language: NotificationLanguage;
  /** The reader's today (YYYY-MM-DD), for "today", "tomorrow" and weekdays. */
  today: string;
  productName: string;
  /** Sent once more because it is not known whether the first one went: it says "(repeat)". */
  repeat?: boolean;
}): string {
  const { language } = options;
  const { headline, action } = alertSmsWords(options.alert, language, options.today);
  const key = options.repeat ? 'sms.alertRepeat' : 'sms.alert';
  const compose = (field: string) =>
    plainSmsText(notificationText(language, key, { product: options.productName, field, headline, action }));
  let fieldName = plainSmsText(options.fieldName.trim());
  let text = compose(fieldName);
  while (smsSegments(text).parts > 1 && fieldName.length > MIN_FIELD_NAME_CHARACTERS) {
    const segments = smsSegments(text);
    const overflow = segments.units - (segments.encoding === 'GSM-7' ? SMS_SINGLE_PART_GSM7 : SMS_SINGLE_PART_UCS2);
    fieldName = `${fieldName.slice(0, Math.max(MIN_FIELD_NAME_CHARACTERS - 1, fieldName.length - overflow - 1)).trimEnd()}.`;
    text = compose(fieldName);
  }
  return text;
}
