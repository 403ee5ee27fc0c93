import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFarmWithFields, insertAlert } from '../../../test/factories.ts';
import { as, registerAccount, squareBoundary, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';
import { readOutboxMessage } from '../../mail/mailer.ts';
import { DIGEST_MAX_FIELDS, dueWeeklyDigests, sendWeeklyDigest, weekStartOf } from './weekly-digest.ts';

const fixture = (name: string) =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../../../packages/core/src/analysis-results/fixtures', name), 'utf8'));

/** Monday 30 Nov 2026, 04:30 UTC: 06:30 in Harare, the digest hour. */
const MONDAY_0630_HARARE = new Date('2026-11-30T04:30:00Z');

describe('the weekly digest', () => {
  let test: TestApp;
  let farmer: TestAccount;
  let fieldId: string;

  const at = (instant: Date) => (test.clock.offsetMs = instant.getTime() - Date.now());

  beforeAll(async () => {
    test = await startTestApp({ env: { WEATHER_SOURCE: 'simulated' } });
    at(MONDAY_0630_HARARE);
    farmer = await registerAccount(test.app, { name: 'Tendai Moyo' });
    await test.ctx.database.db
      .updateTable('users')
      .set({ emailVerifiedAt: new Date(), smsPhone: '+263771234567', smsPhoneVerifiedAt: new Date() })
      .where('id', '=', farmer.userId)
      .execute();
    const farmId = (await as(farmer, test.app, { method: 'POST', url: '/api/farms', payload: { name: 'Kwacha Farm' } })).json().data.id;
    fieldId = (
      await as(farmer, test.app, {
        method: 'POST',
        url: '/api/fields',
        payload: {
          name: 'Kwacha 3',
          farmId,
          boundary: squareBoundary(4),
          cropType: 'maize-grain',
          plantingDate: '2026-10-20',
          irrigated: true,
        },
      })
    ).json().data.id;
    // Two health analyses a week apart (NDVI 0.55 then 0.62), irrigation advice to water, and an open alert.
    const stored = async (type: 'health' | 'irrigation', result: unknown, finishedAt: string) =>
      test.ctx.database.db
        .insertInto('analyses')
        .values({ orgId: farmer.orgId, fieldId, type, status: 'completed', finishedAt, result: JSON.stringify(result), simulated: false })
        .execute();
    const health = fixture('health-result.json');
    await stored(
      'health',
      { ...health, simulated: false, latest: { ...health.latest, date: '2026-11-20', ndvi: { ...health.latest.ndvi, mean: 0.55 } } },
      '2026-11-21T03:00:00Z',
    );
    await stored(
      'health',
      { ...health, simulated: false, latest: { ...health.latest, date: '2026-11-27', ndvi: { ...health.latest.ndvi, mean: 0.62 } } },
      '2026-11-28T03:00:00Z',
    );
    const irrigation = fixture('irrigation-schedule-result.json');
    await stored(
      'irrigation',
      { ...irrigation, advice: { ...irrigation.advice, status: 'irrigate', irrigationDate: '2026-12-01', depthMm: 25 } },
      '2026-11-30T02:00:00Z',
    );
    await insertAlert(test.ctx, { orgId: farmer.orgId, fieldId, date: '2026-12-02' });
  });
  afterAll(() => test?.close());

  it('starts its week on the Monday', () => {
    expect(weekStartOf('2026-11-30', 1)).toBe('2026-11-30');
    expect(weekStartOf('2026-12-06', 0)).toBe('2026-11-30');
    expect(weekStartOf('2026-12-02', 3)).toBe('2026-11-30');
  });

  it('is due in the hour from 06:00 on Monday in the person’s time zone, and only then', async () => {
    at(MONDAY_0630_HARARE);
    expect(await dueWeeklyDigests(test.ctx)).toEqual([{ userId: farmer.userId, weekStart: '2026-11-30' }]);
    at(new Date('2026-11-30T05:30:00Z')); // 07:30 in Harare
    expect(await dueWeeklyDigests(test.ctx)).toEqual([]);
    at(new Date('2026-11-29T04:30:00Z')); // Sunday
    expect(await dueWeeklyDigests(test.ctx)).toEqual([]);
    at(MONDAY_0630_HARARE);
  });

  it('says per field the health and its change, the water outlook, the week’s actions and the open alerts; once a week', async () => {
    expect(await sendWeeklyDigest(test.ctx, farmer.userId, '2026-11-30')).toBe('sent');
    const email = await test.ctx.database.db
      .selectFrom('emailOutbox')
      .selectAll()
      .where('toAddress', '=', farmer.email)
      .where('subject', 'like', '%your week%')
      .executeTakeFirstOrThrow();
    expect(email.subject).toBe('Murimi: your week from Mon 30 Nov');
    const text = await readOutboxMessage(test.ctx.database, test.ctx.config.jwtSecret, email.id);
    expect(text).toBe(
      [
        'Good morning Tendai Moyo,',
        'Here is the week ahead for your 1 field(s).',
        '',
        'This week',
        // Most severe first, then by day: the irrigation (1 Dec) before the rain (2 Dec).
        '- Kwacha 3: Irrigate 25 mm on Tue 1 Dec.',
        '- Kwacha 3: Clear drains, and hold fertilizer and spraying until the rain has passed.',
        '',
        'Your fields',
        'Kwacha 3\n  Crop health: healthy, NDVI 0.62 on Fri 27 Nov.\n  NDVI +0.07 since Fri 20 Nov.\n  Irrigate 25 mm on Tue 1 Dec.',
        '',
        'Open alerts',
        '- Warning - Kwacha 3 - Heavy rain: Heavy rain: 60 mm on Wed 2 Dec, 66 mm over three days.',
        '',
        'Open Murimi: http://localhost:3000/dashboard',
      ].join('\n'),
    );
    const sms = await test.ctx.database.db.selectFrom('smsOutbox').selectAll().where('purpose', '=', 'digest').executeTakeFirstOrThrow();
    expect(sms).toMatchObject({ body: 'Murimi week: Kwacha 3 healthy. 1 open alert(s), see the app.', parts: 1, toPhone: '+263771234567' });

    expect(await sendWeeklyDigest(test.ctx, farmer.userId, '2026-11-30')).toBe('already-sent');
    expect(await dueWeeklyDigests(test.ctx)).toEqual([]);
  });

  it('is one message for a person in two organisations, their fields grouped by organisation, and none of a funder’s', async () => {
    // An agronomist of their own farm who is also a farmer in a programme, and a viewer of a third.
    const person = await registerAccount(test.app, { name: 'Rufaro Chikore' });
    await test.ctx.database.db.updateTable('users').set({ emailVerifiedAt: new Date() }).where('id', '=', person.userId).execute();
    const own = await createFarmWithFields(test.app, person, ['Home plot']);
    const programme = await registerAccount(test.app);
    await test.ctx.database.db.updateTable('organisations').set({ name: 'Ward 7 programme' }).where('id', '=', programme.orgId).execute();
    await test.ctx.database.db.updateTable('organisations').set({ name: 'Chikore family' }).where('id', '=', person.orgId).execute();
    const inProgramme = await createFarmWithFields(test.app, programme, ['Club plot', 'River plot']);
    await test.ctx.database.db
      .insertInto('memberships')
      .values({ orgId: programme.orgId, userId: person.userId, role: 'farmer' })
      .execute();
    await test.ctx.database.db.updateTable('farms').set({ farmerUserId: person.userId }).where('id', '=', inProgramme.farmId).execute();
    // The programme's second farm is not theirs.
    const other = await createFarmWithFields(test.app, programme, ['Not theirs']);
    const funded = await registerAccount(test.app);
    await createFarmWithFields(test.app, funded, ['A funded field']);
    await test.ctx.database.db.insertInto('memberships').values({ orgId: funded.orgId, userId: person.userId, role: 'viewer' }).execute();
    expect(own.fieldIds).toHaveLength(1);
    expect(other.fieldIds).toHaveLength(1);

    expect(await sendWeeklyDigest(test.ctx, person.userId, '2026-11-30')).toBe('sent');
    const emails = await test.ctx.database.db
      .selectFrom('emailOutbox')
      .select('id')
      .where('toAddress', '=', person.email)
      .where('subject', 'like', '%your week%')
      .execute();
    expect(emails).toHaveLength(1);
    const text = (await readOutboxMessage(test.ctx.database, test.ctx.config.jwtSecret, emails[0]!.id))!;
    expect(text).toContain('your 3 field(s)');
    expect(text).toMatch(/Chikore family: Home plot\n[\s\S]*Ward 7 programme: Club plot\n[\s\S]*Ward 7 programme: River plot\n/);
    expect(text).not.toContain('Not theirs');
    expect(text).not.toContain('A funded field');
  });

  it('is the dashboard’s "This week"', async () => {
    const week = (await as(farmer, test.app, { method: 'GET', url: '/api/insights/this-week' })).json().data;
    expect(week).toMatchObject({
      weekStart: '2026-11-30',
      openAlerts: 1,
      simulated: false,
      fields: [
        {
          fieldId,
          fieldName: 'Kwacha 3',
          health: { status: 'healthy', ndvi: 0.62, date: '2026-11-27', previousNdvi: 0.55, previousDate: '2026-11-20' },
          water: 'Irrigate 25 mm on Tue 1 Dec.',
          openAlerts: 1,
        },
      ],
    });
    expect(week.actions.map((action: { text: string }) => action.text)).toEqual([
      'Irrigate 25 mm on Tue 1 Dec.',
      'Clear drains, and hold fertilizer and spraying until the rain has passed.',
    ]);
  });

  it('leaves alerts made from simulated data out of the e-mail and the SMS, and shows them in the app saying so', async () => {
    const trial = await registerAccount(test.app, { name: 'Chipo Banda' });
    await test.ctx.database.db
      .updateTable('users')
      .set({ emailVerifiedAt: new Date(), smsPhone: '+263772345678', smsPhoneVerifiedAt: new Date() })
      .where('id', '=', trial.userId)
      .execute();
    const { fieldIds } = await createFarmWithFields(test.app, trial, ['Demo Block'], 1);
    await insertAlert(test.ctx, { orgId: trial.orgId, fieldId: fieldIds[0]!, date: '2026-12-02', simulated: true });

    const week = (await as(trial, test.app, { method: 'GET', url: '/api/insights/this-week' })).json().data;
    expect(week).toMatchObject({ openAlerts: 1, simulated: true, fields: [{ fieldName: 'Demo Block', openAlerts: 1 }] });

    expect(await sendWeeklyDigest(test.ctx, trial.userId, '2026-11-30')).toBe('sent');
    const email = await test.ctx.database.db
      .selectFrom('emailOutbox')
      .select('id')
      .where('toAddress', '=', trial.email)
      .where('subject', 'like', '%your week%')
      .executeTakeFirstOrThrow();
    const text = await readOutboxMessage(test.ctx.database, test.ctx.config.jwtSecret, email.id);
    expect(text).not.toContain('Heavy rain');
    expect(text).toContain('No open alerts.');
    const sms = await test.ctx.database.db
      .selectFrom('smsOutbox')
      .select('body')
      .where('toPhone', '=', '+263772345678')
      .executeTakeFirstOrThrow();
    expect(sms.body).toContain('No open alerts.');
  });

  it('lists at most 30 fields but counts the open alerts of all of them, and not those that are over', async () => {
    const coop = await registerAccount(test.app, { name: 'Mutasa Co-op' });
    const names = Array.from({ length: DIGEST_MAX_FIELDS + 2 }, (_, index) => `Plot ${String(index + 1).padStart(2, '0')}`);
    const { fieldIds } = await createFarmWithFields(test.app, coop, names, 1);
    for (const id of fieldIds) await insertAlert(test.ctx, { orgId: coop.orgId, fieldId: id, date: '2026-12-02' });
    const over = await insertAlert(test.ctx, { orgId: coop.orgId, fieldId: fieldIds[0]!, ruleId: 'frost', date: '2026-11-25' });
    await test.ctx.database.db.updateTable('alerts').set({ endedAt: new Date() }).where('id', '=', over).execute();

    const week = (await as(coop, test.app, { method: 'GET', url: '/api/insights/this-week' })).json().data;
    expect(week.fields).toHaveLength(DIGEST_MAX_FIELDS);
    expect(week.openAlerts).toBe(DIGEST_MAX_FIELDS + 2);
    expect(week.fields[0]).toMatchObject({ fieldName: 'Plot 01', openAlerts: 1 });
  });

  it('says why a field has no water advice: not run, running, failed with its reason, or the crop or planting date missing', async () => {
    const grower = await registerAccount(test.app, { name: 'Rudo Ncube' });
    const farmId = (await as(grower, test.app, { method: 'POST', url: '/api/farms', payload: { name: 'Ncube Farm' } })).json().data.id;
    const field = async (name: string, facts: Record<string, unknown>) =>
      (
        await as(grower, test.app, {
          method: 'POST',
          url: '/api/fields',
          payload: { name, farmId, boundary: squareBoundary(2), ...facts },
        })
      ).json().data.id as string;
    const planted = { cropType: 'maize-grain', plantingDate: '2026-10-20' };
    await field('A not run', planted);
    const running = await field('B running', planted);
    const failed = await field('C failed', planted);
    await field('D no crop', { plantingDate: '2026-10-20' });
    await field('E no date', { cropType: 'maize-grain' });
    const row = (fieldId: string, status: 'running' | 'failed', error: string | null = null) =>
      test.ctx.database.db.insertInto('analyses').values({ orgId: grower.orgId, fieldId, type: 'irrigation', status, error }).execute();
    await row(running, 'running');
    await row(failed, 'failed', 'Weather is unavailable right now: the weather service could not be reached.');

    const week = (await as(grower, test.app, { method: 'GET', url: '/api/insights/this-week' })).json().data;
    expect(week.fields.map((entry: { fieldName: string; water: string }) => [entry.fieldName, entry.water])).toEqual([
      ['A not run', 'No water advice yet: the irrigation analysis has not run.'],
      ['B running', 'The irrigation analysis is running now.'],
      [
        'C failed',
        'No water advice: the last irrigation analysis failed. Weather is unavailable right now: the weather service could not be reached.',
      ],
      ['D no crop', 'No water advice yet: add the crop to this field.'],
      ['E no date', 'No water advice yet: add the planting date to this field.'],
    ]);
  });
});
