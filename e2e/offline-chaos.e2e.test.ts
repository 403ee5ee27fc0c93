import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage } from './support/browser.ts';
import { startChaosProxy, type ChaosProxy } from './support/chaos-proxy.ts';
import { callApi, startServer, type RunningServer } from './support/server.ts';
import { readQueue, smallFieldBoundary } from './support/offline-queue.ts';

/**
 * Writes kept offline reach the server over a bad connection exactly once each: 200 soil tests and a field edit
 * queued on the phone, sent through a proxy that loses 10 % of the requests, 10 % of the answers (after the server
 * did the work) and holds back 10 %. The edit meets a newer server version and is settled in the conflict dialog.
 */

const SOIL_TESTS = 200;

let server: RunningServer;
let proxy: ChaosProxy;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  proxy = await startChaosProxy(server.url, { seed: 7 });
});
afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await server?.stop();
});

/** Every soil test id of a field, through the API a page at a time. */
async function soilTestIds(token: string, fieldId: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ fieldId, limit: '500', ...(cursor ? { cursor } : {}) });
    const { status, body } = await callApi(server, token, 'GET', `/api/soil-tests?${query}`);
    expect(status).toBe(200);
    const page = body as unknown as { data: { id: string }[]; page: { nextCursor: string | null } };
    ids.push(...page.data.map((test) => test.id));
    cursor = page.page.nextCursor;
  } while (cursor);
  return ids;
}

describe('offline writes over a lossy connection', () => {
  it('sends 200 queued soil tests once each and settles a field edit the server changed meanwhile', { timeout: 300_000 }, async () => {
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
    const created = await callApi(server, token, 'POST', '/api/fields', {
      name: 'Vlei Block',
      farmId: farm.id,
      boundary: smallFieldBoundary,
      cropType: 'maize-grain',
      plantingDate: '2026-11-10',
    });
    expect(created.status).toBe(201);
    const field = created.body.data as { id: string; lastModified: string };
    // The server's record moves on after the phone last saw it: the phone's edit will be based on a stale version.
    const moved = await callApi(server, token, 'PUT', `/api/fields/${field.id}`, {
      name: 'Vlei Block (office)',
      plantingDate: '2026-11-25',
    });
    expect(moved.status).toBe(200);

    await page.goto('/dashboard');
    const indicator = page.getByTestId('sync-indicator').locator('visible=true');
    await indicator.waitFor();
    const databaseName = `murimi-${user.id}`;
    // The app opens this person's database once signed in; the writes go into that database.
    await page.waitForFunction(async (name) => (await indexedDB.databases()).some((db) => db.name === name), databaseName);

    await context.setOffline(true);
    await expect.poll(() => indicator.getAttribute('data-state')).toBe('offline');

    // What `queueWrite` keeps for each write made offline: the queue item and the record as the form made it.
    const queuedIds = await page.evaluate(
      ({ name, fieldId, count, basedOn }) =>
        new Promise<string[]>((resolve, reject) => {
          const opening = indexedDB.open(name);
          opening.onerror = () => reject(opening.error);
          opening.onsuccess = () => {
            const db = opening.result;
            const tx = db.transaction(['syncQueue', 'soilTests', 'fields'], 'readwrite');
            const ids: string[] = [];
            const madeAt = Date.now() - 60_000;
            for (let i = 0; i < count; i++) {
              const id = crypto.randomUUID();
              ids.push(id);
              const data = {
                id,
                fieldId,
                sampleDate: '2026-10-01',
                unit: 'ppm',
                nitrogen: 10 + (i % 25),
                phosphorus: 12,
                potassium: 150,
                ph: 5.6,
                organicMatter: null,
                ec: null,
                depthCm: 20,
                lab: null,
                notes: `Sample ${i + 1}`,
              };
              const timestamp = madeAt + i * 10;
              tx.objectStore('syncQueue').put({
                id,
                action: 'CREATE_SOIL_TEST',
                data,
                timestamp,
                retryCount: 0,
                maxRetries: 3,
                state: 'pending',
              });
              tx.objectStore('soilTests').put({ id, fieldId, date: data.sampleDate, lastModified: timestamp, data });
              if (i === count / 2) {
                // The field edit, made half-way through the soil tests, on the version the phone last saw.
                const changes = { name: 'Vlei Block North', plantingDate: '2026-11-01' };
                tx.objectStore('syncQueue').put({
                  id: `${fieldId}:update`,
                  action: 'UPDATE_FIELD',
                  data: { id: fieldId, lastModified: basedOn, changes },
                  timestamp: timestamp + 5,
                  retryCount: 0,
                  maxRetries: 3,
                  state: 'pending',
                });
                tx.objectStore('fields').put({ id: fieldId, date: changes.plantingDate, lastModified: timestamp + 5, data: changes });
              }
            }
            tx.oncomplete = () => {
              db.close();
              resolve(ids);
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
      { name: databaseName, fieldId: field.id, count: SOIL_TESTS, basedOn: field.lastModified },
    );
    expect(await readQueue(page, databaseName)).toHaveLength(SOIL_TESTS + 1);

    // Back online: the app sends on its own (the 'online' event and its 5 s poll).
    await context.setOffline(false);
    await expect
      .poll(async () => (await readQueue(page, databaseName)).filter((item) => item.state === 'pending').length, {
        timeout: 240_000,
        interval: 1000,
      })
      .toBe(0);
    expect(await readQueue(page, databaseName)).toEqual([{ id: `${field.id}:update`, action: 'UPDATE_FIELD', state: 'conflict' }]);

    // The writes were put into IndexedDB behind the app's back, so this page's live views of the queue never
    // heard of them (another tab's writes they do hear of); opened afresh, the page reads the queue as it is.
    await page.reload();
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
    await expect.poll(() => readQueue(page, databaseName), { timeout: 30_000, interval: 500 }).toEqual([]);

    // Every soil test on the server once, none lost, none made twice.
    const stored = await soilTestIds(token, field.id);
    expect(stored).toHaveLength(SOIL_TESTS);
    expect(new Set(stored)).toEqual(new Set(queuedIds));
    for (const id of queuedIds) expect(proxy.arrivals.get(`POST ${id}`) ?? 0).toBeGreaterThanOrEqual(1);
    const fieldNow = (await callApi(server, token, 'GET', `/api/fields/${field.id}`)).body.data;
    expect(fieldNow).toMatchObject({ name: 'Vlei Block North', plantingDate: '2026-11-25', cropType: 'maize-grain' });
    // The edit went twice at least: refused on its stale version, then again on the server's.
    expect(proxy.arrivals.get(`PUT ${field.id}`)).toBeGreaterThanOrEqual(2);

    // The connection really was bad, and in the hard way: answers lost after the server had done the work.
    expect(proxy.counts.droppedRequests).toBeGreaterThan(0);
    expect(proxy.counts.droppedResponses).toBeGreaterThan(0);
    expect(proxy.counts.delayed).toBeGreaterThan(0);
    const resent = [...proxy.arrivals.values()].filter((count) => count > 1).length;
    expect(resent).toBeGreaterThan(0);
    await context.close();
  });
});
