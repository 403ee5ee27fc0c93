import type { NotificationLocale } from '../languages.ts';

/**
 * Portuguese (Português). Awaiting a translation written and reviewed by a Portuguese-speaking agronomist; until then every
 * text falls back to English, and the settings say so. Add texts by key (`texts-en.ts` holds the English of each)
 * and set `reviewed` once a reviewer has read them all in context (SMS on a basic phone included).
 */
export const pt: NotificationLocale = { reviewed: false, texts: {} };
