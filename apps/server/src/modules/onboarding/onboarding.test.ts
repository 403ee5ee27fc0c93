import type { OnboardingImport } from '@murimi/core';
import { strToU8, zipSync } from 'fflate';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { as, registerAccount, startTestApp, TWILIO_UNREACHABLE_ENV, type TestAccount, type TestApp } from '../../../test/harness.ts';
import type { JobContext } from '../../jobs/job-queue.ts';
import { readOutboxMessage } from '../../mail/mailer.ts';
import { onboardingImportJob, pruneOnboardingImports } from './onboarding.service.ts';

let t: TestApp;
let manager: TestAccount;

beforeAll(async () => {
  t = await startTestApp({
    env: { ...TWILIO_UNREACHABLE_ENV, QUOTA_FIELDS: '20000' },
  });
  manager = await registerAccount(t.app, { name: 'Programme manager' });
});
afterAll(() => t.close());

const HEADER = 'Farmer name,Phone,E-mail,Group,Farm name,Crop,Planting date,Latitude,Longitude,Area (ha)';

/** A good row: farmer `n`'s plot in one of five wards of Mashonaland West, a circle of 0.5–3 ha. */
function goodRow(n: number): string {
  const phone = `+26377${String(1_000_000 + n).slice(-7)}`;
  const lat = (-17.9 - (n % 100) * 0.004).toFixed(5);
  const lng = (30.2 + Math.floor(n / 100) * 0.004).toFixed(5);
  return `Farmer ${n},${phone},,Ward ${n % 5},Plot ${n},${n % 2 ? 'maize' : 'Soybean'},15/11/2026,${lat},${lng},${0.5 + (n % 6) * 0.5}`;
}

/** `count` rows, with the five kinds of bad row among them at known places. */
function programmeFile(count: number): { csv: string; bad: Record<string, number> } {
  const lines = [HEADER];
  const bad: Record<string, number> = {};
  for (let n = 1; n <= count; n += 1) lines.push(goodRow(n));
  // Row numbers as the spreadsheet shows them: the header is row 1, so farmer n is on row n + 1.
  const replace = (n: number, line: string, kind: string) => {
    lines[n] = line;
    bad[kind] = n + 1;
  };
  replace(10, goodRow(10).replace(/\+26377\d{7}/, '0771 23'), 'phone');
  replace(20, goodRow(20).replace('Soybean', 'Quinoa'), 'crop');
  replace(30, goodRow(30).replace('15/11/2026', '15/01/2027'), 'date');
  replace(40, goodRow(2), 'duplicate');
  replace(50, goodRow(50).replace(/-1\d\.\d+,30\.\d+/, '-20.0,38.0'), 'sea');
  return { csv: `${lines.join('\r\n')}\r\n`, bad };
}

const check = (body: Buffer | string, fileName = 'farmers.csv', who = manager) =>
  as(who, t.app, {
    method: 'POST',
    url: `/api/organisation/onboarding/check?fileName=${encodeURIComponent(fileName)}`,
    headers: { 'content-type': 'application/octet-stream' },
    payload: typeof body === 'string' ? Buffer.from(body) : body,
  });

const jobContext = (): JobContext => ({
  database: t.ctx.database,
  config: t.ctx.config,
  log: pino({ level: 'silent' }),
  attempt: { retryCount: 0, retryLimit: 3, isLast: false },
  queue: t.ctx.queue,
  now: t.ctx.now,
});

/** Starts a checked import and runs its job here, as a worker would. */
async function runImport(id: string, invite = false, who = manager): Promise<OnboardingImport> {
  const started = await as(who, t.app, { method: 'POST', url: `/api/organisation/onboarding/${id}/import`, payload: { invite } });
  expect(started.statusCode).toBe(202);
  await onboardingImportJob.handle({ importId: id }, jobContext());
  return (await as(who, t.app, { method: 'GET', url: `/api/organisation/onboarding/${id}` })).json().data;
}

