import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, isoDay } from '@murimi/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import healthResult from '../../../../../packages/core/src/analysis-results/fixtures/health-result.json';
import { as, registerAccount, squareBoundary, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';
import { pruneReports, writeReport } from './reports.service.ts';

// Reports as a person meets them: asked for, written by the job (this app runs its jobs), downloaded as a PDF that
// poppler reads back; and refused, failed and expired with words.
let t: TestApp;
let owner: TestAccount;
let farmId: string;
const shots = process.env.SCREENSHOT_DIR ?? path.join(tmpdir(), 'murimi-report-shots');
const NAME = 'Mũnda wa Tendai — Chikomo';
const today = isoDay(new Date());

beforeAll(async () => {
  t = await startTestApp({ work: true });
  owner = await registerAccount(t.app);
  farmId = (await as(owner, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Chikomo Farm' } })).json().data.id;
}, 60_000);
const folder = mkdtempSync(path.join(tmpdir(), 'murimi-report-'));
afterAll(async () => {
  await t.close();
  rmSync(folder, { recursive: true, force: true });
});

async function fieldNamed(name: string, plantedDaysAgo = 40) {
  const response = await as(owner, t.app, {
    method: 'POST',
    url: '/api/fields',
    payload: {
      name,
      farmId,
      boundary: squareBoundary(4, [31 + Math.random(), -17.9]),
      cropType: 'maize-grain',
      plantingDate: addDays(today, -plantedDaysAgo),
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data.id as string;
}

const ask = (payload: Record<string, unknown>, account = owner) =>
  as(account, t.app, { method: 'POST', url: '/api/reports/generate', payload });
const read = (id: string, account = owner) => as(account, t.app, { method: 'GET', url: `/api/reports/${id}` });
const download = (id: string, account = owner) => as(account, t.app, { method: 'GET', url: `/api/reports/${id}/download` });

/** Waits for the job to finish the report; answers it. */
async function finished(id: string) {
  for (let waited = 0; waited < 30_000; waited += 200) {
    const report = (await read(id)).json().data;
    if (report.status === 'done' || report.status === 'failed') return report;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The report was not written within 30 s');
}

/** The PDF's text as poppler reads it, and its first page drawn as a PNG for a person to look at. */
function readPdf(bytes: Buffer, name: string): { text: string; pages: number } {
  const file = path.join(folder, `${name}.pdf`);
  writeFileSync(file, bytes);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', file, path.join(shots, name)]);
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
  return { text, pages };
}

describe('field and farm reports', () => {
  it("writes a field's PDF with its facts, advice and records, its name printed letter for letter, and marks what is simulated", async () => {
    execFileSync('mkdir', ['-p', shots]);
    const fieldId = await fieldNamed(NAME);
    const record = (url: string, payload: Record<string, unknown>) =>
      as(owner, t.app, { method: 'POST', url, payload: { fieldId, ...payload } });
    expect(
      (
        await record('/api/soil-tests', {
          nitrogen: 18,
          phosphorus: 12,
          potassium: 140,
          unit: 'ppm',
          ph: 5.6,
          sampleDate: addDays(today, -60),
        })
      ).statusCode,
    ).toBe(201);
    const application = {
      product: 'Compound D',
      nitrogenPct: 7,
      phosphatePct: 14,
      potashPct: 7,
      rateKgPerHa: 300,
      applicationDate: addDays(today, -40),
      method: 'banded',
    };
    expect((await record('/api/fertilizer-applications', application)).statusCode).toBe(201);
    expect((await record('/api/rain-readings', { readingDate: addDays(today, -3), rainMm: 23 })).statusCode).toBe(201);
    await t.ctx.database.db
      .insertInto('analyses')
      .values({
        id: randomUUID(),
        orgId: owner.orgId,
        fieldId,
        type: 'health',
        status: 'completed',
        requestedAt: new Date(),
        startedAt: new Date(),
        finishedAt: new Date(),
        analysisDate: addDays(today, -2),
        summary: 'The crop is growing well: mean NDVI 0.62, in the band expected 40 days after planting.',
        simulated: true,
        inputs: JSON.stringify({ options: {} }),
        result: JSON.stringify(healthResult),
      })
      .execute();

    const asked = await ask({ kind: 'field', fieldId });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().data).toMatchObject({ status: 'queued', title: `Field report: ${NAME} (Chikomo Farm)` });
    const report = await finished(asked.json().data.id);
    expect(report).toMatchObject({ status: 'done', simulated: true, error: null });

    const file = await download(report.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(Number(file.headers['content-length'])).toBe(report.fileBytes);
    const { text } = readPdf(file.rawPayload, 'field-report');
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(`Field report: ${NAME}`);
    expect(flat).toContain('Crop: Maize (grain)');
    expect(flat).toMatch(/Area: 4\.\d\d ha, measured from the boundary/);
    expect(flat).toContain('The crop is growing well: mean NDVI 0.62');
    expect(flat).toContain('Simulated:');
    expect(flat).toContain('(simulated)');
    // The season's chart, its thresholds in words.
    expect(flat).toMatch(/healthy from 0\.\d\d/);
    expect(flat).toMatch(/bare or stressed below 0\.\d\d/);
    expect(flat).toMatch(/Mean NDVI of each clear Sentinel-2 image this season: \d+ of \d+ images were clear/);
    expect(flat).toContain('pH 5.6; N 18, P 12, K 140 ppm');
    expect(flat).toContain('Compound D, 300 kg/ha, giving N 21 kg/ha');
    expect(flat).toContain('Rain logged: 23 mm on 1 day');
    expect(flat).toContain('No harvest weighed yet.');
    // The catalogue is out of reach here: the report is written, and says why its map has no NDVI.
    expect(flat).toContain('The NDVI map of the latest clear image could not be drawn: Satellite imagery is unavailable right now');
  });

  it('says a field has no satellite image yet instead of drawing an empty chart', async () => {
    const fieldId = await fieldNamed('New block', 5);
    const report = await finished((await ask({ kind: 'field', fieldId })).json().data.id);
    const { text } = readPdf((await download(report.id)).rawPayload, 'no-imagery');
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('No clear satellite image of this field yet');
    expect(flat).toContain('No analysis has completed for this field yet.');
    expect(flat).not.toContain('Simulated:');
    expect(report.simulated).toBe(false);
  });

  it('writes a farm report: a summary page, then a page for each field', async () => {
    const report = await finished((await ask({ kind: 'farm', farmId })).json().data.id);
    expect(report.status).toBe('done');
    const { text, pages } = readPdf((await download(report.id)).rawPayload, 'farm-report');
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Farm report: Chikomo Farm');
    expect(flat).toContain('Fields: 2');
    expect(flat).toContain(`Field report: ${NAME}`);
    expect(flat).toContain('Field report: New block');
    expect(pages).toBeGreaterThanOrEqual(3);
  });

  it('makes one report of a request sent twice, and lists it once', async () => {
    const fieldId = await fieldNamed('Twice block');
    const id = randomUUID();
    const first = await ask({ id, kind: 'field', fieldId });
    const again = await ask({ id, kind: 'field', fieldId });
    expect(again.json().data.id).toBe(first.json().data.id);
    await finished(id);
    const listed = (await as(owner, t.app, { method: 'GET', url: `/api/reports?fieldId=${fieldId}` })).json().data;
    expect(listed).toHaveLength(1);
    const jobs = await sql<{
      n: string;
    }>`select count(*)::text as n from pgboss.job where name = 'write-report' and data->>'reportId' = ${id}`.execute(t.ctx.database.db);
    expect(jobs.rows[0]!.n).toBe('1');
  });

  it("answers 404 for another organisation's report and field, and refuses a viewer a report", async () => {
    const fieldId = await fieldNamed('Private block');
    const report = await finished((await ask({ kind: 'field', fieldId })).json().data.id);
    const stranger = await registerAccount(t.app);
    expect((await read(report.id, stranger)).statusCode).toBe(404);
    expect((await download(report.id, stranger)).statusCode).toBe(404);
    expect((await ask({ kind: 'field', fieldId }, stranger)).statusCode).toBe(404);
    expect((await as(stranger, t.app, { method: 'GET', url: '/api/reports' })).json().data).toEqual([]);

    const funder = await registerAccount(t.app);
    await t.ctx.database.db.insertInto('memberships').values({ orgId: owner.orgId, userId: funder.userId, role: 'viewer' }).execute();
    const switched = await as(funder, t.app, {
      method: 'POST',
      url: '/api/auth/switch-organisation',
      payload: { organisationId: owner.orgId },
    });
    const viewer = { ...funder, headers: { authorization: `Bearer ${switched.json().access_token}` } };
    expect((await ask({ kind: 'field', fieldId }, viewer)).statusCode).toBe(403);
    expect((await read(report.id, viewer)).statusCode).toBe(403);
  });

  it('shows why a report failed, and refuses its download with the reason', async () => {
    const fieldId = await fieldNamed('Orphan block');
    const helper = await registerAccount(t.app);
    // Asked by a manager who then left the organisation, before the job ran: it cannot be written as them.
    const id = randomUUID();
    await t.ctx.database.db
      .insertInto('reports')
      .values({
        id,
        orgId: owner.orgId,
        kind: 'field',
        fieldId,
        farmId,
        title: 'Field report: Orphan block',
        requestedBy: helper.userId,
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .execute();
    await writeReport(t.ctx, t.app.log, id, true);
    expect((await read(id)).json().data).toMatchObject({
      status: 'failed',
      error: 'the person who asked for it no longer works in this organisation',
    });
    const refused = await download(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'This report could not be written: the person who asked for it no longer works in this organisation.',
    );
  });

  it('answers 410 with a sentence once a report is past its days, and the daily prune deletes its file', async () => {
    const fieldId = await fieldNamed('Old block');
    const report = await finished((await ask({ kind: 'field', fieldId })).json().data.id);
    const file = path.join(t.ctx.config.dataDir, 'reports', owner.orgId, `${report.id}.pdf`);
    expect(existsSync(file)).toBe(true);
    await t.ctx.database.db
      .updateTable('reports')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', report.id)
      .execute();
    expect((await read(report.id)).json().data.status).toBe('expired');
    const gone = await download(report.id);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().error.message).toBe(
      'This report was kept for 90 days and has been deleted. Ask for a new one: it will have the latest records.',
    );
    await pruneReports(t.ctx);
    expect(existsSync(file)).toBe(false);
    expect(readdirSync(path.dirname(file))).not.toContain(`${report.id}.pdf`);
  });
});
