import { useEffect, useSyncExternalStore } from 'react';
import type { FieldSummary } from '@murimi/core';

/**
 * The field the person is looking at, remembered between visits (spec §4 Field selection): restored from
 * storage as a placeholder, matched against the loaded fields and cleared when gone, the first field chosen
 * when none is, and cleared when the chosen field is removed.
 */
const KEY = 'murimi.selected_field';
type Listener = () => void;
const listeners = new Set<Listener>();

/** The field chosen on this device, as stored (it may since have been removed). */
export function storedSelectedFieldId(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function selectField(fieldId: string | null): void {
  if (fieldId) localStorage.setItem(KEY, fieldId);
  else localStorage.removeItem(KEY);
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The choice to keep once the fields have loaded: the stored one if it still exists; else (none stored, or
 * the stored field was removed) the first field, or nothing when there are no fields.
 */
export function reconcileSelection(stored: string | null, fieldIds: readonly string[]): string | null {
  if (stored && fieldIds.includes(stored)) return stored;
  return fieldIds[0] ?? null;
}

/** The chosen field id once `fields` has loaded; keeps the choice valid as fields come and go. */
export function useSelectedFieldId(fields: FieldSummary[] | undefined): string | null {
  const stored = useSyncExternalStore(subscribe, storedSelectedFieldId, () => null);
  useEffect(() => {
    if (!fields) return;
    const next = reconcileSelection(
      stored,
      fields.map((f) => f.id),
    );
    if (next !== stored) selectField(next);
  }, [fields, stored]);
  if (!fields) return stored;
  return stored && fields.some((f) => f.id === stored) ? stored : null;
}