const countOf = async (table: 'farms' | 'fields' | 'farmGroups', orgId: string) =>
  Number(
    (
      await t.ctx.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('orgId', '=', orgId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('onboarding a programme from its spreadsheet', () => {
  it("a 5,000-row file: the dry run names each bad row's problem; the import creates the rest; the same file again creates nothing", async () => {
    const { csv, bad } = programmeFile(5000);
    const checked = await check(csv);
    expect(checked.statusCode).toBe(201);
    const dryRun: OnboardingImport = checked.json().data;
    expect(dryRun.status).toBe('checked');
    expect(dryRun.report).toMatchObject({ rowsRead: 5000, toCreate: 4995, alreadyImported: 0, rowsWithProblems: 5, problemsNotListed: 0 });
    expect(dryRun.report.wouldCreate).toMatchObject({ farms: 4995, fields: 4995, farmersToInvite: 4995 });
    expect(dryRun.report.wouldCreate.groups.sort()).toEqual(['Ward 0', 'Ward 1', 'Ward 2', 'Ward 3', 'Ward 4']);
    const problemOf = (row: number) => dryRun.report.problems.find((problem) => problem.row === row);
    expect(problemOf(bad.phone!)).toEqual({
      row: bad.phone,
      column: 'Phone',
      message: '"0771 23" is not a phone number we can read. Write it with its country code, e.g. +263 77 123 4567.',
    });
    expect(problemOf(bad.crop!)).toMatchObject({ column: 'Crop', message: expect.stringMatching(/^"Quinoa" is not a crop Murimi knows/) });
    expect(problemOf(bad.date!)).toMatchObject({ column: 'Planting date', message: expect.stringMatching(/^2027-01-15 is in the future/) });
    expect(problemOf(bad.duplicate!)).toMatchObject({
      column: 'Farm name',
      message: 'The same farmer and farm as row 3. Remove one of the two rows.',
    });
    expect(problemOf(bad.sea!)).toMatchObject({
      column: 'Latitude',
      message: '-20, 38 is in the sea. Check the digits of both coordinates.',
    });
    // A dry run creates nothing.
    expect(await countOf('farms', manager.orgId)).toBe(0);

    const done = await runImport(dryRun.id);
    expect(done).toMatchObject({ status: 'done', rowsDone: 4995, rowsTotal: 4995, outcome: { farms: 4995, fields: 4995, groups: 5 } });
    expect(await countOf('farms', manager.orgId)).toBe(4995);
    expect(await countOf('fields', manager.orgId)).toBe(4995);
    expect(await countOf('farmGroups', manager.orgId)).toBe(5);
    // A field from a point is a circle of the stated area, with the row's crop and planting date.
    const plot7 = await t.ctx.database.db
      .selectFrom('fields')
      .select(['sizeHectares', 'cropType', 'plantingDate'])
      .where('orgId', '=', manager.orgId)
      .where('name', '=', 'Plot 7')
      .executeTakeFirstOrThrow();
    expect(plot7.sizeHectares).toBeCloseTo(1.0, 2);
    expect(plot7).toMatchObject({ cropType: 'maize-grain', plantingDate: '2026-11-15' });
    // Every farm and field has its audit line, the manager's.
    const audit = await t.ctx.database.db
      .selectFrom('auditEvents')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('orgId', '=', manager.orgId)
      .where('userId', '=', manager.userId)
      .executeTakeFirstOrThrow();
    expect(Number(audit.n)).toBe(2 * 4995);

    const again: OnboardingImport = (await check(csv)).json().data;
    expect(again.report).toMatchObject({ toCreate: 0, alreadyImported: 4995 });
    const rerun = await runImport(again.id);
    expect(rerun.outcome).toMatchObject({ farms: 0, fields: 0 });
    expect(await countOf('farms', manager.orgId)).toBe(4995);
  }, 180_000);

  it('a job that died part way is run again and creates each row once', async () => {
    const owner = await registerAccount(t.app);
    const lines = [HEADER, ...Array.from({ length: 450 }, (_, i) => goodRow(i + 1))];
    const checked: OnboardingImport = (await check(lines.join('\n'), 'ward.csv', owner)).json().data;
    await as(owner, t.app, { method: 'POST', url: `/api/organisation/onboarding/${checked.id}/import`, payload: { invite: false } });
    // The process dies in the third batch (rows 401–450): a farm named "Plot 420" cannot be written.
    const db = t.ctx.database.db;
    await sql`create function die_at_plot_420() returns trigger language plpgsql as $$
      begin if new.name = 'Plot 420' then raise exception 'worker died'; end if; return new; end $$`.execute(db);
    await sql`create trigger die_at_plot_420 before insert on farms for each row execute function die_at_plot_420()`.execute(db);
    try {
      await expect(onboardingImportJob.handle({ importId: checked.id }, jobContext())).rejects.toThrow('worker died');
    } finally {
      await sql`drop trigger die_at_plot_420 on farms`.execute(db);
      await sql`drop function die_at_plot_420()`.execute(db);
    }
    expect(await countOf('farms', owner.orgId)).toBe(400);
    // The retry goes on where the last batch ended.
    await onboardingImportJob.handle({ importId: checked.id }, jobContext());
    expect(await countOf('farms', owner.orgId)).toBe(450);
    const done = (await as(owner, t.app, { method: 'GET', url: `/api/organisation/onboarding/${checked.id}` })).json().data;
    expect(done).toMatchObject({ status: 'done', outcome: { farms: 450, fields: 450 } });
  });

  it('invites each farmer once, however many farms they have; accepting gives them their farms; a number that sent STOP is not texted', async () => {
    const owner = await registerAccount(t.app);
    const farmer = await registerAccount(t.app);
    await t.ctx.database.db.insertInto('smsOptOuts').values({ phone: '+263772000002' }).execute();
    const file = [
      'Farmer name,E-mail,Phone,Farm name,Group',
      `Chipo Moyo,${farmer.email},,Moyo home plot,Ward 7`,
      `Chipo Moyo,${farmer.email},,Moyo vlei plot,Ward 7`,
      'Tendai Banda,,+263 77 200 0001,Banda plot,Ward 7',
      'Rudo Phiri,,0772 000 002,Phiri plot,Ward 7',
    ].join('\n');
    const checked: OnboardingImport = (await check(file, 'ward7.csv', owner)).json().data;
    expect(checked.report.wouldCreate.farmersToInvite).toBe(3);
    const done = await runImport(checked.id, true, owner);
    expect(done.outcome).toMatchObject({ farms: 4, fields: 0, invitationsSent: 2 });
    expect(done.outcome!.notInvited).toEqual([{ farmer: 'Rudo Phiri', reason: expect.stringMatching(/^This number texted STOP/) }]);
    const invitations = await t.ctx.database.db
      .selectFrom('invitations')
      .select(['id', 'email', 'phone'])
      .where('orgId', '=', owner.orgId)
      .execute();
    expect(invitations.map((i) => i.email ?? i.phone).sort()).toEqual(['+263772000001', farmer.email].sort());
    expect(await t.ctx.database.db.selectFrom('smsOutbox').select('id').where('toPhone', '=', '+263772000002').execute()).toEqual([]);

    // The job run again (a retry) sends nothing more.
    await onboardingImportJob.handle({ importId: checked.id }, jobContext());
    expect(await t.ctx.database.db.selectFrom('invitations').select('id').where('orgId', '=', owner.orgId).execute()).toHaveLength(2);

    // Chipo accepts from the e-mail's link: both her farms are hers.
    const emailed = await t.ctx.database.db
      .selectFrom('emailOutbox')
      .select('id')
      .where('toAddress', '=', farmer.email)
      .where('subject', 'like', '%invit%')
      .execute();
    expect(emailed).toHaveLength(1);
    const text = await readOutboxMessage(t.ctx.database, t.ctx.config.jwtSecret, emailed[0]!.id);
    const token = /\/invitation\?token=([A-Za-z0-9_-]+)/.exec(text!)![1]!;
    const accepted = await as(farmer, t.app, { method: 'POST', url: '/api/invitations/accept', payload: { token } });
    expect(accepted.statusCode).toBe(200);
    const hers = await t.ctx.database.db
      .selectFrom('farms')
      .select('name')
      .where('farmerUserId', '=', farmer.userId)
      .orderBy('name')
      .execute();
    expect(hers.map((farm) => farm.name)).toEqual(['Moyo home plot', 'Moyo vlei plot']);
  });

  it('the same file again with invitations invites the farmers an earlier import left uninvited, and gives them their farms', async () => {
    const owner = await registerAccount(t.app);
    const farmer = await registerAccount(t.app);
    const file = ['Farmer name,E-mail,Farm name', `Farai Dube,${farmer.email},Dube plot`, `Farai Dube,${farmer.email},Dube garden`].join(
      '\n',
    );
    const first: OnboardingImport = (await check(file, 'ward.csv', owner)).json().data;
    expect((await runImport(first.id, false, owner)).outcome).toMatchObject({ farms: 2, invitationsSent: 0 });
    const second: OnboardingImport = (await check(file, 'ward.csv', owner)).json().data;
    expect(second.report).toMatchObject({ toCreate: 0, alreadyImported: 2, wouldCreate: { farmersToInvite: 1 } });
    expect((await runImport(second.id, true, owner)).outcome).toMatchObject({ farms: 0, invitationsSent: 1 });
    expect(await countOf('farms', owner.orgId)).toBe(2);
    const [invitation] = await t.ctx.database.db.selectFrom('invitations').select('id').where('orgId', '=', owner.orgId).execute();
    await t.ctx.database.db.updateTable('invitations').set({ acceptedAt: t.ctx.now() }).where('id', '=', invitation!.id).execute();
    await t.ctx.database.db.insertInto('memberships').values({ orgId: owner.orgId, userId: farmer.userId, role: 'farmer' }).execute();
    // Once a member, the file a third time assigns nothing twice and invites no one.
    const third: OnboardingImport = (await check(file, 'ward.csv', owner)).json().data;
    const done = await runImport(third.id, true, owner);
    expect(done.outcome).toMatchObject({
      invitationsSent: 0,
      notInvited: [{ farmer: 'Farai Dube', reason: 'Already a member: their farms are assigned to them.' }],
    });
    const theirs = await t.ctx.database.db.selectFrom('farms').select('name').where('farmerUserId', '=', farmer.userId).execute();
    expect(theirs).toHaveLength(2);
  });

  it('reads an XLSX workbook with date cells as a programme keeps it', async () => {
    const owner = await registerAccount(t.app);
    const workbook = await writeXlsxFile([
      [
        { value: 'Farmer' },
        { value: 'Farm' },
        { value: 'Crop' },
        { value: 'Planted' },
        { value: 'Lat' },
        { value: 'Lon' },
        { value: 'Hectares' },
      ],
      [
        { value: 'Farai Dube' },
        { value: 'Dube plot' },
        { value: 'tobacco' },
        { value: new Date(Date.UTC(2026, 9, 20)), type: Date, format: 'dd/mm/yyyy' },
        { value: -17.62 },
        { value: 30.95 },
        { value: 2.5 },
      ],
    ]).toBuffer();
    const checked = await check(workbook, 'farmers.xlsx', owner);
    expect(checked.statusCode).toBe(201);
    expect(checked.json().data.report).toMatchObject({ rowsRead: 1, toCreate: 1, problems: [] });
    const done = await runImport(checked.json().data.id, false, owner);
    expect(done.outcome).toMatchObject({ farms: 1, fields: 1 });
    const field = await t.ctx.database.db
      .selectFrom('fields')
      .select(['cropType', 'plantingDate', 'sizeHectares'])
      .where('orgId', '=', owner.orgId)
      .executeTakeFirstOrThrow();
    expect(field).toMatchObject({ cropType: 'tobacco-flue-cured', plantingDate: '2026-10-20' });
    expect(field.sizeHectares).toBeCloseTo(2.5, 2);
  });

  it('refuses a file without the columns it needs, or that is no spreadsheet, in words; and another organisation’s import is not found', async () => {
    const missing = await check('Name of plot,Crop\nA,maize\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/^The first row must name the columns; "Farmer name" and "Farm name" could not be found/);
    const xls = await check(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0]), 'old.xls');
    expect(xls.statusCode).toBe(400);
    expect(xls.json().error.message).toBe('This is an old Excel file (.xls). Save it as .xlsx or CSV and upload that.');
    const broken = await check(Buffer.from('PK\u0003\u0004not really a zip'), 'farmers.xlsx');
    expect(broken.statusCode).toBe(400);

    const mine: OnboardingImport = (await check(`${HEADER}\n${goodRow(1)}\n`)).json().data;
    const stranger = await registerAccount(t.app);
    expect((await as(stranger, t.app, { method: 'GET', url: `/api/organisation/onboarding/${mine.id}` })).statusCode).toBe(404);
    const theirStart = await as(stranger, t.app, {
      method: 'POST',
      url: `/api/organisation/onboarding/${mine.id}/import`,
      payload: { invite: false },
    });
    expect(theirStart.statusCode).toBe(404);
  });
});

describe('boundary files named by rows', () => {
  /** A square of about `hectares` at a corner in Mashonaland West, as a GeoJSON polygon ring. */
  const square = (west: number, south: number, hectares: number) => {
    const side = Math.sqrt(hectares * 10_000);
    const east = west + side / (111_320 * Math.cos((south * Math.PI) / 180));
    const north = south + side / 110_750;
    return [
      [west, south],
      [east, south],
      [east, north],
      [west, north],
      [west, south],
    ];
  };
  const placemark = (name: string, ring: number[][]) =>
    `<Placemark><name>${name}</name><Polygon><outerBoundaryIs><LinearRing><coordinates>${ring.map(([x, y]) => `${x},${y}`).join(' ')}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>`;
  const kml = `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>${placemark('Moyo vlei', square(30.31, -17.95, 2))}${placemark('Moyo garden', square(30.32, -17.95, 0.8))}</Document></kml>`;
  const geojson = JSON.stringify({
    type: 'FeatureCollection',
    features: [
      { type: 'Feature', properties: { name: 'Dube block' }, geometry: { type: 'Polygon', coordinates: [square(30.33, -17.96, 3)] } },
    ],
  });
  const sheet = [
    'Farmer name,Phone,Farm name,Crop,Boundary file,Boundary name,Latitude,Longitude,Area (ha)',
    'Chipo Moyo,+263771230001,Moyo vlei,maize,moyo.kml,Moyo vlei,,,',
    'Tendai Dube,+263771230002,Dube block,soybean,Boundaries/dube.geojson,,,,',
    'Rudo Moyo,+263771230003,Moyo garden,maize,moyo.kml,,,,',
    'Farai Gumbo,+263771230004,Gumbo plot,maize,gumbo.kml,,,,',
    'Nyasha Ncube,+263771230005,Ncube plot,maize,dube.geojson,,-17.9,30.3,1',
  ].join('\r\n');
  const pack = (files: Record<string, string>) =>
    Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]))));

  it('takes each farm its boundary from the file its row names, and says in words which rows cannot have one', async () => {
    const owner = await registerAccount(t.app);
    const response = await check(pack({ 'farmers.csv': sheet, 'moyo.kml': kml, 'dube.geojson': geojson }), 'programme.zip', owner);
    expect(response.statusCode, response.body).toBe(201);
    const checked = response.json().data as OnboardingImport;
    expect(checked.report).toMatchObject({ rowsRead: 5, toCreate: 2, wouldCreate: { farms: 2, fields: 2 } });
    const problems = Object.fromEntries(checked.report.problems.map((problem) => [problem.row, problem]));
    expect(problems[4]).toMatchObject({
      column: 'Boundary file',
      message: 'moyo.kml holds 2 boundaries. Name the one of this farm in a "Boundary name" column (e.g. Moyo vlei).',
    });
    expect(problems[5]!.message).toMatch(/^There is no file named gumbo\.kml in the zip\. Add it, or correct the name/);
    expect(problems[6]!.message).toBe(
      'The row gives both coordinates and a boundary file. Keep one: the boundary file is the field itself.',
    );

    const done = await runImport(checked.id, false, owner);
    expect(done.outcome).toMatchObject({ farms: 2, fields: 2 });
    const fields = await t.ctx.database.db
      .selectFrom('fields')
      .select(['name', 'sizeHectares'])
      .where('orgId', '=', owner.orgId)
      .orderBy('name')
      .execute();
    expect(fields.map((field) => [field.name, Math.round(field.sizeHectares * 10) / 10])).toEqual([
      ['Dube block', 3],
      ['Moyo vlei', 2],
    ]);
  });

  it('asks for a zip when a plain spreadsheet names a boundary file', async () => {
    const owner = await registerAccount(t.app);
    const checked = (await check(sheet.split('\r\n').slice(0, 2).join('\r\n'), 'farmers.csv', owner)).json().data as OnboardingImport;
    expect(checked.report.problems).toEqual([
      {
        row: 2,
        column: 'Boundary file',
        message: 'Boundary files come in a zip with the spreadsheet: put moyo.kml and this spreadsheet in one .zip and upload that.',
      },
    ]);
  });

  it('refuses a zip without exactly one spreadsheet, and changes nothing', async () => {
    const owner = await registerAccount(t.app);
    const response = await check(pack({ 'moyo.kml': kml }), 'programme.zip', owner);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      'The zip must hold one spreadsheet (.csv or .xlsx) beside the boundary files; programme.zip holds 0.',
    );
    expect(await countOf('farms', owner.orgId)).toBe(0);
  });
});

