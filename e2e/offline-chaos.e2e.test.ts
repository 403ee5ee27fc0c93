import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage } from './support/browser.ts';
import { HARSH_CHAOS, startChaosProxy, type ChaosProxy } from './support/chaos-proxy.ts';
import { callApi, startServer, type RunningServer } from './support/server.ts';
import {
  PLANNED_COLLECTIONS,
  plannedFieldBoundary,
  plannedWrites,
  PLAN_PLANTING_DATE,
  readQueue,
  seedQueue,
} from './support/offline-queue.ts';

/**
 * Writes kept offline reach the server over a very bad connection exactly once each: 1,000 writes queued on the
 * phone (new fields, then soil tests, applications, irrigations and rain on them and on two fields the server has),
 * sent through a proxy that loses 30 % of the requests, 30 % of the answers (after the server did the work) and
 * holds back 30 %. While they travel the farmer renames a field three times through its edit form, so the edits join
 * an update on its way. A field edit made on a version the server has since moved past is settled in the conflict
 * dialog. (bench:offline-chaos runs the same at 10,000.)
 */

const QUEUED_WRITES = 1000;

let server: RunningServer;
let proxy: ChaosProxy;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  proxy = await startChaosProxy(server.url, { seed: 7, shares: HARSH_CHAOS });
});
afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await server?.stop();
});

/** Every id of a collection on one field, through the API a page at a time. */
async function storedIds(token: string, collection: string, fieldId: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ fieldId, limit: '500', ...(cursor ? { cursor } : {}) });
    const { status, body } = await callApi(server, token, 'GET', `${collection}?${query}`);
    expect(status).toBe(200);
    const page = body as unknown as { data: { id: string }[]; page: { nextCursor: string | null } };
    ids.push(...page.data.map((record) => record.id));
    cursor = page.page.nextCursor;
  } while (cursor);
  return ids;
}

/** Renames a field through its page's edit form, as a farmer would. */
async function renameField(page: Page, fieldId: string, name: string) {
  await page.goto(`/fields/${fieldId}`);
  await page.getByRole('button', { name: 'Edit field' }).click();
  await page.getByLabel('Field name').fill(name);
  await page.getByRole('button', { name: /^Save/ }).click();
  await page
    .getByText(/Saved on this device|Field saved/)
    .first()
    .waitFor();
}

