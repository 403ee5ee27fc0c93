import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, isoDay } from '@murimi/core';
import { strFromU8, unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fertilizerResult from '../../../../../packages/core/src/analysis-results/fixtures/fertilizer-result.json';
import healthResult from '../../../../../packages/core/src/analysis-results/fixtures/health-result.json';
import irrigationResult from '../../../../../packages/core/src/analysis-results/fixtures/irrigation-schedule-result.json';
import yieldResult from '../../../../../packages/core/src/analysis-results/fixtures/yield-result.json';
import { as, registerAccount, squareBoundary, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';
import { writeProgrammeReport } from './programme-pack.ts';

// A programme's pack as its manager meets it: asked for, written by the job, downloaded as a zip of each farm's PDF
// with every field's line in a CSV and an XLSX that a spreadsheet reads; cancelled part way; refused to others.
let t: TestApp;
let owner: TestAccount;
let groupId: string;
const today = isoDay(new Date());
const folder = mkdtempSync(path.join(tmpdir(), 'murimi-pack-'));

async function member(role: 'viewer' | 'agronomist'): Promise<TestAccount> {
  const person = await registerAccount(t.app);
  await t.ctx.database.db.insertInto('memberships').values({ orgId: owner.orgId, userId: person.userId, role }).execute();
  const switched = await as(person, t.app, {
    method: 'POST',
    url: '/api/auth/switch-organisation',
    payload: { organisationId: owner.orgId },
  });
  return { ...person, headers: { authorization: `Bearer ${switched.json().access_token}` } };
}

async function farmWithField(farmName: string, fieldName: string, inGroup: boolean) {
  const farm = await as(owner, t.app, {
    method: 'POST',
    url: '/api/farms',
    payload: { name: farmName },
  });
  expect(farm.statusCode).toBe(201);
  const farmId = farm.json().data.id as string;
  if (inGroup) await t.ctx.database.db.updateTable('farms').set({ groupId }).where('id', '=', farmId).execute();
  const field = await as(owner, t.app, {
    method: 'POST',
    url: '/api/fields',
    payload: {
      name: fieldName,
      farmId,
      boundary: squareBoundary(3, [31 + Math.random(), -17.9]),
      cropType: 'maize-grain',
      irrigated: true,
      plantingDate: addDays(today, -70),
    },
  });
  expect(field.statusCode).toBe(201);
  return { farmId, fieldId: field.json().data.id as string };
}

const analysis = (fieldId: string, type: string, result: unknown, analysisDate = addDays(today, -10)) => ({
  id: randomUUID(),
  orgId: owner.orgId,
  fieldId,
  type: type as 'health',
  status: 'completed' as const,
  requestedAt: new Date(),
  startedAt: new Date(),
  finishedAt: new Date(),
  analysisDate,
  summary: `${type} summary`,
  simulated: true,
  inputs: JSON.stringify({ options: {} }),
  result: JSON.stringify(result),
});

let tendai: { farmId: string; fieldId: string };

beforeAll(async () => {
  t = await startTestApp({ work: true });
  owner = await registerAccount(t.app);
  groupId = (
    await as(owner, t.app, { method: 'POST', url: '/api/organisation/groups', payload: { id: randomUUID(), name: 'Ward 7' } })
  ).json().data.id;
  tendai = await farmWithField('Mũnda wa Tendai — Chikomo', 'Kopje block', true);
  await farmWithField('Chipo farm', 'River block', true);
  await farmWithField('Outside farm', 'Far block', false);
  const db = t.ctx.database.db;
  // Irrigation advised for 6 days ago and logged 5 days ago: followed. N: 105 kg/ha advised, 21 applied.
  const advisedFor = addDays(today, -6);
  await db
    .insertInto('analyses')
    .values([
      analysis(tendai.fieldId, 'health', healthResult),
      analysis(tendai.fieldId, 'yield', yieldResult),
      analysis(tendai.fieldId, 'fertilizer', fertilizerResult),
      analysis(
        tendai.fieldId,
        'irrigation',
        { ...irrigationResult, advice: { ...irrigationResult.advice, irrigationDate: advisedFor, depthMm: 30 } },
        addDays(today, -8),
      ),
    ])
    .execute();
  const record = (url: string, payload: Record<string, unknown>) =>
    as(owner, t.app, { method: 'POST', url, payload: { fieldId: tendai.fieldId, ...payload } });
  expect((await record('/api/irrigation-events', { irrigationDate: addDays(today, -5), depthMm: 30, method: 'furrow' })).statusCode).toBe(
    201,
  );
  expect(
    (
      await record('/api/fertilizer-applications', {
        product: 'Compound D',
        nitrogenPct: 7,
        phosphatePct: 14,
        potashPct: 7,
        rateKgPerHa: 300,
        applicationDate: addDays(today, -40),
        method: 'banded',
      })
    ).statusCode,
  ).toBe(201);
}, 90_000);
afterAll(async () => {
  await t.close();
  rmSync(folder, { recursive: true, force: true });
});

const ask = (payload: Record<string, unknown>, account = owner) =>
  as(account, t.app, { method: 'POST', url: '/api/reports/generate', payload });
const read = (id: string, account = owner) => as(account, t.app, { method: 'GET', url: `/api/reports/${id}` });

async function finished(id: string) {
  for (let waited = 0; waited < 60_000; waited += 200) {
    const report = (await read(id)).json().data;
    if (['done', 'failed', 'cancelled'].includes(report.status)) return report;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The pack was not written within 60 s');
}

/** A pack's row as the request writes it, without its job: the test runs the writer itself. */
async function packWithoutItsJob(): Promise<string> {
  const id = randomUUID();
  await t.ctx.database.db
    .insertInto('reports')
    .values({
      id,
      orgId: owner.orgId,
      kind: 'programme',
      title: 'Programme pack',
      requestedBy: owner.userId,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .execute();
  return id;
}

/** A CSV line's cells (the test's own names hold no commas or quotes). */
const cells = (line: string) => line.split(',');

describe("a programme's pack", () => {
  it("writes every farm's PDF and every field's line as CSV and XLSX, in one zip", async () => {
    const asked = await ask({ kind: 'programme' });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().data).toMatchObject({ kind: 'programme', farmId: null, status: 'queued' });
    const report = await finished(asked.json().data.id);
    expect(report).toMatchObject({ status: 'done', farmsDone: 3, farmsTotal: 3 });

    const file = await as(owner, t.app, { method: 'GET', url: `/api/reports/${report.id}/download` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['content-disposition']).toMatch(/programme-pack-.*\.zip"$/);
    const files = unzipSync(new Uint8Array(file.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      'farms/chipo-farm.pdf',
      'farms/munda-wa-tendai-chikomo.pdf',
      'farms/outside-farm.pdf',
      'fields.csv',
      'fields.xlsx',
    ]);
    const pdf = path.join(folder, 'tendai.pdf');
    writeFileSync(pdf, files['farms/munda-wa-tendai-chikomo.pdf']!);
    expect(execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' })).toContain('Farm report: Mũnda wa Tendai — Chikomo');

    const lines = strFromU8(files['fields.csv']!).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'group,farm,field,area_ha,crop,health_status,mean_ndvi,ndvi_image_date,yield_low_t_per_ha,yield_expected_t_per_ha,' +
        'yield_high_t_per_ha,water_advice,water_advice_followed,nitrogen_advised_kg_per_ha,nitrogen_applied_kg_per_ha,' +
        'alerts_emailed,alerts_texted,last_visit,simulated',
    );
    expect(lines).toHaveLength(4);
    // Sorted by group, then farm: the group without a name last.
    expect(lines.slice(1).map((line) => cells(line).slice(0, 3))).toEqual([
      ['Ward 7', 'Chipo farm', 'River block'],
      ['Ward 7', 'Mũnda wa Tendai — Chikomo', 'Kopje block'],
      ['No group', 'Outside farm', 'Far block'],
    ]);
    const kopje = cells(lines[2]!);
    expect(kopje[3]).toMatch(/^3(\.\d+)?$/);
    expect(kopje.slice(4, 8)).toEqual(['Maize (grain)', healthResult.status.replace(/-/g, ' '), '0.7', healthResult.latest.date]);
    expect(kopje.slice(8, 11).map(Number)).toEqual([
      Number(yieldResult.range.lowTPerHa.toFixed(1)),
      Number(yieldResult.range.expectedTPerHa.toFixed(1)),
      Number(yieldResult.range.highTPerHa.toFixed(1)),
    ]);
    expect(kopje.slice(11, 19)).toEqual([`irrigate 30 mm by ${addDays(today, -6)}`, 'yes', '105', '21', '0', '0', '', 'yes']);
    const river = cells(lines[1]!);
    expect(river.slice(5, 8)).toEqual(['not analysed', '', '']);
    expect(river.slice(11, 13)).toEqual(['no advice yet', '']);

    // The XLSX holds the same table, as a spreadsheet reads it (openpyxl, a reader written apart from this writer).
    const xlsx = path.join(folder, 'fields.xlsx');
    writeFileSync(xlsx, files['fields.xlsx']!);
    const read = execFileSync(
      '/usr/bin/python3',
      [
        '-c',
        'import json, sys, openpyxl; ws = openpyxl.load_workbook(sys.argv[1]).active; ' +
          'print(json.dumps([[c if c is not None else "" for c in r] for r in ws.iter_rows(values_only=True)]))',
        xlsx,
      ],
      { encoding: 'utf8' },
    );
    const sheet: (string | number)[][] = JSON.parse(read);
    expect(sheet.map((row) => row.map(String).join(','))).toEqual(lines);
    expect(typeof sheet[2]![3]).toBe('number');
  });

  it("writes one group's farms only, and lists packs for the programme's managers", async () => {
    const report = await finished((await ask({ kind: 'programme', groupId })).json().data.id);
    expect(report).toMatchObject({ status: 'done', groupId, farmsTotal: 2 });
    expect(report.title).toMatch(/, Ward 7$/);
    const files = unzipSync(
      new Uint8Array((await as(owner, t.app, { method: 'GET', url: `/api/reports/${report.id}/download` })).rawPayload),
    );
    expect(Object.keys(files).filter((name) => name.startsWith('farms/'))).toHaveLength(2);
    expect(strFromU8(files['fields.csv']!)).not.toContain('Outside farm');
    const listed = (await as(owner, t.app, { method: 'GET', url: '/api/reports?kind=programme' })).json().data;
    expect(listed.every((item: { kind: string }) => item.kind === 'programme')).toBe(true);
    expect(listed.map((item: { id: string }) => item.id)).toContain(report.id);
  });

  it("refuses a pack to an agronomist and a viewer, and answers 404 for another organisation's pack or group", async () => {
    const report = await finished((await ask({ kind: 'programme' })).json().data.id);
    const agronomist = await member('agronomist');
    const viewer = await member('viewer');
    expect((await ask({ kind: 'programme' }, agronomist)).statusCode).toBe(403);
    expect((await ask({ kind: 'programme' }, viewer)).statusCode).toBe(403);
    // An agronomist reads the reports of the farms they are given: a pack speaks of every farm, so not theirs.
    expect((await read(report.id, agronomist)).statusCode).toBe(404);
    expect((await as(agronomist, t.app, { method: 'POST', url: `/api/reports/${report.id}/cancel` })).statusCode).toBe(403);
    const stranger = await registerAccount(t.app);
    expect((await read(report.id, stranger)).statusCode).toBe(404);
    expect((await as(stranger, t.app, { method: 'GET', url: `/api/reports/${report.id}/download` })).statusCode).toBe(404);
    expect((await as(stranger, t.app, { method: 'POST', url: `/api/reports/${report.id}/cancel` })).statusCode).toBe(404);
    expect((await ask({ kind: 'programme', groupId }, stranger)).statusCode).toBe(404);
  });

  it('stops when cancelled part way, keeps no file, and says why a download is refused', async () => {
    const db = t.ctx.database.db;
    await db
      .insertInto('farms')
      .values(Array.from({ length: 40 }, (_, i) => ({ id: randomUUID(), orgId: owner.orgId, name: `Extra farm ${i}` })))
      .execute();
    // Asked without its job, so that this test runs the writer and cancels it while it writes.
    const id = await packWithoutItsJob();
    const writing = writeProgrammeReport(t.ctx, t.app.log, id, true);
    let progress = { farmsDone: 0, farmsTotal: 0 };
    while (progress.farmsDone < 5) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      progress = (await read(id)).json().data;
    }
    expect(progress.farmsDone).toBeLessThan(progress.farmsTotal);
    const cancelled = await as(owner, t.app, { method: 'POST', url: `/api/reports/${id}/cancel` });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    await writing;
    const after = (await read(id)).json().data;
    expect(after.status).toBe('cancelled');
    expect(after.farmsDone).toBeLessThan(43);
    const orgDir = path.join(t.ctx.config.dataDir, 'reports', owner.orgId);
    expect(readdirSync(orgDir).filter((name) => name.startsWith(id))).toEqual([]);
    const refused = await as(owner, t.app, { method: 'GET', url: `/api/reports/${id}/download` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('This report was cancelled before it was written. Ask for a new one.');
    // Cancelled again, it answers as it is; a pack done cannot be cancelled.
    expect((await as(owner, t.app, { method: 'POST', url: `/api/reports/${id}/cancel` })).json().data.status).toBe('cancelled');
    await db.deleteFrom('farms').where('name', 'like', 'Extra farm %').execute();
  });

  it('writes a whole pack again after the process died part way, and the daily prune clears what the dead one left', async () => {
    const db = t.ctx.database.db;
    const id = await packWithoutItsJob();
    // The first process marked it running, wrote part of its zip and died.
    await db.updateTable('reports').set({ status: 'running', stage: 'farms', farmsDone: 1, farmsTotal: 3 }).where('id', '=', id).execute();
    const orgDir = path.join(t.ctx.config.dataDir, 'reports', owner.orgId);
    await mkdir(orgDir, { recursive: true });
    const dead = path.join(orgDir, `${id}.zip.99999.part`);
    await writeFile(dead, 'PK half a zip');
    await writeProgrammeReport(t.ctx, t.app.log, id, false);
    expect((await read(id)).json().data).toMatchObject({ status: 'done', farmsDone: 3, farmsTotal: 3 });
    const files = unzipSync(new Uint8Array((await as(owner, t.app, { method: 'GET', url: `/api/reports/${id}/download` })).rawPayload));
    expect(Object.keys(files)).toHaveLength(5);
    // Run again (a retry after a lost acknowledgement), it leaves the pack as it is.
    await writeProgrammeReport(t.ctx, t.app.log, id, false);
    expect((await read(id)).json().data.status).toBe('done');
    const { pruneReports } = await import('./reports.service.ts');
    await pruneReports(t.ctx);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(path.join(orgDir, `${id}.zip`))).toBe(true);
    const jobs = await sql<{ n: string }>`select count(*)::text as n from pgboss.job where name = 'write-programme-report'`.execute(db);
    expect(Number(jobs.rows[0]!.n)).toBeGreaterThanOrEqual(3);
  });
});
