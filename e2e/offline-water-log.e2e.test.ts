import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, phone, signUpThroughApi, waitForApp } from './support/browser.ts';
import { smallFieldBoundary } from './support/offline-queue.ts';
import { callApi, startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const logSection = (page: Page) => page.getByRole('region', { name: 'Log water' });

describe('water logged offline', () => {
  for (const [name, device] of [
    ['phone', phone],
    ['desktop', desktop],
  ] as const) {
    it(`logs an irrigation on a rain-fed pivot offline: asks to mark it irrigated, says it is saved on the phone and waiting, lists it as waiting, and offers Check again once it is sent (${name})`, async () => {
      const { context, page } = await newPage(browser, server.url, device, { serviceWorkers: 'allow' });
      const token = await signUpThroughApi(page, server.url, `water.offline.${name}.${Date.now()}@example.org`);
      const farm = (await callApi(server, token, 'POST', '/api/farms', { name: 'Moyo Farm' })).body.data as { id: string };
      const field = (
        await callApi(server, token, 'POST', '/api/fields', {
          name: 'Pivot 3',
          farmId: farm.id,
          boundary: smallFieldBoundary,
          cropType: 'maize-grain',
          plantingDate: '2026-11-10',
          // Marked rain-fed: an irrigation can still be logged (buckets), and the first one asks to mark it irrigated.
          irrigated: false,
        })
      ).body.data as { id: string };
      await page.evaluate((id) => localStorage.setItem('murimi.selected_field', id), field.id);
      await page.goto('/irrigation');
      await waitForApp(page);
      await page.getByRole('heading', { level: 1, name: 'Irrigation & Weather' }).waitFor();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
      await logSection(page).getByText('No irrigation or rain logged for this field yet.').waitFor();

      await context.setOffline(true);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Irrigation & Weather' }).waitFor();
      // A field named for its pivot starts at the pivot.
      expect(await logSection(page).getByLabel('Method').inputValue()).toBe('pivot');
      await logSection(page).getByLabel('Depth applied (mm)').fill('25');
      await logSection(page).getByRole('button', { name: 'Save irrigation' }).click();
      const question = page.getByRole('dialog', { name: 'Is Pivot 3 irrigated?' });
      await question.waitFor();
      await question.getByRole('button', { name: 'Mark it irrigated' }).click();
      await question.waitFor({ state: 'hidden' });

      const logged = logSection(page).getByTestId('water-logged');
      await logged.waitFor();
      expect(await logged.innerText()).toMatch(/^Saved on this phone, waiting to be sent\./);
      expect(await page.getByRole('button', { name: 'Check again' }).count()).toBe(0);
      const list = logSection(page).getByTestId('water-log-list');
      await list.waitFor();
      expect(await list.innerText()).toMatch(/irrigation 25 mm \(Centre pivot\)\s*Waiting to sync/);
      expect(await logSection(page).getByRole('alert').count()).toBe(0);
      expect(await logSection(page).innerText()).not.toMatch(/could not be loaded|Unable to connect/);

      // Back online: it is sent, and only now is checking the advice again offered.
      await context.setOffline(false);
      await logged.getByRole('button', { name: 'Check again' }).waitFor({ timeout: 30_000 });
      expect(await logged.innerText()).toMatch(/^Logged\. Check the advice again so it counts this water\./);
      await expect.poll(async () => (await list.innerText()).includes('Waiting to sync'), { timeout: 15_000 }).toBe(false);
      const events = (await callApi(server, token, 'GET', `/api/irrigation-events?fieldId=${field.id}`)).body.data as { depthMm: number }[];
      expect(events.map((event) => event.depthMm)).toEqual([25]);
      await expect
        .poll(async () => ((await callApi(server, token, 'GET', `/api/fields/${field.id}`)).body.data as { irrigated: boolean }).irrigated)
        .toBe(true);
      await context.close();
    }, 180_000);
  }
});
