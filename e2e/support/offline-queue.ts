import type { Page } from 'playwright-core';

/** A field of about 30 ha near Harare, for tests that need one field and do not care about its shape. */
export const smallFieldBoundary = {
  type: 'Polygon',
  coordinates: [
    [
      [31.05, -17.83],
      [31.055, -17.83],
      [31.055, -17.835],
      [31.05, -17.835],
      [31.05, -17.83],
    ],
  ],
};

export interface QueueRow {
  id: string;
  action: string;
  state: string;
}

/** The device's queue of writes as IndexedDB holds it (`murimi-<userId>`), read without the app's code. */
export function readQueue(page: Page, databaseName: string): Promise<QueueRow[]> {
  return page.evaluate(
    (name) =>
      new Promise<QueueRow[]>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          const all = db.transaction('syncQueue').objectStore('syncQueue').getAll();
          all.onsuccess = () => {
            db.close();
            resolve((all.result as QueueRow[]).map(({ id, action, state }) => ({ id, action, state })));
          };
          all.onerror = () => reject(all.error);
        };
      }),
    databaseName,
  );
}

/** A write as a form hands it to the offline queue: its action and body. */
export interface PlannedWrite {
  action: 'CREATE_FIELD' | 'CREATE_SOIL_TEST' | 'CREATE_FERTILIZER_APPLICATION' | 'CREATE_IRRIGATION_EVENT' | 'CREATE_RAIN_READING';
  data: Record<string, unknown>;
}

/** The planting date of the fields the plan makes: water can be logged from the day after, well inside the season. */
export const PLAN_PLANTING_DATE = '2025-11-01';

const dayAfterPlanting = (days: number) => new Date(Date.UTC(2025, 10, 1 + days)).toISOString().slice(0, 10);

/** A field of about 30 ha, the `index`th of a row running east near Harare (no two overlap). */
export function plannedFieldBoundary(index: number) {
  const west = 31.1 + index * 0.006;
  return {
    type: 'Polygon',
    coordinates: [
      [
        [west, -17.83],
        [west + 0.005, -17.83],
        [west + 0.005, -17.835],
        [west, -17.835],
        [west, -17.83],
      ],
    ],
  };
}

/**
 * `count` writes a season of offline work might leave in a phone's queue: the creates of `newFields` fields (on
 * `farmId`), then soil tests, fertilizer applications, irrigations and rain readings in turn on those fields and on
 * `existingFieldIds`, each field's water on days of their own (a field takes one rain reading a day). `newId` makes
 * the client ids (the page's or Node's `crypto.randomUUID`).
 */
export function plannedWrites(options: {
  count: number;
  newFields: number;
  farmId: string;
  existingFieldIds: string[];
  newId: () => string;
}): { writes: PlannedWrite[]; newFieldIds: string[] } {
  const writes: PlannedWrite[] = [];
  const newFieldIds: string[] = [];
  for (let i = 0; i < options.newFields; i++) {
    const id = options.newId();
    newFieldIds.push(id);
    writes.push({
      action: 'CREATE_FIELD',
      data: {
        id,
        name: `Planned field ${i + 1}`,
        farmId: options.farmId,
        boundary: plannedFieldBoundary(i),
        cropType: 'maize-grain',
        plantingDate: PLAN_PLANTING_DATE,
        irrigated: true,
      },
    });
  }
  const fieldIds = [...newFieldIds, ...options.existingFieldIds];
  const kinds: PlannedWrite['action'][] = [
    'CREATE_SOIL_TEST',
    'CREATE_FERTILIZER_APPLICATION',
    'CREATE_IRRIGATION_EVENT',
    'CREATE_RAIN_READING',
  ];
  for (let i = 0; writes.length < options.count; i++) {
    const fieldId = fieldIds[i % fieldIds.length]!;
    const round = Math.floor(i / fieldIds.length);
    const action = kinds[round % kinds.length]!;
    // The nth write of this kind on this field: its day, so that no field gets two rain readings on one day.
    const day = Math.floor(round / kinds.length) + 1;
    const id = options.newId();
    const data: Record<string, unknown> = {
      CREATE_SOIL_TEST: {
        id,
        fieldId,
        sampleDate: '2025-10-01',
        unit: 'ppm',
        nitrogen: 10 + (i % 25),
        ph: 5.6,
        depthCm: 20,
        notes: `Sample ${i + 1}`,
      },
      CREATE_FERTILIZER_APPLICATION: {
        id,
        fieldId,
        product: 'Urea',
        nitrogenPct: 46,
        phosphatePct: 0,
        potashPct: 0,
        rateKgPerHa: 50,
        applicationDate: dayAfterPlanting(day),
        method: 'top-dress',
      },
      CREATE_IRRIGATION_EVENT: { id, fieldId, irrigationDate: dayAfterPlanting(day), depthMm: 12, method: 'drip' },
      CREATE_RAIN_READING: { id, fieldId, readingDate: dayAfterPlanting(day), rainMm: 6 },
    }[action as Exclude<PlannedWrite['action'], 'CREATE_FIELD'>];
    writes.push({ action, data });
  }
  return { writes, newFieldIds };
}

/** Where each kind of planned record is read back through the API. */
export const PLANNED_COLLECTIONS: Record<Exclude<PlannedWrite['action'], 'CREATE_FIELD'>, string> = {
  CREATE_SOIL_TEST: '/api/soil-tests',
  CREATE_FERTILIZER_APPLICATION: '/api/fertilizer-applications',
  CREATE_IRRIGATION_EVENT: '/api/irrigation-events',
  CREATE_RAIN_READING: '/api/rain-readings',
};

/**
 * Puts `writes` into a person's queue (`murimi-<personId>`) as the app's `queueWrite` keeps them (version 2: each
 * item with its sequence after the queue's last, revision 1 and its person, and the record's local copy), written
 * straight into IndexedDB in one transaction.
 */
export function seedQueue(page: Page, personId: string, writes: PlannedWrite[]): Promise<void> {
  return page.evaluate(
    ({ personId, writes }) =>
      new Promise<void>((resolve, reject) => {
        const tables: Record<string, string> = {
          CREATE_FIELD: 'fields',
          CREATE_SOIL_TEST: 'soilTests',
          CREATE_FERTILIZER_APPLICATION: 'fertilizerApplications',
          CREATE_IRRIGATION_EVENT: 'irrigationEvents',
          CREATE_RAIN_READING: 'rainReadings',
        };
        const opening = indexedDB.open(`murimi-${personId}`);
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          const tx = db.transaction(['syncQueue', ...new Set(Object.values(tables))], 'readwrite');
          const queue = tx.objectStore('syncQueue');
          const last = queue.index('sequence').openCursor(null, 'prev');
          last.onsuccess = () => {
            let sequence = (last.result?.value as { sequence?: number } | undefined)?.sequence ?? 0;
            const madeAt = Date.now() - 60_000;
            for (const { action, data } of writes) {
              const id = data.id as string;
              sequence += 1;
              queue.put({
                id,
                action,
                data,
                sequence,
                revision: 1,
                personId,
                timestamp: madeAt,
                retryCount: 0,
                maxRetries: 3,
                state: 'pending',
              });
              const date = data.sampleDate ?? data.applicationDate ?? data.irrigationDate ?? data.readingDate ?? data.plantingDate;
              tx.objectStore(tables[action]!).put({ id, fieldId: data.fieldId, farmId: data.farmId, date, lastModified: madeAt, data });
            }
          };
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { personId, writes },
  );
}
