/**
 * The languages a farmer can choose for alerts, SMS and the weekly digest, and the one way their texts are looked up:
 * the chosen language's text when it has one, else English (complete), with `{param}` placeholders filled.
 */
import type { ProblemParams } from '../errors.ts';
import { nd } from './locales/nd.ts';
import { ny } from './locales/ny.ts';
import { pt } from './locales/pt.ts';
import { sn } from './locales/sn.ts';
import { NOTIFICATION_TEXTS_EN, type NotificationTextKey } from './texts-en.ts';

export const NOTIFICATION_LANGUAGE_CODES = ['en', 'sn', 'nd', 'ny', 'pt'] as const;
export type NotificationLanguage = (typeof NOTIFICATION_LANGUAGE_CODES)[number];

/** Each language's English and own name, and the locale its dates and numbers are written in once translated. */
export const NOTIFICATION_LANGUAGES: Record<NotificationLanguage, { name: string; nativeName: string; formatLocale: string }> = {
  en: { name: 'English', nativeName: 'English', formatLocale: 'en-GB' },
  sn: { name: 'Shona', nativeName: 'chiShona', formatLocale: 'sn-ZW' },
  nd: { name: 'Ndebele', nativeName: 'isiNdebele', formatLocale: 'nd-ZW' },
  ny: { name: 'Chichewa', nativeName: 'Chichewa', formatLocale: 'ny-MW' },
  pt: { name: 'Portuguese', nativeName: 'Português', formatLocale: 'pt-MZ' },
};

/** One language's texts: any of English's keys. `reviewed` once a speaker of the language has checked every text. */
export interface NotificationLocale {
  reviewed: boolean;
  texts: Partial<Record<NotificationTextKey, string>>;
}

const LOCALES: Record<NotificationLanguage, NotificationLocale> = {
  en: { reviewed: true, texts: NOTIFICATION_TEXTS_EN },
  sn,
  nd,
  ny,
  pt,
};

/** Whether the language's texts are translated and reviewed; until then its texts come in English. */
export function isReviewedLanguage(language: NotificationLanguage): boolean {
  return LOCALES[language].reviewed;
}

/** Fills `{name}` placeholders; a placeholder without a param stays as written, so a missing param shows in tests. */
export function fillTemplate(template: string, params: ProblemParams): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The text of `key` in `language` (English where the language has none), placeholders filled. */
export function notificationText(language: NotificationLanguage, key: NotificationTextKey, params: ProblemParams = {}): string {
  return fillTemplate(LOCALES[language].texts[key] ?? NOTIFICATION_TEXTS_EN[key], params);
}

/** Whether a key is one of the catalogue's (keys stored with alerts come back from the database as plain strings). */
export function isNotificationTextKey(key: string): key is NotificationTextKey {
  return key in NOTIFICATION_TEXTS_EN;
}

/**
 * The locale dates and numbers are written in: the language's own once its texts are reviewed, else English's, so a
 * sentence that falls back to English reads its dates in English too.
 */
export function formatLocaleOf(language: NotificationLanguage): string {
  return isReviewedLanguage(language) ? NOTIFICATION_LANGUAGES[language].formatLocale : NOTIFICATION_LANGUAGES.en.formatLocale;
}
