import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SyncQueueItem } from '../../../lib/offline-db.ts';
import { formatDate } from '../../../lib/format.ts';
import { useFieldNames } from '../../fields/api/fields.ts';
import { usePendingRecords } from '../pending-records.ts';
import { recordIdOf } from '../outbox.ts';
import { isKnownAction, type QueuedUpdate } from '../sync-actions.ts';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The record's own day, whichever kind it is (a soil test's sample date, an irrigation's date…). */
const recordDay = (data: Record<string, unknown>) =>
  text(data.sampleDate) ?? text(data.applicationDate) ?? text(data.irrigationDate) ?? text(data.readingDate);

/** The record a queued write is about, by name: the field it is or belongs to; undefined when not known. */
export function writeSubject(item: SyncQueueItem, fieldNames: ReadonlyMap<string, string>): string | undefined {
  const data = item.data;
  if (item.action === 'CREATE_FIELD') return text(data.name);
  if (item.action === 'UPDATE_FIELD') return fieldNames.get(recordIdOf(item)) ?? text((data as unknown as QueuedUpdate).changes?.name);
  const fieldId = text(data.fieldId);
  return fieldId && fieldNames.get(fieldId);
}

/**
 * A queued write in a farmer's words: what it is, which field, and the record's day, e.g. "Soil test · Block A ·
 * 12 Nov 2026". Parts that are not known are left out; `fieldNames` holds the server's fields and those made here.
 */
export function describeWrite(item: SyncQueueItem, fieldNames: ReadonlyMap<string, string>, kindLabel: (action: string) => string): string {
  const day = recordDay(item.data);
  return [kindLabel(item.action), writeSubject(item, fieldNames), day && formatDate(day)].filter(Boolean).join(' · ');
}

/**
 * `describeWrite` and `writeSubject` with the names of the person's fields, including fields made on this device
 * and not yet sent.
 */
export function useWriteWording(): {
  describe: (item: SyncQueueItem) => string;
  subject: (item: SyncQueueItem) => string;
  /** The name of the field a waiting write waits for, when known. */
  fieldName: (fieldId: string | undefined) => string | undefined;
} {
  const { t } = useTranslation();
  const serverNames = useFieldNames();
  const pendingFields = usePendingRecords('fields');
  const names = useMemo(() => {
    const all = new Map(serverNames);
    for (const pending of pendingFields) {
      const name = text(pending.record.data.name);
      if (name && !all.has(pending.record.id)) all.set(pending.record.id, name);
    }
    return all;
  }, [serverNames, pendingFields]);
  // A kind of write another version of the app kept is still named, as a change.
  const kindLabel = (action: string) => (isKnownAction(action) ? t(`sync.kinds.${action}`) : t('sync.kinds.unknown'));
  return {
    describe: (item) => describeWrite(item, names, kindLabel),
    subject: (item) => writeSubject(item, names) ?? kindLabel(item.action),
    fieldName: (fieldId) => (fieldId ? names.get(fieldId) : undefined),
  };
}