describe('offline writes over a very bad connection', () => {
  it(
    `sends ${QUEUED_WRITES} queued writes once each while a field is edited, and settles a field edit the server changed meanwhile`,
    { timeout: 420_000 },
    async () => {
      const { context, page } = await newPage(browser, proxy.url, desktop, { serviceWorkers: 'allow' });
      // Signed up through the proxy (sign-in is never disturbed), the session stored as the app stores it.
      const registered = await fetch(`${proxy.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: `chaos.${Date.now()}@example.org`,
          password: 'maize-season-2026',
          name: 'Rudo Chikore',
          country: 'ZW',
        }),
      });
      expect(registered.status).toBe(201);
      const { access_token: token, user } = (await registered.json()) as { access_token: string; user: { id: string } };
      await page.goto('/terms');
      await page.evaluate((session) => localStorage.setItem('murimi.access_token', session), token);

      const farm = (await callApi(server, token, 'POST', '/api/farms', { name: 'Chikore Farm' })).body.data as { id: string };
      const existing: { id: string; lastModified: string }[] = [];
      for (const [index, name] of [
        [100, 'Vlei Block'],
        [101, 'Dam Block'],
      ] as const) {
        const created = await callApi(server, token, 'POST', '/api/fields', {
          name,
          farmId: farm.id,
          boundary: plannedFieldBoundary(index),
          cropType: 'maize-grain',
          plantingDate: PLAN_PLANTING_DATE,
        });
        expect(created.status).toBe(201);
        existing.push(created.body.data as { id: string; lastModified: string });
      }
      const [vlei, dam] = existing as [{ id: string; lastModified: string }, { id: string; lastModified: string }];
      // The server's Vlei Block moves on after the phone last saw it: the phone's edit will be based on a stale version.
      expect(
        (await callApi(server, token, 'PUT', `/api/fields/${vlei.id}`, { name: 'Vlei Block (office)', plantingDate: '2025-10-25' })).status,
      ).toBe(200);

      await page.goto('/dashboard');
      const indicator = page.getByTestId('sync-indicator').locator('visible=true');
      await indicator.waitFor();
      const databaseName = `murimi-${user.id}`;
      // The app opens this person's database once signed in; the writes go into that database.
      await page.waitForFunction(async (name) => (await indexedDB.databases()).some((db) => db.name === name), databaseName);

      await context.setOffline(true);
      await expect.poll(() => indicator.getAttribute('data-state')).toBe('offline');
      const { writes } = plannedWrites({
        count: QUEUED_WRITES - 1,
        newFields: 3,
        farmId: farm.id,
        existingFieldIds: [vlei.id, dam.id],
        newId: () => crypto.randomUUID(),
      });
      await seedQueue(page, user.id, writes.slice(0, QUEUED_WRITES / 2));
      // The field edit, made half-way through, on the version the phone last saw.
      await page.evaluate(
        ({ name, personId, fieldId, basedOn }) =>
          new Promise<void>((resolve, reject) => {
            const opening = indexedDB.open(name);
            opening.onsuccess = () => {
              const db = opening.result;
              const tx = db.transaction(['syncQueue', 'fields'], 'readwrite');
              const changes = { name: 'Vlei Block North', plantingDate: '2025-10-28' };
              const id = `${fieldId}:update`;
              tx.objectStore('syncQueue').put({
                id,
                action: 'UPDATE_FIELD',
                data: { id: fieldId, lastModified: basedOn, changes },
                sequence: 500.5,
                revision: 1,
                personId,
                timestamp: Date.now(),
                retryCount: 0,
                maxRetries: 3,
                state: 'pending',
              });
              tx.objectStore('fields').put({ id: fieldId, date: changes.plantingDate, lastModified: Date.now(), data: changes });
              tx.oncomplete = () => (db.close(), resolve());
              tx.onerror = () => reject(tx.error);
            };
            opening.onerror = () => reject(opening.error);
          }),
        { name: databaseName, personId: user.id, fieldId: vlei.id, basedOn: vlei.lastModified },
      );
      await seedQueue(page, user.id, writes.slice(QUEUED_WRITES / 2));
      expect(await readQueue(page, databaseName)).toHaveLength(QUEUED_WRITES);

      // Back online: the app sends on its own (the 'online' event and its 5 s poll). The farmer renames Dam Block
      // three times while the queue drains: each rename joins the queue behind the writes still waiting.
      const started = Date.now();
      await context.setOffline(false);
      let lastDamName = '';
      for (const attempt of [1, 2, 3]) {
        lastDamName = `Dam Block, edit ${attempt}`;
        await renameField(page, dam.id, lastDamName);
      }
      await expect
        .poll(
          async () => (await readQueue(page, databaseName)).filter((item) => item.state === 'pending' || item.state === 'waiting').length,
          {
            timeout: 300_000,
            interval: 1000,
          },
        )
        .toBe(0);
      const drainedMs = Date.now() - started;
      expect(await readQueue(page, databaseName)).toEqual([{ id: `${vlei.id}:update`, action: 'UPDATE_FIELD', state: 'conflict' }]);

      // The writes were put into IndexedDB behind the app's back, so this page's live views of the queue never
      // heard of them; opened afresh, the page reads the queue as it is.
      await page.goto('/dashboard');
      await expect.poll(() => indicator.getAttribute('aria-label')).toBe('Sync status: Online, 1 to review');
      await indicator.click();
      const panel = page.getByRole('dialog', { name: 'Sync status' });
      await panel.getByRole('button', { name: 'Choose what to keep' }).click();
      // Settled as the farmer would: their name, the office's planting date.
      const choice = page.getByRole('dialog', { name: 'Choose what to keep' });
      await choice
        .getByRole('group', { name: 'Field name' })
        .getByRole('radio', { name: /Keep mine/ })
        .check();
      await choice
        .getByRole('group', { name: 'Planting date' })
        .getByRole('radio', { name: /Keep the server’s/ })
        .check();
      await choice.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => readQueue(page, databaseName), { timeout: 60_000, interval: 500 }).toEqual([]);

      // Every write on the server once: none lost, none made twice.
      let rows = 0;
      for (const [action, collection] of Object.entries(PLANNED_COLLECTIONS)) {
        const planned = writes.filter((write) => write.action === action);
        for (const fieldId of new Set(planned.map((write) => write.data.fieldId as string))) {
          const expected = planned.filter((write) => write.data.fieldId === fieldId).map((write) => write.data.id as string);
          const stored = await storedIds(token, collection, fieldId);
          expect({ collection, fieldId, count: stored.length }).toEqual({ collection, fieldId, count: expected.length });
          expect(new Set(stored)).toEqual(new Set(expected));
          rows += stored.length;
        }
      }
      for (const write of writes.filter((planned) => planned.action === 'CREATE_FIELD')) {
        expect((await callApi(server, token, 'GET', `/api/fields/${write.data.id as string}`)).status).toBe(200);
        rows += 1;
      }
      // Every value the last one typed, or the one chosen.
      expect((await callApi(server, token, 'GET', `/api/fields/${dam.id}`)).body.data).toMatchObject({ name: lastDamName });
      expect((await callApi(server, token, 'GET', `/api/fields/${vlei.id}`)).body.data).toMatchObject({
        name: 'Vlei Block North',
        plantingDate: '2025-10-25',
      });

      // The connection really was bad, and in the hard way: answers lost after the server had done the work.
      expect(proxy.counts.droppedRequests).toBeGreaterThan(0);
      expect(proxy.counts.droppedResponses).toBeGreaterThan(0);
      expect(proxy.counts.delayed).toBeGreaterThan(0);
      const resent = [...proxy.arrivals.entries()].filter(([key, count]) => key.startsWith('POST') && count > 1).length;
      expect(resent).toBeGreaterThan(0);
      console.log(
        `offline chaos, ${QUEUED_WRITES} writes: drained in ${(drainedMs / 1000).toFixed(1)} s; ${proxy.counts.writes} write requests, ` +
          `${proxy.counts.droppedRequests} lost, ${proxy.counts.droppedResponses} answers lost, ${proxy.counts.delayed} delayed; ` +
          `${resent} creates reached the server more than once; ${rows} rows stored, each once; last names compared: 2`,
      );
      await context.close();
    },
  );
});
