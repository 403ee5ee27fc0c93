import type { NotificationLocale } from '../languages.ts';

/**
 * Chichewa (Chichewa). Awaiting a translation written and reviewed by a Chichewa-speaking agronomist; until then every
 * text falls back to English, and the settings say so. Add texts by key (`texts-en.ts` holds the English of each)
 * and set `reviewed` once a reviewer has read them all in context (SMS on a basic phone included).
 */
export const ny: NotificationLocale = { reviewed: false, texts: {} };
