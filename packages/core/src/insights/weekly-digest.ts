/**
 * The Monday digest of a person's fields: each field's crop health and how it changed, its water outlook, the week's
 * actions (the open alerts' suggested actions, and irrigation the advice asks for), and the open alerts. One set of
 * facts, worded as an e-mail (text and HTML), a short SMS, and the dashboard's "This week" card.
 */
import type { AlertSeverity } from '../alerts/alert.ts';
import { digestWaterText, type FieldHealthFacts, type WaterOutlook } from '../messaging/field-status.ts';
import { escapeHtml } from '../notifications/alert-email.ts';
import { notificationText, type NotificationLanguage } from '../notifications/languages.ts';
import { formatDayForReading, formatFigure } from '../notifications/notification-format.ts';
import { plainSmsText } from '../notifications/sms-text.ts';
import type { WeekDigest } from '../schemas/alerts.ts';

export interface DigestAlert {
  severity: AlertSeverity;
  /** Worded in the person's language already (`readAlert`). */
  title: string;
  message: string;
  action: string;
  /** The day it speaks of. */
  date: string;
  /** The rule, to tell an "irrigation due" alert from the rest. */
  ruleId: string;
  /** Made from simulated weather or imagery: shown in the app with that said, never sent (see `weekDigestOf`). */
  simulated: boolean;
}

export interface DigestField {
  id: string;
  name: string;
  health: FieldHealthFacts | null;
  /** The health analysis before the latest, for the change. */
  previousHealth: { ndvi: number; date: string } | null;
  water: WaterOutlook;
  alerts: readonly DigestAlert[];
}

export interface ComposedDigest {
  subject: string;
  text: string;
  html: string;
  sms: string;
  week: WeekDigest;
}

/** Actions listed in a digest: a few that matter, not every alert of a large farm. */
const MAX_ACTIONS = 8;
const SEVERITY_RANK: Record<AlertSeverity, number> = { critical: 0, warning: 1, info: 2 };

