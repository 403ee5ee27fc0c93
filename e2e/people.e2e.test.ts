import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { decodedBody, startSmtpSink } from '../apps/server/test/smtp-sink.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  desktop,
  launchBrowser,
  newPage,
  phone,
  seriousA11yViolations,
  signInThroughForm,
  signUpThroughApi,
  TEST_PASSWORD,
  waitForApp,
} from './support/browser.ts';
import { DEMO_EMAIL, onPostgres, startDemoServer, type DemoServer } from './support/demo.ts';

// The demo's programme as its people meet it: the owner switches into it (and this browser remembers the choice at the
// next sign-in), a manager changes a role and removes a member, a farmer sees their own field only.
const shots = process.env.SCREENSHOT_DIR ?? path.join(tmpdir(), 'murimi-people-shots');
const PROGRAMME = 'Mhondoro–Chegutu maize and soybean programme';

let demo: DemoServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  if (onPostgres) return;
  smtp = await startSmtpSink();
  const env = { SMTP_URL: smtp.url };
  [demo, browser] = await Promise.all([startDemoServer({ env }), launchBrowser()]);
  mkdirSync(shots, { recursive: true });
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await demo?.server.stop();
  await smtp?.close();
});

/** The invitation link in the e-mail to `to`, once it has arrived (quoted-printable undone). */
async function invitationLinkTo(to: string): Promise<string> {
  for (let waited = 0; waited < 30_000; waited += 200) {
    const message = smtp.received.find((m) => m.to.includes(to) && m.body.includes('invites you'));
    if (message) {
      const text = decodedBody(message.body);
      const url = new URL(/https?:\/\/\S+\/invitation\?token=[A-Za-z0-9_-]+/.exec(text)![0]);
      return `${url.pathname}${url.search}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No invitation reached ${to}`);
}

const signOut = async (page: Page) => {
  await page.evaluate(() => localStorage.removeItem('murimi.access_token'));
};

describe.skipIf(onPostgres)('organisation and people', () => {
  it('switches the demo owner into the programme, whose farms then fill the screens, and opens there at the next sign-in (phone)', async () => {
    const { context, page } = await newPage(browser, demo.server.url, phone);
    await signInThroughForm(page, DEMO_EMAIL, demo.password);
    await page.goto('/people');
    await page.getByText('Working here').waitFor();
    await page.locator('li', { hasText: 'demo@example.com' }).waitFor();
    await page.screenshot({ path: path.join(shots, 'people-owner-phone.png'), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: `Work in ${PROGRAMME}` }).click();
    await page.waitForURL('**/dashboard');
    await page.goto('/fields');
    await page.getByText('Showing 30 of 30 fields').waitFor({ timeout: 15_000 });
    await page.screenshot({ path: path.join(shots, 'programme-fields-phone.png'), fullPage: true });

    // Signed out and in again on this phone: the programme it chose, not the account's first organisation.
    await signOut(page);
    await signInThroughForm(page, DEMO_EMAIL, demo.password);
    await page.goto('/people');
    await page.getByText(`Who works in ${PROGRAMME}, and what each may do.`).waitFor();
    await context.close();
  });

  it('lets a manager change a role and remove a member, whose access ends at once (desktop)', async () => {
    const { context, page } = await newPage(browser, demo.server.url, desktop);
    await signInThroughForm(page, 'manager.demo@example.com', demo.password);
    await page.goto('/people');
    // The owner is the owner's to change: a manager sees the role, not a choice.
    await page.getByText('Tendai Agronomist', { exact: true }).waitFor();
    expect(await page.getByLabel('Role of Demo Agronomist').count()).toBe(0);
    await page.getByLabel('Role of Nyasha Dube').selectOption('viewer');
    await page.getByText('Nyasha Dube is now Viewer (funder).').waitFor();

    const funder = await fetch(`${demo.server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'funder.demo@example.com', password: demo.password }),
    });
    const funderToken = ((await funder.json()) as { access_token: string }).access_token;
    const asFunder = () => fetch(`${demo.server.url}/api/auth/me`, { headers: { authorization: `Bearer ${funderToken}` } });
    expect((await asFunder()).status).toBe(200);

    const row = page.locator('li', { hasText: 'funder.demo@example.com' });
    await row.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove from organisation' }).click();
    await page.getByText('Funder Viewer no longer has access.').waitFor();
    await page.getByText('funder.demo@example.com').waitFor({ state: 'detached' });
    expect((await asFunder()).status).toBe(401);
    await page.screenshot({ path: path.join(shots, 'people-manager-desktop.png'), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('lets a manager give a ward to the agronomist and a farm to a farmer, who then reach them (desktop)', async () => {
    const signIn = async (email: string) =>
      (
        (await (
          await fetch(`${demo.server.url}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, password: demo.password }),
          })
        ).json()) as { access_token: string }
      ).access_token;
    const farmsSeenBy = async (email: string) => {
      const response = await fetch(`${demo.server.url}/api/farms?limit=100`, {
        headers: { authorization: `Bearer ${await signIn(email)}` },
      });
      return ((await response.json()) as { data: { id: string; name: string }[] }).data;
    };
    expect(await farmsSeenBy('agronomist.demo@example.com')).toHaveLength(18);
    const { context, page } = await newPage(browser, demo.server.url, desktop);
    await signInThroughForm(page, 'manager.demo@example.com', demo.password);
    await page.goto('/people');
    const ward12 = page.locator('li', { hasText: 'Ward 12 – Chegutu' });
    await ward12.getByRole('button', { name: 'Change agronomists' }).click();
    await ward12.getByLabel('Tendai Agronomist').check();
    await ward12.getByRole('button', { name: 'Save agronomists' }).click();
    await page.getByText('Agronomists of Ward 12 – Chegutu saved.').waitFor();
    expect(await farmsSeenBy('agronomist.demo@example.com')).toHaveLength(30);

    const [farm] = (await farmsSeenBy('manager.demo@example.com')).filter((f) => !/plot (1|2|3)$/.test(f.name));
    await page.goto(`/farms/${farm!.id}`);
    await page.getByLabel('Farmer', { exact: true }).selectOption({ label: 'Tafadzwa Ncube' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(`${farm!.name} is assigned.`).waitFor();
    // The farm's history says who assigned it.
    await page.getByText('Changed by Rudo Manager').waitFor();
    await page.getByText('(group, farmer)').first().waitFor();
    await page.screenshot({ path: path.join(shots, 'farm-assignment-desktop.png'), fullPage: true });
    expect((await farmsSeenBy('farmer2.demo@example.com')).map((f) => f.id)).toContain(farm!.id);
    await context.close();
  });

  it('invites a new farmer by e-mail, who creates an account from the link and lands in the programme (desktop, then phone)', async () => {
    const { context, page } = await newPage(browser, demo.server.url, desktop);
    await signInThroughForm(page, 'manager.demo@example.com', demo.password);
    await page.goto('/people');
    const email = `new.farmer.${Date.now()}@example.org`;
    await page.getByLabel('Their name (optional)').fill('Rumbidzai Gumbo');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${email}.`).waitFor();
    await page.getByText(`Rumbidzai Gumbo · ${email}`).waitFor();
    await page.screenshot({ path: path.join(shots, 'invitations-desktop.png'), fullPage: true });
    await context.close();

    const link = await invitationLinkTo(email);
    const invitee = await newPage(browser, demo.server.url, phone);
    await invitee.page.goto(link);
    await invitee.page.getByText(`${PROGRAMME} invites you to join as Farmer.`).waitFor();
    await invitee.page.screenshot({ path: path.join(shots, 'invitation-signed-out-phone.png'), fullPage: true });
    await invitee.page.getByRole('link', { name: 'Create an account' }).click();
    await invitee.page.waitForURL('**/register');
    await waitForApp(invitee.page);
    await invitee.page.getByLabel('Full name').fill('Rumbidzai Gumbo');
    await invitee.page.getByLabel('E-mail').fill(email);
    await invitee.page.getByLabel('Password').fill(TEST_PASSWORD);
    await invitee.page.getByRole('button', { name: 'Create account' }).click();
    await invitee.page.waitForURL('**/invitation?token=*');
    await invitee.page.getByRole('button', { name: `Join ${PROGRAMME}` }).click();
    await invitee.page.waitForURL('**/dashboard');
    await invitee.page.goto('/people');
    await invitee.page.getByText(`Who works in ${PROGRAMME}, and what each may do.`).waitFor();
    // The link is used up.
    await invitee.page.goto(link);
    await invitee.page.getByText('This invitation is invalid, used or expired.', { exact: false }).waitFor();
    await invitee.context.close();
  });

  it("shows a farmer their own farm's field only, and not the programme's people (phone)", async () => {
    const { context, page } = await newPage(browser, demo.server.url, phone);
    await signInThroughForm(page, 'farmer1.demo@example.com', demo.password);
    await page.goto('/fields');
    await page.getByText('Showing 1 of 1 field').waitFor({ timeout: 15_000 });
    await page.goto('/people');
    await page.getByText('Only owners, managers and agronomists see the people of an organisation.').waitFor();
    await page.screenshot({ path: path.join(shots, 'people-farmer-phone.png'), fullPage: true });
    await context.close();
  });

  it('lets a person download their data and delete their account, after which they cannot sign in (phone)', async () => {
    const { context, page } = await newPage(browser, demo.server.url, phone);
    const email = `leaving.${Date.now()}@example.org`;
    await signUpThroughApi(page, demo.server.url, email);
    await page.goto('/settings');
    await waitForApp(page);
    const [mine] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
    expect(mine.suggestedFilename()).toMatch(/^murimi-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const archive = unzipSync(new Uint8Array(readFileSync(await mine.path())));
    expect(JSON.parse(new TextDecoder().decode(archive['profile.json']))).toMatchObject({ email });

    await page.getByRole('button', { name: 'Delete my account…' }).click();
    await page.getByLabel('Your password, to confirm').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Delete my account for good' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, 'delete-account-phone.png') });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Delete my account for good' }).click();
    await page.getByText('Your account is deleted.').waitFor();
    await page.goto('/login');
    await waitForApp(page);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Invalid email or password.', { exact: false }).waitFor();
    await context.close();
  });

  it("gives the programme's owner its whole archive (desktop)", async () => {
    const { context, page } = await newPage(browser, demo.server.url, desktop);
    await signInThroughForm(page, 'manager.demo@example.com', demo.password);
    await page.goto('/people');
    await page.getByText(`Who works in ${PROGRAMME}, and what each may do.`).waitFor();
    // A manager is not offered it: the owner is.
    expect(await page.getByRole('button', { name: 'Download the organisation' }).count()).toBe(0);
    await signOut(page);
    await signInThroughForm(page, DEMO_EMAIL, demo.password);
    await page.goto('/people');
    await page.getByRole('button', { name: `Work in ${PROGRAMME}` }).click();
    await page.waitForURL('**/dashboard');
    await page.goto('/people');
    await page.getByText(`Who works in ${PROGRAMME}, and what each may do.`).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the organisation' }).click(),
    ]);
    const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
    const farms = new TextDecoder().decode(files['farms.csv']).trim().split('\r\n');
    expect(farms.length - 1).toBeGreaterThanOrEqual(30);
    expect(new TextDecoder().decode(files['members.csv'])).toContain('farmer1.demo@example.com');
    await page.getByRole('button', { name: 'Download the organisation' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, 'organisation-export-desktop.png') });
    await context.close();
  });

  it("lets a manager add a ward's farmers from a spreadsheet: the check names the bad rows, the import makes the rest (desktop, then phone)", async () => {
    const header = 'Farmer name,Phone,Group,Farm name,Crop,Planting date,Latitude,Longitude,Area (ha)';
    const rows = Array.from({ length: 60 }, (_, i) => {
      const n = i + 1;
      return `Farmer ${n},+26377${String(3_000_000 + n)},Ward 3 – Norton,Norton plot ${n},maize,20/11/2026,${(-17.88 - n * 0.002).toFixed(4)},30.69,1.2`;
    });
    rows[4] = 'Rutendo Ncube,0771 23,Ward 3 – Norton,Ncube plot,maize,20/11/2026,-17.9,30.7,1';
    rows[9] = 'Kuda Sibanda,,Ward 3 – Norton,Sibanda plot,coffee,20/11/2026,-17.9,30.7,1';
    rows[14] = 'Nyasha Mlambo,,Ward 3 – Norton,Mlambo plot,maize,20/11/2027,-17.9,30.7,1';
    rows[19] = 'Tariro Zulu,,Ward 3 – Norton,Zulu plot,maize,20/11/2026,-25.5,38.5,1';
    const file = { name: 'norton-ward-3.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...rows].join('\n')) };

    const { context, page } = await newPage(browser, demo.server.url, desktop);
    await signInThroughForm(page, 'manager.demo@example.com', demo.password);
    await page.goto('/people');
    await page.getByRole('link', { name: 'Add farmers from a spreadsheet' }).click();
    await page.waitForURL('**/people/onboarding');
    await page.getByLabel('Spreadsheet (CSV or XLSX), or a .zip of it with boundary files').setInputFiles(file);
    await page.getByText('What norton-ward-3.csv holds').waitFor();
    await page.getByText('4 rows to fix').waitFor();
    await page.getByText('Row 6, Phone').waitFor();
    await page.getByText('"coffee" is not a crop Murimi knows', { exact: false }).waitFor();
    await page.getByText('2027-11-20 is in the future', { exact: false }).waitFor();
    await page.getByText('-25.5, 38.5 is in the sea. Check the digits of both coordinates.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(shots, 'onboarding-report-desktop.png'), fullPage: true });
    await page.getByLabel('Invite the 56 farmers with a phone or e-mail').uncheck();
    await page.getByRole('button', { name: 'Import 56 rows' }).click();
    await page.getByText('Created farms: 56; fields: 56; new groups: 1.').waitFor({ timeout: 30_000 });
    await page.screenshot({ path: path.join(shots, 'onboarding-done-desktop.png'), fullPage: true });
    await context.close();

    // The same file again on a phone: everything was imported before, nothing is created twice.
    const again = await newPage(browser, demo.server.url, phone);
    await signInThroughForm(again.page, 'manager.demo@example.com', demo.password);
    await again.page.goto('/people/onboarding');
    await waitForApp(again.page);
    await again.page.getByLabel('Spreadsheet (CSV or XLSX), or a .zip of it with boundary files').setInputFiles(file);
    await again.page.getByText('Rows imported before are left as they are', { exact: false }).waitFor();
    await again.page.getByLabel('Invite the 56 farmers with a phone or e-mail').uncheck();
    expect(await again.page.getByRole('button', { name: 'Nothing new to import' }).isDisabled()).toBe(true);
    await again.page.screenshot({ path: path.join(shots, 'onboarding-report-phone.png'), fullPage: true });
    await again.context.close();
  });

  it("lets a manager move a ward's farms into another group at once (desktop)", async () => {
    const { context, page } = await newPage(browser, demo.server.url, desktop);
    await signInThroughForm(page, 'manager.demo@example.com', demo.password);
    await page.goto('/people');
    await page.getByRole('heading', { name: 'Move farms between groups' }).waitFor();
    // Counted by group: an earlier test gave the agronomist Ward 12 as well, so what they reach stays the same.
    const farmsByGroup = async () => {
      const session = await fetch(`${demo.server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'manager.demo@example.com', password: demo.password }),
      });
      const token = ((await session.json()) as { access_token: string }).access_token;
      const list = await fetch(`${demo.server.url}/api/organisation/groups`, { headers: { authorization: `Bearer ${token}` } });
      const groups = ((await list.json()) as { data: { name: string; farmCount: number }[] }).data;
      return Object.fromEntries(groups.map((group) => [group.name, group.farmCount]));
    };
    const before = await farmsByGroup();
    const moving = before['Ward 12 – Chegutu']!;
    expect(moving).toBeGreaterThan(0);
    await page.getByLabel('Farms of').selectOption({ label: 'Ward 12 – Chegutu' });
    await page.getByLabel('Move to').selectOption({ label: 'Ward 7 – Mhondoro' });
    await page.getByLabel(`All ${moving} farms`).check();
    await page.screenshot({ path: path.join(shots, 'move-farms-desktop.png'), fullPage: false });
    await page.getByRole('button', { name: `Move ${moving} farms` }).click();
    await page.getByText(`${moving} farms moved to Ward 7 – Mhondoro.`).waitFor();
    const after = await farmsByGroup();
    expect(after['Ward 12 – Chegutu']).toBe(0);
    expect(after['Ward 7 – Mhondoro']).toBe(before['Ward 7 – Mhondoro']! + moving);
    await context.close();
  });
});
