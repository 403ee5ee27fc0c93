import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AlertItem, NotificationPreferences } from '@murimi/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, phone, seriousA11yViolations, waitForApp } from './support/browser.ts';
import { onPostgres, startDemoServer, type DemoServer } from './support/demo.ts';
import { callApi } from './support/server.ts';

// The alerts screen, an alert and the alert settings on the demo, whose simulated weather and imagery raise real
// alerts (heavy rain, fall armyworm, irrigation due…, which ones depending on the day), at phone and desktop size.
const shots = process.env.SCREENSHOT_DIR ?? path.join(tmpdir(), 'murimi-alerts-shots');

let demo: DemoServer;
let browser: Browser;
let token: string;
beforeAll(async () => {
  if (onPostgres) return;
  [demo, browser] = await Promise.all([startDemoServer(), launchBrowser()]);
  token = await demo.token();
  mkdirSync(shots, { recursive: true });
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await demo?.server.stop();
});

const api = async <T>(method: 'GET' | 'POST' | 'PUT', route: string, body?: unknown) =>
  (await callApi(demo.server, token, method, route, body)).body.data as T;
const unreadCount = async () => (await api<{ unread: number }>('GET', '/api/alerts/unread-count')).unread;

/** The names of an alert's evidence that have two days or more: what its detail draws as a chart. */
const chartedNames = (alert: AlertItem) => {
  const days = new Map<string, number>();
  for (const value of alert.evidence.values) if (value.date) days.set(value.name, (days.get(value.name) ?? 0) + 1);
  return [...days].filter(([, count]) => count > 1).map(([name]) => name);
};

/** The navigation that carries the Alerts badge at this size: the bottom bar on a phone, the sidebar on a desktop. */
const navigation = (page: Page, device: typeof phone | typeof desktop) => page.getByTestId(device === phone ? 'bottom-nav' : 'sidebar');

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const badgeName = (count: number) => new RegExp(`^Alerts ?, ${count} unread alerts?$`);

