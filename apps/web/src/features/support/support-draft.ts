import type { SupportMessageCreate } from '@murimi/core';
import { STORAGE_PREFIX } from '../auth/session.ts';

/**
 * The message being written to support, kept on the device until it is sent: a reload, a dropped connection or a
 * failed send loses nothing. Its id is chosen once, so that the same message sent again is taken once. Removed with
 * the account's other local data at sign-out (the prefix), so the next person on a shared phone does not see it.
 */
export type SupportDraft = SupportMessageCreate;

const keyOf = (userId: string) => `${STORAGE_PREFIX}support-draft.${userId}`;

export function newDraft(): SupportDraft {
  return { id: crypto.randomUUID(), topic: 'question', message: '' };
}

export function readDraft(userId: string): SupportDraft {
  try {
    const kept = JSON.parse(localStorage.getItem(keyOf(userId)) ?? 'null') as Partial<SupportDraft> | null;
    if (kept && typeof kept.id === 'string' && typeof kept.message === 'string' && typeof kept.topic === 'string')
      return kept as SupportDraft;
  } catch {
    // A draft this version cannot read starts again.
  }
  return newDraft();
}

export function keepDraft(userId: string, draft: SupportDraft): void {
  if (draft.message.trim() === '') localStorage.removeItem(keyOf(userId));
  else localStorage.setItem(keyOf(userId), JSON.stringify(draft));
}

export function forgetDraft(userId: string): void {
  localStorage.removeItem(keyOf(userId));
}
