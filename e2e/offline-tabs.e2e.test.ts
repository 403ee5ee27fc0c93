import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, waitForApp } from './support/browser.ts';
import { startChaosProxy, type ChaosProxy } from './support/chaos-proxy.ts';
import { callApi, startServer, type RunningServer } from './support/server.ts';
import { readQueue, seedQueue, smallFieldBoundary } from './support/offline-queue.ts';

/**
 * Two tabs of one browser share the person's queue: when the connection comes back both start sending, and each
 * write must still reach the server once (one tab sends, the other stands aside on the shared lock).
 */

/** Soil tests each tab adds to the queue besides the one logged through its form, so the tabs overlap for a while. */
const SEEDED_PER_TAB = 40;

let server: RunningServer;
let proxy: ChaosProxy;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  // No chaos: the proxy only counts what reaches the server.
  proxy = await startChaosProxy(server.url, { shares: { dropRequest: 0, dropResponse: 0, delay: 0 } });
});
afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await server?.stop();
});

/** Queues soil tests as `queueWrite` keeps them (queue item and local record), written straight into IndexedDB. */
async function seedSoilTests(page: Page, personId: string, fieldId: string, count: number, label: string): Promise<string[]> {
  const writes = Array.from({ length: count }, (_, i) => ({
    action: 'CREATE_SOIL_TEST' as const,
    data: {
      id: randomUUID(),
      fieldId,
      sampleDate: '2026-10-02',
      unit: 'ppm',
      nitrogen: 20,
      phosphorus: 9,
      potassium: 120,
      ph: 6.1,
      organicMatter: null,
      ec: null,
      depthCm: 15,
      lab: null,
      notes: `${label} ${i + 1}`,
    },
  }));
  await seedQueue(page, personId, writes);
  return writes.map((write) => write.data.id);
}

/** Logs a soil test through the form of a tab that is offline: the app keeps it on the device. */
async function logSoilTestOffline(page: Page, nitrogenPpm: string) {
  await page.getByLabel('Nitrogen, N (ppm)').fill(nitrogenPpm);
  await page.getByLabel(/^pH/).fill('5.9');
  await page.getByRole('button', { name: 'Save soil test' }).click();
}

describe('two tabs back online', () => {
  it('send every write queued in either tab exactly once', { timeout: 120_000 }, async () => {
    const { context, page: first } = await newPage(browser, proxy.url, desktop, { serviceWorkers: 'allow' });
    const registered = await fetch(`${proxy.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `tabs.${Date.now()}@example.org`, password: 'maize-season-2026', name: 'Nyasha Dube', country: 'ZW' }),
    });
    expect(registered.status).toBe(201);
    const { access_token: token, user } = (await registered.json()) as { access_token: string; user: { id: string } };
    await first.goto('/terms');
    await first.evaluate((session) => localStorage.setItem('murimi.access_token', session), token);
    const farm = (await callApi(server, token, 'POST', '/api/farms', { name: 'Dube Farm' })).body.data as { id: string };
    const field = (
      await callApi(server, token, 'POST', '/api/fields', {
        name: 'Dam Block',
        farmId: farm.id,
        boundary: smallFieldBoundary,
        cropType: 'soybean',
        plantingDate: '2026-11-20',
      })
    ).body.data as { id: string };

    const second = await context.newPage();
    const databaseName = `murimi-${user.id}`;
    for (const tab of [first, second]) {
      await tab.goto(`/soil-tests/log?fieldId=${field.id}`);
      await waitForApp(tab);
      await tab.getByRole('heading', { level: 1, name: 'Log a soil test' }).waitFor();
      await tab.waitForFunction(async (name) => (await indexedDB.databases()).some((db) => db.name === name), databaseName);
    }

    await context.setOffline(true);
    await logSoilTestOffline(first, '17');
    await logSoilTestOffline(second, '23');
    await expect.poll(async () => (await readQueue(first, databaseName)).length).toBe(2);
    const seeded = [
      ...(await seedSoilTests(first, user.id, field.id, SEEDED_PER_TAB, 'First tab')),
      ...(await seedSoilTests(second, user.id, field.id, SEEDED_PER_TAB, 'Second tab')),
    ];
    const queued = await readQueue(second, databaseName);
    expect(queued).toHaveLength(2 + 2 * SEEDED_PER_TAB);
    expect(proxy.counts.writes).toBe(0);

    // Both tabs hear the connection come back at the same moment and both start a pass.
    await context.setOffline(false);
    for (const tab of [first, second]) {
      await expect.poll(async () => (await readQueue(tab, databaseName)).length, { timeout: 60_000, interval: 500 }).toBe(0);
    }

    const ids = queued.map((item) => item.id);
    expect(ids).toEqual(expect.arrayContaining(seeded));
    const postsPerId = ids.map((id) => proxy.arrivals.get(`POST ${id}`) ?? 0);
    expect(postsPerId.filter((posts) => posts !== 1)).toEqual([]);
    // Sent in batches: fewer requests than writes, and no write in two of them.
    expect(proxy.counts.writes).toBeLessThan(ids.length);

    const { body } = await callApi(server, token, 'GET', `/api/soil-tests?fieldId=${field.id}&limit=500`);
    const stored = (body.data as { id: string; nitrogen: number }[]).map((test) => test.id);
    expect(stored).toHaveLength(ids.length);
    expect(new Set(stored)).toEqual(new Set(ids));
    await context.close();
  });
});