describe('old imports', () => {
  it("forget a check nobody imported after a week and a finished import's rows after a day, keeping its report", async () => {
    const owner = await registerAccount(t.app);
    const file = [HEADER, goodRow(1), goodRow(2)].join('\r\n');
    const finished = (await check(file, 'done.csv', owner)).json().data as OnboardingImport;
    await runImport(finished.id, false, owner);
    const unstarted = (await check([HEADER, goodRow(3)].join('\r\n'), 'later.csv', owner)).json().data as OnboardingImport;
    const rowsOf = async (id: string) =>
      (await t.ctx.database.db.selectFrom('onboardingImports').select('rows').where('id', '=', id).executeTakeFirst())?.rows;

    expect(await pruneOnboardingImports(t.ctx, new Date())).toEqual({ forgotten: 0, emptied: 0 });
    const inEightDays = new Date(Date.now() + 8 * 86_400_000);
    const pruned = await pruneOnboardingImports(t.ctx, inEightDays);
    expect(pruned.forgotten).toBeGreaterThanOrEqual(1);
    expect(pruned.emptied).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(unstarted.id)).toBeUndefined();
    expect(await rowsOf(finished.id)).toEqual([]);
    const page = await as(owner, t.app, { method: 'GET', url: `/api/organisation/onboarding/${finished.id}` });
    expect(page.json().data).toMatchObject({ status: 'done', report: { toCreate: 2 }, outcome: { farms: 2 } });
    // The same file again still creates nothing: what was made is known by its rows' keys, not the import.
    const again = (await check(file, 'done.csv', owner)).json().data as OnboardingImport;
    expect(again.report).toMatchObject({ toCreate: 0, alreadyImported: 2 });
  });
});