describe.skipIf(onPostgres)('alerts on the demo', () => {
  for (const [name, device] of [
    ['phone', phone],
    ['desktop', desktop],
  ] as const) {
    it(`shows the unread count, lists and filters the demo's alerts, opens one with its evidence and resolves it (${name})`, async () => {
      const open = await api<AlertItem[]>('GET', '/api/alerts?limit=100');
      // An unread alert to open: one whose evidence makes a chart where the day's demo has one (a storm or a humid
      // spell over several days), else one of a kind with others, so the filtered list keeps some once it is resolved.
      const unreadAlerts = open.filter((alert) => !alert.read);
      const kindOf = (alert: AlertItem) => open.filter((other) => other.category === alert.category);
      const chosen =
        unreadAlerts.find((alert) => chartedNames(alert).length > 0) ??
        unreadAlerts.find((alert) => kindOf(alert).length > 1) ??
        unreadAlerts[0]!;
      expect(chosen, JSON.stringify(open.map((alert) => [alert.ruleId, alert.evidence.values]))).toBeDefined();
      const sameKind = kindOf(chosen);
      const kind = chosen.category;
      const unread = await unreadCount();
      expect(unread).toBeGreaterThan(0);

      const { context, page } = await newPage(browser, demo.server.url, device);
      await demo.signIn(page);
      await page.goto('/dashboard');
      await waitForApp(page);
      const nav = navigation(page, device);
      await nav.getByRole('link', { name: badgeName(unread) }).waitFor();
      expect(await nav.getByTestId('badge-alerts').innerText()).toBe(String(unread));

      // The list: every open alert of the demo, newest first, severity in words.
      await nav.getByRole('link', { name: badgeName(unread) }).click();
      await page.getByRole('heading', { level: 1, name: 'Alerts' }).waitFor();
      await page.getByText(`Showing ${open.length} alerts`).waitFor();
      for (const title of new Set(open.map((alert) => alert.title))) {
        expect(
          await page
            .locator('main')
            .getByRole('link', { name: new RegExp(escaped(title)) })
            .count(),
          title,
        ).toBeGreaterThan(0);
      }
      expect(await page.locator('main').getByText('Warning', { exact: true }).count()).toBeGreaterThan(0);
      await page.screenshot({ path: path.join(shots, `alerts-${name}.png`), fullPage: true });
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Filter by type: the chosen alert's kind only, kept in the address.
      if (device === phone) await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByLabel('Type').selectOption(kind);
      await page.waitForURL(new RegExp(`/alerts\\?category=${kind}$`));
      await page.getByText(`Showing ${sameKind.length} alert${sameKind.length === 1 ? '' : 's'}`).waitFor();
      const shown = await page.locator('main a[href^="/alerts/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(shown.sort()).toEqual(sameKind.map((alert) => `/alerts/${alert.id}`).sort());

      // Its detail: message, what to do, each figure of the evidence with its day, the chart's summary; opening it reads it.
      await page.locator(`main a[href="/alerts/${chosen.id}"]`).click();
      await page.getByRole('heading', { level: 1, name: chosen.title }).waitFor();
      await page.getByText(chosen.message).waitFor();
      await page.getByText(chosen.action).waitFor();
      const evidence = page.getByRole('table');
      for (const value of chosen.evidence.values) {
        expect(
          await evidence.getByRole('row', { name: new RegExp(`${escaped(value.label)}.*${escaped(value.text)}`) }).count(),
        ).toBeGreaterThan(0);
      }
      const charted = chosen.evidence.values.find((value) => value.name === chartedNames(chosen)[0]);
      if (charted) {
        await page.getByRole('figure', { name: new RegExp(`${escaped(charted.label)}.* by day`) }).waitFor();
        expect(await page.getByText(new RegExp(`^${escaped(charted.label)}, \\d+ readings from `)).count()).toBe(1);
        await page.locator('[data-chart="ready"]').first().waitFor();
      }
      // The demo's alerts are made from simulated data: labelled so, and never sent by SMS or e-mail.
      expect(
        await page.getByText(/This alert comes from simulated weather or satellite images.*It is not sent by SMS or e-mail\./).count(),
      ).toBe(1);
      await nav.getByRole('link', { name: badgeName(unread - 1) }).waitFor();
      expect(await unreadCount()).toBe(unread - 1);
      await page.screenshot({ path: path.join(shots, `alert-${name}.png`), fullPage: true });
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Resolve: it leaves the open alerts; back on the filtered list, it is gone and the others stay.
      await page.getByRole('button', { name: 'Resolve' }).click();
      await page.getByRole('button', { name: 'Reopen' }).waitFor();
      await page.getByRole('link', { name: 'All alerts' }).click();
      await page.waitForURL(new RegExp(`/alerts\\?category=${kind}$`));
      // The chosen alert may have been the only one of its kind that day: then the filter says none match.
      const left = sameKind.length - 1;
      await page.getByText(left === 0 ? 'No alerts match these filters' : `Showing ${left} alert${left === 1 ? '' : 's'}`).waitFor();
      expect(await page.locator(`main a[href="/alerts/${chosen.id}"]`).count()).toBe(0);
      expect((await api<AlertItem>('GET', `/api/alerts/${chosen.id}`)).resolvedAt).not.toBeNull();
      await context.close();

      // The next size starts from the demo as it was.
      await api('POST', `/api/alerts/${chosen.id}/resolve`, { resolved: false });
      await api('POST', `/api/alerts/${chosen.id}/read`, { read: false });
    });
  }

  for (const [name, device, quietFrom] of [
    ['phone', phone, '22:30'],
    ['desktop', desktop, '23:15'],
  ] as const) {
    it(`keeps changed channels and quiet hours after Save and a reload (${name})`, async () => {
      const { context, page } = await newPage(browser, demo.server.url, device);
      await demo.signIn(page);
      await page.goto('/settings#alerts');
      await waitForApp(page);
      const card = page.locator('#alerts');
      await card.getByRole('button', { name: 'Save alert settings' }).waitFor();

      await card.getByLabel('Pests and diseases alerts: SMS').selectOption('critical');
      await card.getByLabel('Weather alerts: E-mail').selectOption('off');
      await card.getByLabel('From').fill(quietFrom);
      await card.getByLabel('Until').fill('05:30');
      await card.getByRole('button', { name: 'Save alert settings' }).click();
      await page.getByText('Alert settings saved.').waitFor();
      await card.screenshot({ path: path.join(shots, `settings-alerts-${name}.png`) });
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.reload();
      await waitForApp(page);
      await card.getByRole('button', { name: 'Save alert settings' }).waitFor();
      // The copy kept on the device may show first; the server's answer follows.
      await expect.poll(() => card.getByLabel('From').inputValue()).toBe(quietFrom);
      expect(await card.getByLabel('Until').inputValue()).toBe('05:30');
      expect(await card.getByLabel('Pests and diseases alerts: SMS').inputValue()).toBe('critical');
      expect(await card.getByLabel('Weather alerts: E-mail').inputValue()).toBe('off');
      const { preferences } = await api<{ preferences: NotificationPreferences }>('GET', '/api/me/notification-preferences');
      expect(preferences.quietHours).toEqual({ from: quietFrom, to: '05:30' });
      expect(preferences.channels.sms.pest).toBe('critical');
      expect(preferences.channels.email.weather).toBe('off');
      await context.close();
    });
  }
});
