import { addDays } from '@murimi/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, registerAccount, squareBoundary, startTestApp, waitFor, type TestAccount, type TestApp } from '../../../test/harness.ts';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '../../integrations/open-meteo/testing/fake-open-meteo.ts';
import { startFakeAfricasTalking, type FakeSmsProvider } from '../../integrations/sms/testing/fake-africas-talking.ts';
import { readOutboxMessage } from '../../mail/mailer.ts';
import { localToday } from '../weather/weather.days.ts';
import { evaluateAlerts } from './alert-evaluation.ts';
import { alertScheduleJob } from './alert-schedule.ts';

/**
 * The whole path of an alert on real components: a forecast from a fake Open-Meteo over HTTP with 60 mm of rain
 * tomorrow → the scheduled job (fan-out, batch, rules) → one alert in the app, an e-mail in the outbox, and an SMS
 * request at a fake Africa's Talking; evaluating again makes no second alert and sends nothing more.
 */
describe('a forecast of 60 mm of rain, from the scheduled job to every channel', () => {
  let weather: FakeOpenMeteo;
  let sms: FakeSmsProvider;
  let test: TestApp;
  let farmer: TestAccount;
  let fieldId: string;

  beforeAll(async () => {
    weather = await startFakeOpenMeteo();
    sms = await startFakeAfricasTalking();
    test = await startTestApp({
      work: true,
      env: {
        WEATHER_SOURCE: 'open-meteo',
        OPEN_METEO_FORECAST_URL: weather.forecastUrl,
        OPEN_METEO_ARCHIVE_URL: weather.archiveUrl,
        SMS_PROVIDER: 'africastalking',
        AFRICASTALKING_USERNAME: 'murimi',
        AFRICASTALKING_API_KEY: 'test-api-key',
        AFRICASTALKING_API_URL: sms.url,
        AFRICASTALKING_CALLBACK_SECRET: 'callback-secret-of-24-characters-or-more',
      },
    });
    farmer = await registerAccount(test.app, { name: 'Tendai Moyo' });
    await test.ctx.database.db.updateTable('users').set({ emailVerifiedAt: new Date() }).where('id', '=', farmer.userId).execute();

    // Messages at any hour for this test (quiet hours have their own test).
    const settings = (await as(farmer, test.app, { method: 'GET', url: '/api/me/notification-preferences' })).json().data;
    const saved = await as(farmer, test.app, {
      method: 'PUT',
      url: '/api/me/notification-preferences',
      payload: { ...settings.preferences, quietHours: null },
    });
    expect(saved.statusCode).toBe(200);

    // The number is verified the way a farmer does it: the code arrives by SMS and is typed back.
    const asked = await as(farmer, test.app, { method: 'POST', url: '/api/me/sms-phone', payload: { phone: '077 123 4567' } });
    expect(asked.statusCode, asked.body).toBe(200);
    const codeSms = await waitFor('the code SMS', () => sms.requests.find((request) => /code: \d{6}/.test(request.form.message ?? '')));
    expect(codeSms.form.to).toBe('+263771234567');
    const code = /code: (\d{6})/.exec(codeSms.form.message!)![1];
    const verified = await as(farmer, test.app, { method: 'POST', url: '/api/me/sms-phone/verify', payload: { code } });
    expect(verified.json().data.smsPhone).toMatchObject({ phone: '+263771234567', verified: true });

    const farmId = (await as(farmer, test.app, { method: 'POST', url: '/api/farms', payload: { name: 'Kwacha Farm' } })).json().data.id;
    fieldId = (
      await as(farmer, test.app, {
        method: 'POST',
        url: '/api/fields',
        // Maize sown three weeks ago: weather alerts speak of days with a crop in the ground.
        payload: {
          name: 'Kwacha 3',
          farmId,
          boundary: squareBoundary(4),
          cropType: 'maize-grain',
          plantingDate: addDays(localToday(test.ctx.now(), 2 * 3600), -21),
        },
      })
    ).json().data.id;
  });

  afterAll(async () => {
    await test?.close();
    await weather?.close();
    await sms?.close();
  });

  it('makes one alert, one e-mail and one SMS, and nothing more when evaluated again', async () => {
    const tomorrow = addDays(localToday(test.ctx.now(), 2 * 3600), 1);
    // Rain of 3 mm a day except 60 mm tomorrow: heavy by the day rule tomorrow, by the three-day rule for two days after.
    weather.changeNext((body) => {
      const daily = body.daily as { time: string[]; precipitation_sum: number[] };
      daily.precipitation_sum = daily.time.map((date) => (date === tomorrow ? 60 : 3));
      return body;
    });
    sms.reset();
    const earlierEmails = (await test.ctx.database.db.selectFrom('emailOutbox').select('id').execute()).map((row) => row.id);
    const emailsOf = () =>
      test.ctx.database.db
        .selectFrom('emailOutbox')
        .selectAll()
        .where('toAddress', '=', farmer.email)
        .$if(earlierEmails.length > 0, (query) => query.where('id', 'not in', earlierEmails))
        .execute();
    await test.ctx.queue.send(alertScheduleJob, {});

    const smsRequest = await waitFor('the alert SMS', () => sms.requests[0]);
    expect(smsRequest.path).toBe('/version1/messaging');
    expect(smsRequest.headers.apikey).toBe('test-api-key');
    expect(smsRequest.form).toMatchObject({ username: 'murimi', to: '+263771234567' });
    expect(smsRequest.form.message).toMatch(
      /^Murimi: Kwacha 3 - heavy rain 60mm tomorrow\. Delay urea and spraying, clear drains\. Reply STOP to end\.$/,
    );
    expect(smsRequest.form.message!.length).toBeLessThanOrEqual(160);

    const list = (await as(farmer, test.app, { method: 'GET', url: '/api/alerts' })).json();
    expect(list.data).toHaveLength(1);
    const [alert] = list.data;
    expect(alert).toMatchObject({
      fieldId,
      fieldName: 'Kwacha 3',
      ruleId: 'heavy-rain',
      category: 'weather',
      severity: 'warning',
      read: false,
    });
    expect(alert.date).toBe(tomorrow);
    expect(alert.message).toMatch(/^Heavy rain: 60 mm on \w{3} \d{1,2} \w{3}, 66 mm over three days\.$/);
    expect(alert.evidence.values).toContainEqual(expect.objectContaining({ name: 'rain', value: 60, text: '60 mm', date: tomorrow }));
    expect(alert.evidence.dataSource).toBe('Open-Meteo');
    expect((await as(farmer, test.app, { method: 'GET', url: '/api/alerts/unread-count' })).json().data.unread).toBe(1);

    const emails = await waitFor('the alert e-mail', async () => {
      const rows = await emailsOf();
      return rows.length > 0 ? rows : undefined;
    });
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe('Murimi: Heavy rain on Kwacha 3');
    const text = await readOutboxMessage(test.ctx.database, test.ctx.config.jwtSecret, emails[0]!.id);
    expect(text).toContain('Heavy rain: 60 mm on');
    expect(text).toContain('What to do: Clear drains, and hold fertilizer and spraying until the rain has passed.');
    expect(emails[0]!.sealedHtmlBody).not.toBeNull();

    const outbox = await waitFor('the SMS marked sent', async () => {
      const row = await test.ctx.database.db.selectFrom('smsOutbox').selectAll().where('purpose', '=', 'alert').executeTakeFirst();
      return row?.status === 'sent' ? row : undefined;
    });
    expect(outbox).toMatchObject({ parts: 1, encoding: 'GSM-7', provider: 'africastalking', alertId: alert.id });

    // Evaluated again (the next run, a new analysis): the same episode, so no new alert and no new message.
    const again = await evaluateAlerts({ ...test.ctx, log: test.app.log }, [fieldId]);
    expect(again).toMatchObject({ alerts: 1, created: [], ended: 0 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sms.requests).toHaveLength(1);
    expect(await test.ctx.database.db.selectFrom('alerts').select('id').execute()).toHaveLength(1);
    expect(await emailsOf()).toHaveLength(1);

    // The next forecast puts the storm back a day: its first day moved, but it is the same storm, told once.
    weather.changeNext((body) => {
      const daily = body.daily as { time: string[]; precipitation_sum: number[] };
      daily.precipitation_sum = daily.time.map((date) => (date === addDays(tomorrow, 1) ? 70 : 3));
      return body;
    });
    await test.ctx.database.db.deleteFrom('weatherForecasts').execute();
    const moved = await evaluateAlerts({ ...test.ctx, log: test.app.log }, [fieldId]);
    expect(moved).toMatchObject({ alerts: 1, created: [], escalated: [], ended: 0 });
    const [same] = (await as(farmer, test.app, { method: 'GET', url: '/api/alerts' })).json().data;
    expect(same).toMatchObject({ id: alert.id, date: addDays(tomorrow, 1) });
    expect(same.message).toMatch(/^Heavy rain: 70 mm on /);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sms.requests).toHaveLength(1);
  });

  it('tells again, once, a frost that gets worse: warning, then critical', async () => {
    const inThreeDays = addDays(localToday(test.ctx.now(), 2 * 3600), 3);
    const frostOf = (minTemperatureC: number) =>
      weather.changeNext((body) => {
        const daily = body.daily as { time: string[]; precipitation_sum: number[]; temperature_2m_min: number[] };
        // 3 mm a day: no heavy rain, and no dry spell on the crop.
        daily.precipitation_sum = daily.time.map(() => 3);
        daily.temperature_2m_min = daily.time.map((date, index) =>
          date === inThreeDays ? minTemperatureC : daily.temperature_2m_min[index]!,
        );
        return body;
      });
    const frostAlerts = async () =>
      (await as(farmer, test.app, { method: 'GET', url: '/api/alerts?status=all' }))
        .json()
        .data.filter((a: { ruleId: string }) => a.ruleId === 'frost');
    sms.reset();

    frostOf(1.5);
    await test.ctx.database.db.deleteFrom('weatherForecasts').execute();
    const first = await evaluateAlerts({ ...test.ctx, log: test.app.log }, [fieldId]);
    expect(first.created).toHaveLength(1);
    await waitFor('the frost SMS', () => sms.requests.find((request) => /frost/i.test(request.form.message ?? '')));
    const [warning] = await frostAlerts();
    expect(warning).toMatchObject({ severity: 'warning', read: false });
    // Read and resolved: the farmer has covered the seedlings against a light frost.
    await as(farmer, test.app, { method: 'POST', url: `/api/alerts/${warning.id}/read`, payload: { read: true } });
    await as(farmer, test.app, { method: 'POST', url: `/api/alerts/${warning.id}/resolve`, payload: { resolved: true } });

    frostOf(-1.5);
    await test.ctx.database.db.deleteFrom('weatherForecasts').execute();
    const worse = await evaluateAlerts({ ...test.ctx, log: test.app.log }, [fieldId]);
    expect(worse).toMatchObject({ created: [], escalated: [warning.id] });
    const [critical] = await frostAlerts();
    expect(critical).toMatchObject({ id: warning.id, severity: 'critical', read: false, resolvedAt: null });
    await waitFor('the second frost SMS', () => (sms.requests.length >= 2 ? sms.requests : undefined));

    // The same hard frost evaluated again: nothing more.
    await test.ctx.database.db.deleteFrom('weatherForecasts').execute();
    frostOf(-1.5);
    expect(await evaluateAlerts({ ...test.ctx, log: test.app.log }, [fieldId])).toMatchObject({ created: [], escalated: [] });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sms.requests.filter((request) => /frost/i.test(request.form.message ?? ''))).toHaveLength(2);
  });
});
