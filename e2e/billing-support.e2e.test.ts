import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodedBody, startSmtpSink } from '../apps/server/test/smtp-sink.ts';
import { desktop, launchBrowser, newPage, phone, seriousA11yViolations, signInThroughForm } from './support/browser.ts';
import { DEMO_EMAIL, onPostgres, startDemoServer, type DemoServer } from './support/demo.ts';

// Plan & billing and Support on the demo: the owner's own farm and the programme's manager see their plans; a
// message to support written on a phone survives a dropped connection and reaches the operator's inbox once.
const shots = process.env.SCREENSHOT_DIR ?? path.join(tmpdir(), 'murimi-billing-shots');
const OPERATOR = 'help@murimi.example';

let demo: DemoServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  if (onPostgres) return;
  smtp = await startSmtpSink();
  const env = { SMTP_URL: smtp.url, CONTACT_EMAIL: OPERATOR, CONTACT_PHONE: '+263 77 123 4567' };
  [demo, browser] = await Promise.all([startDemoServer({ env }), launchBrowser()]);
  mkdirSync(shots, { recursive: true });
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await demo?.server.stop();
  await smtp?.close();
});

async function billingOf(email: string) {
  const login = await fetch(`${demo.server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: demo.password }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const answer = await fetch(`${demo.server.url}/api/organisation/billing`, { headers: { authorization: `Bearer ${access_token}` } });
  return ((await answer.json()) as { data: { plan: string; farms: number; monthlyUsd: number } }).data;
}

const usd = (value: number) => `$${value.toFixed(2)}`;

describe.skipIf(onPostgres)('plan, billing and support', () => {
  for (const [device, size, email] of [
    [phone, 'phone', DEMO_EMAIL],
    [desktop, 'desktop', 'manager.demo@example.com'],
  ] as const) {
    it(`shows the plan, its monthly price, the farms and the trial (${size})`, async () => {
      const bill = await billingOf(email);
      expect(bill.plan).toBe('farm');
      const { context, page } = await newPage(browser, demo.server.url, device);
      await signInThroughForm(page, email, demo.password);
      await page.goto('/billing');
      await page.getByRole('heading', { name: 'Plan & billing' }).waitFor();
      await page.getByText('30 days left, until').waitFor();
      await page.getByText('Farm Pricing', { exact: true }).waitFor();
      await page.getByText(usd(bill.monthlyUsd), { exact: true }).first().waitFor();
      expect(await page.locator('tbody tr').count()).toBe(Math.min(bill.farms, 20));
      await page.screenshot({ path: path.join(shots, `billing-${size}.png`), fullPage: true });
      expect(await seriousA11yViolations(page)).toEqual([]);
      await context.close();
    });
  }

  it('tells a farmer of the programme that its managers see the plan (phone)', async () => {
    const { context, page } = await newPage(browser, demo.server.url, phone);
    await signInThroughForm(page, 'farmer1.demo@example.com', demo.password);
    await page.goto('/billing');
    await page.getByText(/see its plan and billing\. Ask one of them/).waitFor();
    await context.close();
  });

  it('keeps a message written on a phone through a dropped connection, and e-mails it to the operator once (phone)', async () => {
    const { context, page } = await newPage(browser, demo.server.url, phone);
    await signInThroughForm(page, DEMO_EMAIL, demo.password);
    await page.goto('/support');
    await page.getByRole('link', { name: OPERATOR }).waitFor();
    await page.getByRole('link', { name: '+263 77 123 4567' }).waitFor();
    await page.getByLabel('What is it about?').selectOption('problem');
    const words = 'The rain log of Mũnda wa Tendai — Chikomo says saved, but the chart has no bar for Tuesday.';
    await page.getByLabel('Your message').fill(words);
    await page.screenshot({ path: path.join(shots, 'support-phone.png'), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('alert').waitFor();
    // The page is closed and opened again: the words are still there.
    await context.setOffline(false);
    await page.reload();
    await page.getByLabel('Your message').waitFor();
    expect(await page.getByLabel('Your message').inputValue()).toBe(words);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText(/Your message reached us on/).waitFor();

    for (let waited = 0; waited < 15_000 && !smtp.received.some((m) => m.to.includes(OPERATOR)); waited += 200) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const mails = smtp.received.filter((m) => m.to.includes(OPERATOR));
    expect(mails).toHaveLength(1);
    expect(decodedBody(mails[0]!.body)).toContain(DEMO_EMAIL);
    await context.close();
  });

  it('shows the support page at desktop size', async () => {
    const { context, page } = await newPage(browser, demo.server.url, desktop);
    await signInThroughForm(page, DEMO_EMAIL, demo.password);
    await page.goto('/support');
    await page.getByLabel('Your message').waitFor();
    await page.screenshot({ path: path.join(shots, 'support-desktop.png'), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  for (const [device, size] of [
    [phone, 'phone'],
    [desktop, 'desktop'],
  ] as const) {
    it(`shows the funder the programme's figures by group and crop, filtered and downloaded, naming no farm (${size})`, async () => {
      const { context, page } = await newPage(browser, demo.server.url, device);
      await signInThroughForm(page, 'funder.demo@example.com', demo.password);
      await page.goto('/dashboard');
      await page.getByRole('link', { name: "See the programme's figures" }).click();
      await page.getByRole('heading', { name: 'Programme figures' }).waitFor();
      await page.getByText('Farms reached').waitFor();
      const table = page.getByRole('table');
      await table.getByRole('rowheader').first().waitFor();
      expect(await table.textContent()).toMatch(/Ward 7 – Mhondoro/);
      expect(await page.locator('main').textContent()).not.toMatch(/plot \d|Chipo Moyo|@example\.com/);
      await page.screenshot({ path: path.join(shots, `programme-${size}.png`), fullPage: true });
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.getByLabel('Group', { exact: true }).selectOption({ label: 'Ward 12 – Chegutu' });
      await page.waitForFunction(() => !document.querySelector('table')?.textContent?.includes('Ward 7'));
      const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download as CSV' }).click()]);
      expect(csv.suggestedFilename()).toMatch(/^programme-\d{4}\.csv$/);
      const [xlsx] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download as Excel (XLSX)' }).click(),
      ]);
      expect(xlsx.suggestedFilename()).toMatch(/^programme-\d{4}\.xlsx$/);
      const workbook = unzipSync(new Uint8Array(readFileSync(await xlsx.path())));
      expect(strFromU8(workbook['xl/worksheets/sheet1.xml']!)).toContain('Ward 12 – Chegutu');
      // The pack names farms and people: a funder is not offered it, nor the field screens, which would be empty.
      expect(await page.getByRole('heading', { name: 'Programme pack' }).count()).toBe(0);
      const navigation = page.getByRole('navigation', { name: 'Main navigation' }).first();
      await navigation.getByRole('link', { name: 'Dashboard' }).waitFor();
      expect(await navigation.getByRole('link', { name: 'My Fields' }).count()).toBe(0);
      await context.close();
    });

    it(`lets the programme's manager make its pack, follow it and download the zip (${size})`, async () => {
      const { context, page } = await newPage(browser, demo.server.url, device);
      await signInThroughForm(page, 'manager.demo@example.com', demo.password);
      await page.goto('/programme');
      await page.getByRole('heading', { name: 'Programme pack' }).waitFor();
      await page.getByRole('button', { name: 'Make the pack' }).click();
      const download = page.getByRole('button', { name: /^Download ZIP \([\d.,]+ [KM]B\)$/ }).first();
      await download.waitFor({ timeout: 60_000 });
      await page.screenshot({ path: path.join(shots, `programme-pack-${size}.png`), fullPage: true });
      expect(await seriousA11yViolations(page)).toEqual([]);
      const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
      expect(file.suggestedFilename()).toMatch(/^programme-pack-.*\.zip$/);
      const names = Object.keys(unzipSync(new Uint8Array(readFileSync(await file.path()))));
      expect(names.filter((name) => name.startsWith('farms/') && name.endsWith('.pdf')).length).toBeGreaterThanOrEqual(30);
      expect(names).toEqual(expect.arrayContaining(['fields.csv', 'fields.xlsx']));
      await context.close();
    });
  }
});