export function composeWeeklyDigest(options: {
  personName: string;
  language: NotificationLanguage;
  /** The Monday the week starts (YYYY-MM-DD), in the person's time zone. */
  weekStart: string;
  fields: readonly DigestField[];
  /** The organisation's open alerts on all its fields: a digest lists only so many fields, the count is of all. */
  openAlertsOnAllFields?: number;
  productName: string;
  appUrl: string;
}): ComposedDigest {
  const { language, fields, productName: product } = options;
  const t = (key: Parameters<typeof notificationText>[1], params = {}) => notificationText(language, key, params);
  const today = options.weekStart;

  const actions = fields
    .flatMap((field) => {
      const fromAlerts = field.alerts.map((alert) => ({ field, severity: alert.severity, text: alert.action, date: alert.date }));
      const irrigationAlerted = field.alerts.some((alert) => alert.ruleId === 'irrigation-due');
      const fromAdvice =
        field.water.kind === 'irrigate' && !irrigationAlerted
          ? [{ field, severity: 'warning' as const, text: digestWaterText(field.water, language, today), date: field.water.date }]
          : [];
      return [...fromAlerts, ...fromAdvice];
    })
    .sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || a.date.localeCompare(b.date))
    .slice(0, MAX_ACTIONS);
  const openAlerts = options.openAlertsOnAllFields ?? fields.reduce((sum, field) => sum + field.alerts.length, 0);
  const simulated = fields.some((field) => field.health?.simulated || field.alerts.some((alert) => alert.simulated));

  const week: WeekDigest = {
    weekStart: options.weekStart,
    fields: fields.map((field) => ({
      fieldId: field.id,
      fieldName: field.name,
      health: field.health && {
        status: field.health.status,
        ndvi: field.health.ndvi,
        date: field.health.date,
        previousNdvi: field.previousHealth?.ndvi ?? null,
        previousDate: field.previousHealth?.date ?? null,
        simulated: field.health.simulated,
      },
      water: digestWaterText(field.water, language, today),
      openAlerts: field.alerts.length,
    })),
    actions: actions.map((action) => ({
      fieldId: action.field.id,
      fieldName: action.field.name,
      text: action.text,
      severity: action.severity,
    })),
    openAlerts,
    simulated,
  };

  const healthLines = (field: DigestField): string[] => {
    if (!field.health) return [t('digest.healthNone')];
    const ndvi = formatFigure(Math.round(field.health.ndvi * 100) / 100, language);
    const lines = [
      t('digest.health', {
        status: t(`digest.healthStatus.${field.health.status}`),
        ndvi,
        day: formatDayForReading(field.health.date, language),
      }),
    ];
    if (field.previousHealth) {
      const change = Math.round((field.health.ndvi - field.previousHealth.ndvi) * 100) / 100;
      const signed = `${change > 0 ? '+' : ''}${formatFigure(change, language)}`;
      lines.push(t('digest.healthChange', { change: signed, previousDay: formatDayForReading(field.previousHealth.date, language) }));
    }
    return lines;
  };

  const subject = t('digest.subject', { product, weekStart: formatDayForReading(options.weekStart, language) });
  const fieldBlocks = fields.map((field) => [field.name, ...healthLines(field), digestWaterText(field.water, language, today)]);
  const actionLines = actions.map((action) => `${action.field.name}: ${action.text}`);
  const alertLines = fields.flatMap((field) =>
    field.alerts.map((alert) => `${t(`alerts.severities.${alert.severity}`)} - ${field.name} - ${alert.title}: ${alert.message}`),
  );

  const text = [
    t('digest.greeting', { name: options.personName }),
    t('digest.intro', { count: fields.length }),
    '',
    t('digest.actionsHeading'),
    ...(actionLines.length > 0 ? actionLines.map((line) => `- ${line}`) : [t('digest.noActions')]),
    '',
    t('digest.fieldsHeading'),
    ...fieldBlocks.map((block) => block.map((line, index) => (index === 0 ? line : `  ${line}`)).join('\n')),
    '',
    t('digest.alertsHeading'),
    ...(alertLines.length > 0 ? alertLines.map((line) => `- ${line}`) : [t('digest.noAlerts')]),
    ...(simulated ? ['', t('digest.simulated')] : []),
    '',
    t('digest.footer', { product, url: options.appUrl }),
  ].join('\n');

  const list = (items: string[]) => `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
  const html = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;font-size:15px;color:#1c1917;max-width:600px">',
    `<p>${escapeHtml(t('digest.greeting', { name: options.personName }))}</p>`,
    `<p>${escapeHtml(t('digest.intro', { count: fields.length }))}</p>`,
    `<h2 style="font-size:17px">${escapeHtml(t('digest.actionsHeading'))}</h2>`,
    actionLines.length > 0 ? list(actionLines) : `<p>${escapeHtml(t('digest.noActions'))}</p>`,
    `<h2 style="font-size:17px">${escapeHtml(t('digest.fieldsHeading'))}</h2>`,
    ...fieldBlocks.map(([name, ...lines]) => `<p><strong>${escapeHtml(name!)}</strong><br>${lines.map(escapeHtml).join('<br>')}</p>`),
    `<h2 style="font-size:17px">${escapeHtml(t('digest.alertsHeading'))}</h2>`,
    alertLines.length > 0 ? list(alertLines) : `<p>${escapeHtml(t('digest.noAlerts'))}</p>`,
    simulated ? `<p style="color:#57534e;font-size:13px">${escapeHtml(t('digest.simulated'))}</p>` : '',
    `<p><a href="${escapeHtml(options.appUrl)}">${escapeHtml(t('digest.footer', { product, url: options.appUrl }))}</a></p>`,
    '</body></html>',
  ].join('\n');

  const smsFields = fields
    .slice(0, 3)
    .map((field) =>
      t('sms.weeklyDigestField', {
        field: field.name,
        status: field.health ? t(`digest.healthStatus.${field.health.status}`) : '-',
      }),
    )
    .join(', ');
  const sms = plainSmsText(
    t('sms.weeklyDigest', {
      product,
      fields: fields.length > 3 ? `${smsFields} +${fields.length - 3}` : smsFields,
      alerts: openAlerts > 0 ? t('sms.weeklyDigestAlerts', { count: openAlerts }) : t('sms.weeklyDigestNoAlerts'),
    }),
  );
  return { subject, text, html, sms, week };
}
