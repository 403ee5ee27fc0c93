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
