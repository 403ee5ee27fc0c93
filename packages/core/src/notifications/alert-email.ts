/**
 * The e-mail that tells a person of new alerts: one message for the alerts of one evaluation (not one per alert),
 * as plain text and as simple HTML (no images, no scripts, one column: it reads on a phone's mail app).
 */
import type { AlertSeverity } from '../alerts/alert.ts';
import { readAlert, type AlertWording } from './alert-texts.ts';
import { notificationText, type NotificationLanguage } from './languages.ts';
import { formatDayForReading } from './notification-format.ts';

export interface EmailedAlert {
  alert: AlertWording & { severity: AlertSeverity; date: string; simulated: boolean };
  fieldName: string;
}

export interface ComposedEmail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

const SEVERITY_COLOURS: Record<AlertSeverity, string> = { info: '#1d4ed8', warning: '#b45309', critical: '#b91c1c' };

export function alertEmail(options: {
  alerts: readonly EmailedAlert[];
  language: NotificationLanguage;
  productName: string;
  /** The alerts screen, and the settings where the person changes what reaches them. */
  alertsUrl: string;
  settingsUrl: string;
}): ComposedEmail {
  const { alerts, language, productName: product } = options;
  const t = (key: Parameters<typeof notificationText>[1], params = {}) => notificationText(language, key, params);
  const read = alerts.map(({ alert, fieldName }) => ({ alert, fieldName, reading: readAlert(alert, language) }));
  const subject =
    read.length === 1
      ? t('email.alertSubject', { product, title: read[0]!.reading.title, field: read[0]!.fieldName })
      : t('email.alertsSubject', { product, count: read.length });

  const textBlocks = read.map(({ alert, fieldName, reading }) => {
    const lines = [
      `${t(`alerts.severities.${alert.severity}`)} - ${fieldName} - ${reading.title} (${formatDayForReading(alert.date, language)})`,
      reading.message,
      t('email.whatToDo', { action: reading.action }),
      t('email.evidence'),
      ...reading.evidence.values.map(
        (value) => `  ${value.label}: ${value.text}${value.date ? ` (${formatDayForReading(value.date, language)})` : ''}`,
      ),
      t('email.source', { source: reading.evidence.source }),
      t('email.dataSource', { dataSource: reading.evidence.dataSource }),
      ...reading.evidence.caveats.map((caveat) => `  * ${caveat}`),
      ...(alert.simulated ? [t('alerts.simulated')] : []),
    ];
    return lines.join('\n');
  });
  const text = [
    t('email.alertsIntro'),
    '',
    textBlocks.join('\n\n'),
    '',
    t('email.openAlerts', { url: options.alertsUrl }),
    t('email.footer', { product, url: options.settingsUrl }),
  ].join('\n');

  const htmlBlocks = read.map(({ alert, fieldName, reading }) => {
    const colour = SEVERITY_COLOURS[alert.severity];
    const rows = reading.evidence.values
      .map(
        (value) =>
          `<li>${escapeHtml(value.label)}: <strong>${escapeHtml(value.text)}</strong>${
            value.date ? ` (${escapeHtml(formatDayForReading(value.date, language))})` : ''
          }</li>`,
      )
      .join('');
    const caveats = reading.evidence.caveats.map((caveat) => `<li>${escapeHtml(caveat)}</li>`).join('');
    return [
      `<div style="border-left:4px solid ${colour};padding:8px 12px;margin:16px 0">`,
      `<p style="margin:0;color:${colour};font-weight:bold">${escapeHtml(t(`alerts.severities.${alert.severity}`))} · ${escapeHtml(fieldName)} · ${escapeHtml(reading.title)}</p>`,
      `<p style="margin:8px 0">${escapeHtml(reading.message)}</p>`,
      `<p style="margin:8px 0"><strong>${escapeHtml(t('email.whatToDo', { action: reading.action }))}</strong></p>`,
      `<p style="margin:8px 0 4px">${escapeHtml(t('email.evidence'))}</p><ul style="margin:0">${rows}</ul>`,
      `<p style="margin:8px 0;color:#57534e;font-size:13px">${escapeHtml(t('email.source', { source: reading.evidence.source }))}<br>${escapeHtml(
        t('email.dataSource', { dataSource: reading.evidence.dataSource }),
      )}</p>`,
      caveats ? `<ul style="color:#57534e;font-size:13px">${caveats}</ul>` : '',
      alert.simulated ? `<p style="color:#57534e;font-size:13px">${escapeHtml(t('alerts.simulated'))}</p>` : '',
      '</div>',
    ].join('');
  });
  const html = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;font-size:15px;color:#1c1917;max-width:600px">',
    `<p>${escapeHtml(t('email.alertsIntro'))}</p>`,
    ...htmlBlocks,
    `<p><a href="${escapeHtml(options.alertsUrl)}">${escapeHtml(t('email.openAlerts', { url: options.alertsUrl }))}</a></p>`,
    `<p style="color:#57534e;font-size:13px">${escapeHtml(t('email.footer', { product, url: options.settingsUrl }))}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
