import type { WaterRecordsBeforePlantingChoice } from '@murimi/core';
import type { LocalRecordTable, SyncAction } from '../../lib/offline-db.ts';

/** An update as it is queued: the record's id, the `lastModified` the edit was based on, and the keys changed. */
export interface QueuedUpdate {
  id: string;
  /** The version the edit was based on (sent as If-Match); unknown only when a server's answer did not carry one. */
  lastModified?: string;
  changes: Record<string, unknown>;
  /**
   * The record as the person saw it when they edited it (the server's copy then), so that a record deleted on the
   * server meanwhile can be added again with their changes. Absent on writes kept by older versions.
   */
  seen?: Record<string, unknown>;
  /**
   * Answers to a question the server asked of this change (a later planting date leaving water records before it:
   * keep or delete them), sent beside the changes. Not part of the record, so never compared with it.
   */
  answers?: { waterRecordsBeforePlanting?: WaterRecordsBeforePlantingChoice };
}

export interface SyncRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: unknown;
  /** For an update: the version it was based on (sent as If-Match). */
  basedOn?: string;
  /** The person whose write this is: it goes under their session or not at all. */
  personId: string;
}

interface ActionDefinition {
  kind: 'create' | 'update';
  /** Where the record waits on this device until the server has it. */
  table: LocalRecordTable;
  collection: string;
  /** Creates that go many to a request (`POST <collection>/batch`, per-item answers); the others go one at a time. */
  batched: boolean;
  /** The key naming the record this one belongs to (a soil test's field): that record's create is sent first. */
  parentKey?: 'fieldId';
  /** For a create: the update that carries later changes of the same record, once the server has it. */
  updateAction?: SyncAction;
  /** For an update: the create that adds the record again when it was deleted on the server. */
  createAction?: SyncAction;
}

/**
 * The writes that can be made offline (spec §4), and how each is sent. Creates carry their client id, so sending
 * one twice makes one record; an update carries the version it was based on, so it cannot overwrite a newer one.
 */
const ACTIONS: Record<SyncAction, ActionDefinition> = {
  CREATE_FIELD: { kind: 'create', table: 'fields', collection: '/api/fields', batched: false, updateAction: 'UPDATE_FIELD' },
  UPDATE_FIELD: { kind: 'update', table: 'fields', collection: '/api/fields', batched: false, createAction: 'CREATE_FIELD' },
  CREATE_SOIL_TEST: { kind: 'create', table: 'soilTests', collection: '/api/soil-tests', batched: true, parentKey: 'fieldId' },
  CREATE_FERTILIZER_APPLICATION: {
    kind: 'create',
    table: 'fertilizerApplications',
    collection: '/api/fertilizer-applications',
    batched: true,
    parentKey: 'fieldId',
  },
  CREATE_IRRIGATION_EVENT: {
    kind: 'create',
    table: 'irrigationEvents',
    collection: '/api/irrigation-events',
    batched: true,
    parentKey: 'fieldId',
  },
  CREATE_RAIN_READING: { kind: 'create', table: 'rainReadings', collection: '/api/rain-readings', batched: true, parentKey: 'fieldId' },
  // One at a time: a visit carries its photos (up to ~1 MB of base64), too much to send a hundred in one request.
  CREATE_VISIT: { kind: 'create', table: 'visits', collection: '/api/visits', batched: false, parentKey: 'fieldId' },
};

export const SYNC_ACTIONS = Object.keys(ACTIONS) as SyncAction[];

/** Whether this version of the app knows how to send `action` (a queue kept by another version may hold others). */
export const isKnownAction = (action: string): action is SyncAction => Object.hasOwn(ACTIONS, action);

/** The definition of an action; any other name is a programming error, refused loudly. */
export function actionDefinition(action: string): ActionDefinition {
  if (!isKnownAction(action)) throw new Error(`Unknown offline action "${action}"; it cannot be queued or sent.`);
  return ACTIONS[action];
}

/** The keys a field is created with besides its id, in the order a farmer reads them (the create schema's keys). */
export const FIELD_KEYS = [
  'name',
  'farmId',
  'boundary',
  'cropType',
  'variety',
  'plantingDate',
  'expectedHarvestDate',
  'actualHarvestDate',
  'soilTexture',
  'irrigated',
] as const;

/** The record a write belongs to (a soil test's field), when its kind has one. */
export function parentOf(action: string, data: Record<string, unknown>): string | undefined {
  const parentKey = isKnownAction(action) ? ACTIONS[action].parentKey : undefined;
  const parent = parentKey ? data[parentKey] : undefined;
  return typeof parent === 'string' ? parent : undefined;
}

/** The request that carries one queued write to the server. */
export function syncRequest(action: SyncAction, data: Record<string, unknown>, personId: string): SyncRequest {
  const definition = actionDefinition(action);
  if (definition.kind === 'create') return { method: 'POST', path: definition.collection, body: data, personId };
  const update = data as unknown as QueuedUpdate;
  return {
    method: 'PUT',
    path: `${definition.collection}/${update.id}`,
    body: { ...update.changes, ...update.answers },
    // An update whose base is not known goes without If-Match rather than with a made-up one.
    ...(typeof update.lastModified === 'string' ? { basedOn: update.lastModified } : {}),
    personId,
  };
}

/** The request that carries many queued creates of one kind: `{ items }`, answered item by item. */
export function batchRequest(action: SyncAction, items: Record<string, unknown>[], personId: string): SyncRequest {
  return { method: 'POST', path: `${actionDefinition(action).collection}/batch`, body: { items }, personId };
}

/** The create that adds a record deleted on the server again: what the person saw, with their changes, under its id. */
export function recreatedRecord(update: QueuedUpdate): Record<string, unknown> | null {
  if (!update.seen) return null;
  const record: Record<string, unknown> = { id: update.id };
  for (const key of FIELD_KEYS) {
    const value = key in update.changes ? update.changes[key] : update.seen[key];
    if (value !== undefined && value !== null) record[key] = value;
  }
  return record;
}

/**
 * Whether the server's record already holds every change of an update: a replay of an update whose answer was
 * lost (the server took it, the phone never heard) comes back as a conflict with exactly these values.
 */
export function holdsChanges(current: Record<string, unknown>, changes: Record<string, unknown>): boolean {
  return Object.keys(differingChanges(changes, current)).length === 0;
}

/**
 * The keys of `mine` whose value `other` does not hold: what still has to be sent after the server took `other` (what
 * was sent, or the record it answered with). The id is not compared. `shownOnly` leaves out keys `other` does not
 * show at all, for a server record that names an input differently (a volume stored as a depth).
 */
export function differingChanges(
  mine: Record<string, unknown>,
  other: Record<string, unknown>,
  { shownOnly = false }: { shownOnly?: boolean } = {},
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(mine).filter(([key, value]) => key !== 'id' && (!shownOnly || key in other) && !sameValue(other[key], value)),
  );
}

/** Whether two change sets set the same values. */
export const sameChanges = (a: Record<string, unknown>, b: Record<string, unknown>): boolean => sameValue(a, b);

/** Numbers the server stores as doubles or rounds to 9 decimals (PostGIS coordinates) match within this much. */
const NUMBER_TOLERANCE = 1e-8;

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // A key sent as null or left out reads back as null.
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= NUMBER_TOLERANCE;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((inner, index) => sameValue(inner, b[index]));
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const left = a as Record<string, unknown>;
    const right = b as Record<string, unknown>;
    const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
    return [...keys].every((key) => sameValue(left[key], right[key]));
  }
  return false;
}
