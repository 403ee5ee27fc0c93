import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { alertSmsWords, smsWaterText, waterOutlookOf, type AlertEvidence, type AlertRuleId, type IrrigationResult } from '@murimi/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFarmWithFields, insertAlert } from '../../../test/factories.ts';
import { as, registerAccount, squareBoundary, startTestApp, waitFor, type TestAccount, type TestApp } from '../../../test/harness.ts';
import { startFakeAfricasTalking, type FakeSmsProvider } from '../../integrations/sms/testing/fake-africas-talking.ts';
import { handleInboundSms } from './inbound-sms.ts';

/**
 * Two-way SMS and USSD on the real app over Africa's Talking's callback formats, with the replies read at a fake
 * Africa's Talking. The clock stands in mid-September, the dry end of the highveld winter, so the simulated weather
 * is dry and the irrigated field's advice is to water.
 */
const SECRET = 'callback-secret-of-24-characters-or-more';
const FARMER_PHONE = '+263771234567';
const STRANGER_PHONE = '+263779999999';
const NOW = new Date('2026-09-15T08:00:00Z'); // 10:00 in Harare, outside the default quiet hours
const TODAY = '2026-09-15';

describe('two-way SMS and USSD', () => {
  let sms: FakeSmsProvider;
  let test: TestApp;
  let farmer: TestAccount;
  let kwachaId: string;
  let zuluId: string;
  let messageCounter = 0;

  /** Texts `text` from `from` the way Africa's Talking posts it, and waits for the reply SMS at the fake. */
  async function text(from: string, body: string): Promise<string> {
    const before = sms.requests.length;
    messageCounter += 1;
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/sms/africastalking/${SECRET}/inbound`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        from,
        to: '32123',
        text: body,
        date: NOW.toISOString(),
        id: `ATXid_in_${messageCounter}`,
        linkId: 'x',
      }).toString(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const reply = await waitFor(`the reply to "${body}"`, () => sms.requests.slice(before).find((request) => request.form.to === from));
    return reply.form.message!;
  }

  async function ussd(sessionId: string, phoneNumber: string, answers: string): Promise<string> {
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/sms/africastalking/${SECRET}/ussd`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ sessionId, serviceCode: '*384*123#', phoneNumber, networkCode: '64801', text: answers }).toString(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    return response.body;
  }

  const latestIrrigation = async (fieldId: string) =>
    test.ctx.database.db
      .selectFrom('analyses')
      .select(['id', 'result'])
      .where('fieldId', '=', fieldId)
      .where('type', '=', 'irrigation')
      .where('status', '=', 'completed')
      .orderBy('finishedAt', 'desc')
      .executeTakeFirst();

  /** Waits until the jobs a completed analysis starts (its alert evaluation) have run. */
  const settled = () =>
    waitFor('the analysis follow-up jobs', async () => {
      const { rows } = await test.ctx.database.executeSql(
        `select count(*)::int as waiting from pgboss.job where name in ('analysis-completed', 'alert-notify') and state in ('created', 'retry', 'active')`,
      );
      return (rows[0] as { waiting: number }).waiting === 0 ? true : undefined;
    });

  async function runIrrigationAnalysis(fieldId: string) {
    const before = (await latestIrrigation(fieldId))?.id;
    const started = await as(farmer, test.app, {
      method: 'POST',
      url: `/api/analysis/${fieldId}/irrigation-recommendation/run`,
      payload: {},
    });
    expect(started.statusCode, started.body).toBeLessThan(300);
    return waitFor('the irrigation analysis', async () => {
      const latest = await latestIrrigation(fieldId);
      return latest && latest.id !== before ? (latest.result as IrrigationResult) : undefined;
    });
  }

  beforeAll(async () => {
    sms = await startFakeAfricasTalking();
    test = await startTestApp({
      work: true,
      env: {
        WEATHER_SOURCE: 'simulated',
        SMS_PROVIDER: 'africastalking',
        AFRICASTALKING_USERNAME: 'murimi',
        AFRICASTALKING_API_KEY: 'test-api-key',
        AFRICASTALKING_API_URL: sms.url,
        AFRICASTALKING_CALLBACK_SECRET: SECRET,
      },
    });
    test.clock.offsetMs = NOW.getTime() - Date.now();
    farmer = await registerAccount(test.app, { name: 'Tendai Moyo' });
    await test.ctx.database.db
      .updateTable('users')
      .set({ smsPhone: FARMER_PHONE, smsPhoneVerifiedAt: test.ctx.now() })
      .where('id', '=', farmer.userId)
      .execute();
    const farmId = (await as(farmer, test.app, { method: 'POST', url: '/api/farms', payload: { name: 'Kwacha Farm' } })).json().data.id;
    const field = async (name: string, payload: object, centre: [number, number]) =>
      (
        await as(farmer, test.app, {
          method: 'POST',
          url: '/api/fields',
          payload: { name, farmId, boundary: squareBoundary(4, centre), ...payload },
        })
      ).json().data.id as string;
    // Alerts by SMS off: the replies are the only SMS, so each reply is the next message to the farmer's number.
    const settings = (await as(farmer, test.app, { method: 'GET', url: '/api/me/notification-preferences' })).json().data;
    await as(farmer, test.app, {
      method: 'PUT',
      url: '/api/me/notification-preferences',
      payload: {
        ...settings.preferences,
        channels: { ...settings.preferences.channels, sms: { weather: 'off', crop: 'off', pest: 'off' } },
      },
    });
    kwachaId = await field(
      'Kwacha 3',
      { cropType: 'maize-grain', plantingDate: '2026-08-01', irrigated: true, soilTexture: 'sandy-loam' },
      [31.05, -17.83],
    );
    zuluId = await field('Zulu block', { cropType: 'soybean', plantingDate: '2026-08-10', irrigated: false }, [31.06, -17.84]);

    // A stored health analysis of Kwacha 3 (the core fixture, its latest image on 12 Sep at NDVI 0.62).
    const health = JSON.parse(
      readFileSync(
        path.resolve(import.meta.dirname, '../../../../../packages/core/src/analysis-results/fixtures/health-result.json'),
        'utf8',
      ),
    );
    health.latest.date = '2026-09-12';
    health.latest.ndvi.mean = 0.62;
    await test.ctx.database.db
      .insertInto('analyses')
      .values({
        orgId: farmer.orgId,
        fieldId: kwachaId,
        type: 'health',
        status: 'completed',
        requestedAt: test.ctx.now(),
        finishedAt: test.ctx.now(),
        analysisDate: '2026-09-12',
        result: JSON.stringify(health),
        summary: 'Crop health healthy',
        simulated: true,
      })
      .execute();
  });

  afterAll(async () => {
    await test?.close();
    await sms?.close();
  });

  it('answers STATUS 1 with the first field’s stored health, water and next action', async () => {
    const advice = await runIrrigationAnalysis(kwachaId);
    await settled();
    const water = smsWaterText(waterOutlookOf(advice), 'en', TODAY);
    expect(water).toMatch(/^Water: irrigate \d+mm today$/);
    // A frost told from simulated weather is for trying the product: STATUS leaves it out, however severe.
    await insertAlert(test.ctx, {
      orgId: farmer.orgId,
      fieldId: kwachaId,
      ruleId: 'frost',
      severity: 'critical',
      date: TODAY,
      simulated: true,
    });
    const reply = await text(FARMER_PHONE, 'status 1');
    // Next: the action of the field's most severe open alert not made from simulated data, as its SMS words it.
    const open = await test.ctx.database.db
      .selectFrom('alerts')
      .selectAll()
      .where('fieldId', '=', kwachaId)
      .where('endedAt', 'is', null)
      .where('simulated', '=', false)
      .execute();
    const rank = { critical: 0, warning: 1, info: 2 } as const;
    const top = open.sort((a, b) => rank[a.severity] - rank[b.severity])[0];
    const next = top
      ? `Next: ${alertSmsWords({ ...top, ruleId: top.ruleId as AlertRuleId, evidence: top.evidence as AlertEvidence }, 'en', TODAY).action.replace(/\.$/, '')}`
      : 'Next: nothing urgent';
    expect(reply).toBe(`Murimi:\nKwacha 3: healthy, NDVI 0.62 (12 Sep). ${water}. ${next}`);
  });

  it('asks which field IRR 25 is for, logs it on the answer, and replies with the advice that changed', async () => {
    const before = (await latestIrrigation(kwachaId))!.result as IrrigationResult;
    const question = await text(FARMER_PHONE, 'IRR 25');
    expect(question).toBe('Murimi: which field got 25mm irrigation? Reply 1 Kwacha 3, 2 Zulu block');
    const logged = await text(FARMER_PHONE, '1');
    expect(logged).toMatch(/^Murimi: logged 25mm irrigation on Kwacha 3, today\. Water: /);

    const events = await test.ctx.database.db.selectFrom('irrigationEvents').selectAll().where('fieldId', '=', kwachaId).execute();
    expect(events).toMatchObject([{ irrigationDate: TODAY, depthMm: 25, orgId: farmer.orgId }]);

    // The irrigation advice queued by the log counts the 25 mm, and its words are those of the reply.
    const after = await waitFor('the new irrigation advice', async () => {
      const latest = (await latestIrrigation(kwachaId))!.result as IrrigationResult;
      return JSON.stringify(latest) !== JSON.stringify(before) ? latest : undefined;
    });
    if (
      !('advice' in before) ||
      !('advice' in after) ||
      before.advice.kind !== 'irrigation-schedule' ||
      after.advice.kind !== 'irrigation-schedule'
    ) {
      throw new Error('expected irrigation schedules');
    }
    expect(after.advice.projection[0]!.irrigationMm).toBe(25);
    expect([after.advice.status, after.advice.irrigationDate]).not.toEqual([before.advice.status, before.advice.irrigationDate]);
    expect(logged).toBe(`Murimi: logged 25mm irrigation on Kwacha 3, today. ${smsWaterText(waterOutlookOf(after), 'en', TODAY)}`);

    // Sent again by the provider (same message id), it changes nothing.
    const repeat = await test.app.inject({
      method: 'POST',
      url: `/api/sms/africastalking/${SECRET}/inbound`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ from: FARMER_PHONE, to: '32123', text: '1', id: `ATXid_in_${messageCounter}` }).toString(),
    });
    expect(repeat.statusCode).toBe(200);
    expect(await test.ctx.database.db.selectFrom('irrigationEvents').select('id').where('fieldId', '=', kwachaId).execute()).toHaveLength(
      1,
    );
  });

  it('logs RAIN 12 2 on the second field at once', async () => {
    const reply = await text(FARMER_PHONE, 'RAIN 12mm 2');
    expect(reply).toMatch(/^Murimi: logged 12mm rain on Zulu block, today\./);
    const readings = await test.ctx.database.db.selectFrom('rainReadings').selectAll().where('fieldId', '=', zuluId).execute();
    expect(readings).toMatchObject([{ readingDate: TODAY, rainMm: 12 }]);
    expect(await text(FARMER_PHONE, 'RAIN 5 2')).toBe('Murimi: Zulu block already has 12mm rain for today. Change it in the app.');
  });

  it('answers HELP and anything it does not know with the help text, never an error', async () => {
    const help =
      'Murimi: send STATUS for your fields, STATUS 2 for field 2, IRR 25 to log 25mm irrigation, RAIN 12 to log 12mm rain, STOP to end SMS.';
    expect(await text(FARMER_PHONE, 'HELP')).toBe(help);
    expect(await text(FARMER_PHONE, 'when will it rain?')).toBe(help);
    expect(await text(FARMER_PHONE, 'IRR lots')).toBe('Murimi: send the irrigation in mm, more than 0 and at most 200, e.g. IRR 25.');
    // 0 mm is refused, so the range it is told does not start at 0.
    expect(await text(FARMER_PHONE, 'IRR 0')).toBe('Murimi: send the irrigation in mm, more than 0 and at most 200, e.g. IRR 25.');
    expect(await text(FARMER_PHONE, 'RAIN lots')).toBe('Murimi: send the rain in mm, from 0 to 500, e.g. RAIN 12.');
    expect(await text(FARMER_PHONE, 'STATUS 9')).toBe('Murimi: you have 2 field(s). Send STATUS 1 to STATUS 2.');
  });

  it('tells a number nobody verified how to link it, and changes nothing', async () => {
    const events = await test.ctx.database.db.selectFrom('irrigationEvents').select('id').execute();
    expect(await text(STRANGER_PHONE, 'IRR 25 1')).toBe(
      'Murimi: this number is not linked to an account. Add and verify it in the app under Settings.',
    );
    expect(await test.ctx.database.db.selectFrom('irrigationEvents').select('id').execute()).toEqual(events);
  });

  it('walks a USSD session: the menu, a field, an amount, and the log', async () => {
    // This farmer has alerts by SMS off (see the set-up).
    expect(await ussd('s-1', FARMER_PHONE, '')).toBe('CON Murimi\n1 Field status\n2 Log irrigation\n3 Log rain\n4 SMS alerts: off');
    expect(await ussd('s-1', FARMER_PHONE, '2')).toBe('CON Which field?\n1 Kwacha 3\n2 Zulu block');
    expect(await ussd('s-1', FARMER_PHONE, '2*1')).toBe('CON Irrigation on Kwacha 3, mm:');
    // The day as "15 Sep", not the stored 2026-09-15.
    expect(await ussd('s-1', FARMER_PHONE, '2*1*20')).toBe('END Murimi: logged 20mm irrigation on Kwacha 3, 15 Sep. ');
    const depths = (
      await test.ctx.database.db.selectFrom('irrigationEvents').select('depthMm').where('fieldId', '=', kwachaId).execute()
    ).map((event) => event.depthMm);
    expect(depths.sort()).toEqual([20, 25]);

    expect(await ussd('s-2', FARMER_PHONE, '1*1')).toMatch(/^END Kwacha 3: healthy, NDVI 0\.62 \(12 Sep\)\. Water: /);
    const smsChannel = async () =>
      (await as(farmer, test.app, { method: 'GET', url: '/api/me/notification-preferences' })).json().data.preferences.channels.sms;
    expect(await ussd('s-3', FARMER_PHONE, '4')).toBe('CON SMS alerts are off.\n1 On\n2 Off');
    expect(await ussd('s-3', FARMER_PHONE, '4*1')).toBe('END SMS alerts are on.');
    expect(await smsChannel()).toEqual({ weather: 'warning', crop: 'warning', pest: 'warning' });
    expect(await ussd('s-4', FARMER_PHONE, '')).toMatch(/4 SMS alerts: on$/);
    expect(await ussd('s-4', FARMER_PHONE, '4*2')).toBe('END SMS alerts are off. Dial again and choose 4, then 1, to turn them on.');
    expect(await smsChannel()).toEqual({ weather: 'off', crop: 'off', pest: 'off' });
    expect(await ussd('s-4', FARMER_PHONE, '4*3')).toBe('END That is not one of the choices. Dial again.');
    expect(await ussd('s-5', FARMER_PHONE, '7')).toBe('END That is not one of the choices. Dial again.');
    expect(await ussd('s-6', FARMER_PHONE, '3*1*900')).toBe('END Murimi: send the rain in mm, from 0 to 500, e.g. 25.');
    expect(await ussd('s-7', STRANGER_PHONE, '')).toBe(
      'END This number is not linked to a Murimi account. Add and verify it in the app under Settings.',
    );
  });

  it('sets SMS alerts on or off as chosen: the same answer sent twice by the operator does not undo it', async () => {
    const smsChannel = async () =>
      (await as(farmer, test.app, { method: 'GET', url: '/api/me/notification-preferences' })).json().data.preferences.channels.sms;
    expect(await ussd('s-on', FARMER_PHONE, '4*1')).toBe('END SMS alerts are on.');
    expect(await ussd('s-on', FARMER_PHONE, '4*1')).toBe('END SMS alerts are on.');
    expect(await smsChannel()).toEqual({ weather: 'warning', crop: 'warning', pest: 'warning' });
    expect(await ussd('s-off', FARMER_PHONE, '4*2')).toMatch(/^END SMS alerts are off\./);
    expect(await ussd('s-off', FARMER_PHONE, '4*2')).toMatch(/^END SMS alerts are off\./);
    expect(await smsChannel()).toEqual({ weather: 'off', crop: 'off', pest: 'off' });
  });

  it('keeps the question "which field?" for the person asked: a number that moved to another account cannot answer it', async () => {
    const db = test.ctx.database.db;
    expect(await text(FARMER_PHONE, 'IRR 35')).toBe('Murimi: which field got 35mm irrigation? Reply 1 Kwacha 3, 2 Zulu block');
    // The number is verified by someone else now (a phone passed on in the family).
    const newHolder = await registerAccount(test.app, { name: 'Rudo Moyo' });
    const [theirField] = (await createFarmWithFields(test.app, newHolder, ['Garden'])).fieldIds;
    await db.updateTable('users').set({ smsPhone: null, smsPhoneVerifiedAt: null }).where('id', '=', farmer.userId).execute();
    await db
      .updateTable('users')
      .set({ smsPhone: FARMER_PHONE, smsPhoneVerifiedAt: test.ctx.now() })
      .where('id', '=', newHolder.userId)
      .execute();
    try {
      expect(await text(FARMER_PHONE, '1')).toMatch(/^Murimi: send STATUS for your fields/);
      expect(await db.selectFrom('irrigationEvents').select('id').where('fieldId', '=', theirField!).execute()).toEqual([]);
      expect(await db.selectFrom('irrigationEvents').select('id').where('depthMm', '=', 35).execute()).toEqual([]);
    } finally {
      await db.updateTable('users').set({ smsPhone: null, smsPhoneVerifiedAt: null }).where('id', '=', newHolder.userId).execute();
      await db
        .updateTable('users')
        .set({ smsPhone: FARMER_PHONE, smsPhoneVerifiedAt: test.ctx.now() })
        .where('id', '=', farmer.userId)
        .execute();
      await db.deleteFrom('smsConversations').execute();
    }
  });

  it('keeps the question "which field?" when logging the answer fails, so the job’s next try logs the water', async () => {
    const db = test.ctx.database.db;
    // Texts stored as the webhook stores them, and handled here as the job would: each run is this test's to make.
    const received = async (body: string) => {
      messageCounter += 1;
      const id = randomUUID();
      await db
        .insertInto('smsInbound')
        .values({
          id,
          provider: 'africastalking',
          providerMessageId: `ATXid_in_${messageCounter}`,
          fromPhone: FARMER_PHONE,
          toPhone: '32123',
          text: body,
          receivedAt: test.ctx.now(),
        })
        .execute();
      return id;
    };
    const handle = (inboundId: string) =>
      handleInboundSms(
        { ...test.ctx, log: test.app.log, attempt: { retryCount: 0, retryLimit: 3, isLast: false }, queue: test.ctx.queue },
        inboundId,
      );
    const irrigationOf30Mm = () =>
      db.selectFrom('irrigationEvents').select('id').where('fieldId', '=', kwachaId).where('depthMm', '=', 30).execute();

    expect(await handle(await received('IRR 30'))).toBe('Murimi: which field got 30mm irrigation? Reply 1 Kwacha 3, 2 Zulu block');
    const answerId = await received('1');
    // The database refuses the irrigation once, as it would when it fails over mid-write.
    await test.ctx.database.executeSql(
      `create function refuse_irrigation() returns trigger language plpgsql as $$ begin raise exception 'the database is unavailable'; end $$`,
    );
    await test.ctx.database.executeSql(
      'create trigger refuse_irrigation before insert on irrigation_events for each row execute function refuse_irrigation()',
    );
    try {
      await expect(handle(answerId)).rejects.toThrow(/the database is unavailable/);
    } finally {
      await test.ctx.database.executeSql('drop trigger refuse_irrigation on irrigation_events');
      await test.ctx.database.executeSql('drop function refuse_irrigation()');
    }
    expect(await db.selectFrom('smsConversations').select('phone').where('userId', '=', farmer.userId).execute()).toHaveLength(1);
    expect(await db.selectFrom('smsInbound').select(['handledAt', 'replyOutboxId']).where('id', '=', answerId).executeTakeFirst()).toEqual({
      handledAt: null,
      replyOutboxId: null,
    });
    expect(await irrigationOf30Mm()).toEqual([]);

    expect(await handle(answerId)).toMatch(/^Murimi: logged 30mm irrigation on Kwacha 3, today\./);
    expect(await irrigationOf30Mm()).toHaveLength(1);
    expect(await db.selectFrom('smsConversations').select('phone').where('userId', '=', farmer.userId).execute()).toEqual([]);
    const handled = await db
      .selectFrom('smsInbound')
      .select(['handledAt', 'replyOutboxId'])
      .where('id', '=', answerId)
      .executeTakeFirstOrThrow();
    expect(handled).toEqual({ handledAt: expect.any(Date), replyOutboxId: expect.any(String) });
    // Handled, the text is not answered twice.
    expect(await handle(answerId)).toBeNull();
  });

  it('fits a field status with a long field name on one USSD screen of 182 characters', async () => {
    const farmId = (await as(farmer, test.app, { method: 'GET', url: '/api/farms' })).json().data[0].id;
    const longName = `Zvimba ${'north-east block behind the dip tank by the river '.repeat(3)}`.slice(0, 120).trim();
    const created = await as(farmer, test.app, {
      method: 'POST',
      url: '/api/fields',
      payload: { name: longName, farmId, boundary: squareBoundary(2, [31.07, -17.85]) },
    });
    expect(created.statusCode, created.body).toBe(201);

    const screen = await ussd('s-8', FARMER_PHONE, '1*3');
    expect(screen.length).toBeLessThanOrEqual(182);
    expect(screen).toMatch(/^END Zvimba north-east block behind the dip tank[^:]*\.\.\.: .+\. Water: .+\. Next: .+$/);
  });
  it("lists a person's fields farm by farm, each farm's fields under its name", async () => {
    const phone = '+263772000222';
    const person = await registerAccount(test.app, { name: 'Tatenda Moyo' });
    await test.ctx.database.db
      .updateTable('users')
      .set({ smsPhone: phone, smsPhoneVerifiedAt: test.ctx.now() })
      .where('id', '=', person.userId)
      .execute();
    const vlei = await createFarmWithFields(test.app, person, ['Wetland', 'Anthill']);
    const home = await createFarmWithFields(test.app, person, ['Garden']);
    await test.ctx.database.db.updateTable('farms').set({ name: 'Vlei farm' }).where('id', '=', vlei.farmId).execute();
    await test.ctx.database.db.updateTable('farms').set({ name: 'Home farm' }).where('id', '=', home.farmId).execute();
    await test.ctx.database.db
      .updateTable('fields')
      .set({ cropType: 'maize-grain', plantingDate: '2026-08-01' })
      .where('orgId', '=', person.orgId)
      .execute();

    const lines = (await text(phone, 'STATUS')).split('\n');
    const headers = lines.filter((line) => line.endsWith(':'));
    expect(headers).toEqual(['Murimi:', 'Home farm:', 'Vlei farm:']);
    const order = lines.map((line) => /^(Home farm|Vlei farm|Garden|Anthill|Wetland)\b/.exec(line)?.[1]).filter(Boolean);
    expect(order).toEqual(['Home farm', 'Garden', 'Vlei farm', 'Anthill', 'Wetland']);
    // Numbered in the same order: field 2 is the vlei farm's first.
    expect(await text(phone, 'RAIN 4 2')).toMatch(/^Murimi: logged 4mm rain on Anthill, today\./);
  });

  it('speaks of the fields of every organisation the person belongs to, those of their farms in a programme only', async () => {
    const phone = '+263772000111';
    const person = await registerAccount(test.app, { name: 'Rufaro Chikore' });
    await test.ctx.database.db
      .updateTable('users')
      .set({ smsPhone: phone, smsPhoneVerifiedAt: test.ctx.now() })
      .where('id', '=', person.userId)
      .execute();
    await test.ctx.database.db.updateTable('organisations').set({ name: 'Chikore family' }).where('id', '=', person.orgId).execute();
    await createFarmWithFields(test.app, person, ['Home plot']);
    const programme = await registerAccount(test.app);
    await test.ctx.database.db.updateTable('organisations').set({ name: 'Ward 7' }).where('id', '=', programme.orgId).execute();
    const theirs = await createFarmWithFields(test.app, programme, ['Club plot']);
    await createFarmWithFields(test.app, programme, ['Not theirs']);
    await test.ctx.database.db
      .insertInto('memberships')
      .values({ orgId: programme.orgId, userId: person.userId, role: 'farmer' })
      .execute();
    await test.ctx.database.db.updateTable('farms').set({ farmerUserId: person.userId }).where('id', '=', theirs.farmId).execute();
    await test.ctx.database.db
      .updateTable('fields')
      .set({ cropType: 'maize-grain', plantingDate: '2026-08-01' })
      .where('id', '=', theirs.fieldIds[0]!)
      .execute();

    const status = await text(phone, 'STATUS');
    expect(status).toContain('Chikore family: Home plot');
    expect(status).toContain('Ward 7: Club plot');
    expect(status).not.toContain('Not theirs');
    expect(await text(phone, 'STATUS 3')).toBe('Murimi: you have 2 field(s). Send STATUS 1 to STATUS 2.');
    // Field 2 is the programme's: the rain is kept there, in the programme's records.
    expect(await text(phone, 'RAIN 7 2')).toMatch(/^Murimi: logged 7mm rain on Ward 7: Club plot, today\./);
    const readings = await test.ctx.database.db
      .selectFrom('rainReadings')
      .select(['orgId', 'rainMm'])
      .where('fieldId', '=', theirs.fieldIds[0]!)
      .execute();
    expect(readings).toEqual([{ orgId: programme.orgId, rainMm: 7 }]);
  });
});
