import { ACRES_PER_HECTARE } from '@murimi/core';
import { useSyncExternalStore } from 'react';
import { formatFixed } from './format.ts';

/** The person's area unit, kept on this device (Settings → Units). Fields are stored in hectares. */
export type AreaUnit = 'ha' | 'ac';
export const AREA_UNIT_KEY = 'murimi.area_unit';

const listeners = new Set<() => void>();

function read(): AreaUnit {
  try {
    return localStorage.getItem(AREA_UNIT_KEY) === 'ac' ? 'ac' : 'ha';
  } catch {
    return 'ha';
  }
}

export function setAreaUnit(unit: AreaUnit): void {
  try {
    localStorage.setItem(AREA_UNIT_KEY, unit);
  } catch {
    // Private mode or full storage: the choice lasts for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => (event.key === AREA_UNIT_KEY || event.key === null) && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useAreaUnit(): AreaUnit {
  return useSyncExternalStore(subscribe, read, () => 'ha');
}

/** An area in the chosen unit with its symbol, e.g. "2.5 ha" or "6.2 ac". */
export function formatArea(hectares: number, unit: AreaUnit, fractionDigits = 1): string {
  const value = unit === 'ac' ? hectares * ACRES_PER_HECTARE : hectares;
  return `${formatFixed(value, fractionDigits)} ${unit}`;
}
