import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, newPage, phone, seriousA11yViolations, signInThroughForm } from './support/browser.ts';
import { DEMO_EMAIL, onPostgres, startDemoServer, type DemoServer } from './support/demo.ts';

// A PDF report of a demo field, asked for on a phone, followed while the server writes it, downloaded and read back
// with poppler; then listed on the reports screen at desktop size.
const shots = process.env.SCREENSHOT_DIR ?? path.join(tmpdir(), 'murimi-report-shots');

let demo: DemoServer;
let browser: Browser;
beforeAll(async () => {
  if (onPostgres) return;
  [demo, browser] = await Promise.all([startDemoServer(), launchBrowser()]);
  mkdirSync(shots, { recursive: true });
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await demo?.server.stop();
});

describe.skipIf(onPostgres)('PDF reports on the demo', () => {
  let fieldName = '';

  it("makes a field's PDF on a phone, follows it while it is written, and downloads it (phone)", async () => {
    const token = await demo.token();
    const fields = (await (await fetch(`${demo.server.url}/api/fields`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      data: { id: string; name: string }[];
    };
    const field = fields.data[0]!;
    fieldName = field.name;
    const { context, page } = await newPage(browser, demo.server.url, phone);
    await signInThroughForm(page, DEMO_EMAIL, demo.password);
    await page.goto(`/fields/${field.id}`);
    await page.getByRole('button', { name: 'Make a PDF report' }).click();
    const download = page.getByRole('button', { name: /^Download PDF \(\d+ KB\)$/ });
    await download.waitFor({ timeout: 30_000 });
    await page.getByText('Simulated', { exact: true }).first().waitFor();
    await page.screenshot({ path: path.join(shots, 'field-pdf-report-phone.png'), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const saved = path.join(shots, 'demo-field-report.pdf');
    await file.saveAs(saved);
    expect(file.suggestedFilename()).toMatch(/^field-report-.*\.pdf$/);
    const text = execFileSync('pdftotext', [saved, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain(`Field report: ${field.name}`);
    expect(text).toContain('Simulated:');
    execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', saved, path.join(shots, 'demo-field-report')]);
    await context.close();
  });

  it('lists the reports on the reports screen (desktop)', async () => {
    const { context, page } = await newPage(browser, demo.server.url, desktop);
    await signInThroughForm(page, DEMO_EMAIL, demo.password);
    await page.goto('/reports');
    await page.getByRole('button', { name: 'PDF reports' }).click();
    await page.getByText(`Field report: ${fieldName}`, { exact: false }).waitFor();
    await page.screenshot({ path: path.join(shots, 'reports-list-desktop.png'), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});
