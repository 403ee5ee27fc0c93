import type { LocalRecordTable, SyncAction } from '../../lib/offline-db.ts';

/** An update as it is queued: the record's id, the `lastModified` the edit was based on, and the keys changed. */
export interface QueuedUpdate {
  id: string;
  lastModified: string;
  changes: Record<string, unknown>;
}

export interface SyncRequest {
  method: 'POST' | 'PUT';
  path: string;
  body: unknown;
  /** For an update: the version it was based on (sent as If-Match). */
  basedOn?: string;
}

interface ActionDefinition {
  kind: 'create' | 'update';
  /** Where the record waits on this device until the server has it. */
  table: LocalRecordTable;
  collection: string;
}

/**
 * The writes that can be made offline (spec §4), and how each is sent. Creates carry their client id, so sending
 * one twice makes one record; an update carries the version it was based on, so it cannot overwrite a newer one.
 */
const ACTIONS: Record<SyncAction, ActionDefinition> = {
  CREATE_FIELD: { kind: 'create', table: 'fields', collection: '/api/fields' },
  UPDATE_FIELD: { kind: 'update', table: 'fields', collection: '/api/fields' },
  CREATE_SOIL_TEST: { kind: 'create', table: 'soilTests', collection: '/api/soil-tests' },
  CREATE_FERTILIZER_APPLICATION: { kind: 'create', table: 'fertilizerApplications', collection: '/api/fertilizer-applications' },
  CREATE_IRRIGATION_EVENT: { kind: 'create', table: 'irrigationEvents', collection: '/api/irrigation-events' },
  CREATE_RAIN_READING: { kind: 'create', table: 'rainReadings', collection: '/api/rain-readings' },
};

export const SYNC_ACTIONS = Object.keys(ACTIONS) as SyncAction[];

/** The definition of an action; any other name is a programming error, refused loudly. */
export function actionDefinition(action: string): ActionDefinition {
  const definition = (ACTIONS as Record<string, ActionDefinition | undefined>)[action];
  if (!definition) throw new Error(`Unknown offline action "${action}"; it cannot be queued or sent.`);
  return definition;
}

/** The request that carries a queued write to the server. */
export function syncRequest(action: SyncAction, data: Record<string, unknown>): SyncRequest {
  const definition = actionDefinition(action);
  if (definition.kind === 'create') return { method: 'POST', path: definition.collection, body: data };
  const update = data as unknown as QueuedUpdate;
  return { method: 'PUT', path: `${definition.collection}/${update.id}`, body: update.changes, basedOn: update.lastModified };
}

/**
 * Whether the server's record already holds every change of an update: a replay of an update whose answer was
 * lost (the server took it, the phone never heard) comes back as a conflict with exactly these values.
 */
export function holdsChanges(current: Record<string, unknown>, changes: Record<string, unknown>): boolean {
  return Object.entries(changes).every(([key, value]) => sameValue(current[key], value));
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/** Objects with their keys sorted, so two equal boundaries compare equal whatever order their keys came in. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, canonical(inner)]),
    );
  }
  return value;
}
