import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFarmWithFields, insertAlert } from '../../../test/factories.ts';
import { as, registerAccount, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';

/** The alerts a person reads and handles: the list, the badge, snooze and what "open" means. */
describe('the alerts API', () => {
  let test: TestApp;
  let farmer: TestAccount;
  let fieldId: string;

  const get = (url: string) => as(farmer, test.app, { method: 'GET', url });
  const post = (url: string, payload: Record<string, unknown>) => as(farmer, test.app, { method: 'POST', url, payload });
  const unread = async () => (await get('/api/alerts/unread-count')).json().data.unread as number;

  beforeAll(async () => {
    test = await startTestApp();
    farmer = await registerAccount(test.app, { name: 'Rudo Chikomo' });
    [fieldId] = (await createFarmWithFields(test.app, farmer, ['Vlei maize'])).fieldIds as [string];
  });
  afterAll(() => test?.close());

  it('brings a snoozed alert back to the badge, unread, when the snooze ends', async () => {
    const id = await insertAlert(test.ctx, { orgId: farmer.orgId, fieldId, date: '2026-12-02' });
    expect(await unread()).toBe(1);
    const snoozed = await post(`/api/alerts/${id}/snooze`, { until: new Date(test.ctx.now().getTime() + 3_600_000).toISOString() });
    expect(snoozed.statusCode, snoozed.body).toBe(200);
    expect(snoozed.json().data).toMatchObject({ read: false, snoozedUntil: expect.any(String) });
    expect(await unread()).toBe(0);

    test.clock.offsetMs += 2 * 3_600_000;
    expect(await unread()).toBe(1);
    expect((await get(`/api/alerts/${id}`)).json().data).toMatchObject({ read: false, snoozedUntil: null });
    expect((await get('/api/alerts?unread=true')).json().data.map((alert: { id: string }) => alert.id)).toContain(id);
    await post(`/api/alerts/${id}/resolve`, { resolved: true });
  });

  it('lists every alert whatever the in-app choice, which only decides what the badge counts', async () => {
    const pest = await insertAlert(test.ctx, { orgId: farmer.orgId, fieldId, ruleId: 'soybean-rust', date: '2026-12-03' });
    await test.ctx.database.db.updateTable('alerts').set({ category: 'pest' }).where('id', '=', pest).execute();
    expect(await unread()).toBe(1);

    const { preferences } = (await get('/api/me/notification-preferences')).json().data;
    const saved = await as(farmer, test.app, {
      method: 'PUT',
      url: '/api/me/notification-preferences',
      payload: { ...preferences, channels: { ...preferences.channels, inApp: { ...preferences.channels.inApp, pest: 'critical' } } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await unread()).toBe(0);
    expect((await get('/api/alerts')).json().data.map((alert: { id: string }) => alert.id)).toContain(pest);
    await post(`/api/alerts/${pest}/resolve`, { resolved: true });
  });

  it('calls open only an alert whose condition still holds and that nobody resolved', async () => {
    const [current, over, resolved] = [
      await insertAlert(test.ctx, { orgId: farmer.orgId, fieldId, ruleId: 'heat', date: '2026-12-04' }),
      await insertAlert(test.ctx, { orgId: farmer.orgId, fieldId, ruleId: 'frost', date: '2026-11-20' }),
      await insertAlert(test.ctx, { orgId: farmer.orgId, fieldId, ruleId: 'strong-wind', date: '2026-11-26' }),
    ];
    await test.ctx.database.db.updateTable('alerts').set({ endedAt: new Date() }).where('id', '=', over).execute();
    await post(`/api/alerts/${resolved}/resolve`, { resolved: true });

    const ids = async (query: string) => (await get(`/api/alerts?${query}`)).json().data.map((alert: { id: string }) => alert.id);
    expect(await ids('status=open')).toEqual([current]);
    expect(await ids('status=resolved')).toEqual(expect.arrayContaining([resolved]));
    expect(await ids('status=resolved')).not.toContain(over);
    expect(await ids('status=all')).toEqual(expect.arrayContaining([current, over, resolved]));
    // The badge counts the open ones only: the frost that is over is not waiting for anyone.
    expect(await unread()).toBe(1);
  });

  it('refuses with 400 a page cursor holding a time the database cannot read, and a dry spell of part days', async () => {
    const cursor = Buffer.from(JSON.stringify(['0000-01-01T00:00:00Z', '3f1c1b7e-2d7a-4c8e-9a55-1b2c3d4e5f60'])).toString('base64url');
    const page = await get(`/api/alerts?cursor=${cursor}`);
    expect(page.statusCode).toBe(400);
    expect(page.json().error.details[0].path).toBe('cursor');

    const thresholds = await as(farmer, test.app, { method: 'PUT', url: '/api/alert-thresholds', payload: { drySpellDays: 7.5 } });
    expect(thresholds.statusCode).toBe(400);
    expect(thresholds.json().error.message).toContain('whole number');
    expect((await get('/api/alert-thresholds')).json().data.thresholds).toEqual({});
  });

  it('refuses a 1-day heavy-rain trigger above the 3-day one with a sentence that says why, and changes nothing', async () => {
    const put = (payload: Record<string, unknown>) => as(farmer, test.app, { method: 'PUT', url: '/api/alert-thresholds', payload });
    const saved = await put({ heavyRainDayMm: 40, heavyRainThreeDayMm: 60, weatherOnFallowLand: true });
    expect(saved.statusCode, saved.body).toBe(200);

    const above = await put({ heavyRainDayMm: 60, heavyRainThreeDayMm: 50 });
    expect(above.statusCode).toBe(400);
    expect(above.json().error.details).toEqual([
      expect.objectContaining({
        path: 'heavyRainDayMm',
        message:
          'The 1-day heavy-rain trigger (60 mm) cannot be above the 3-day one (50 mm): three days that hold such a day already reach the 3-day trigger.',
      }),
    ]);
    // The 3-day trigger set alone below the 1-day default (25 mm) is the same mistake.
    const below = await put({ heavyRainThreeDayMm: 20 });
    expect(below.statusCode).toBe(400);
    expect(below.json().error.details[0]).toMatchObject({
      path: 'heavyRainThreeDayMm',
      message: expect.stringContaining('(25 mm, the default)'),
    });

    expect((await get('/api/alert-thresholds')).json().data).toMatchObject({
      thresholds: { heavyRainDayMm: 40, heavyRainThreeDayMm: 60 },
      weatherOnFallowLand: true,
    });
    expect((await put({})).statusCode).toBe(200);
  });
});
