import { addDays, isoDay } from '@murimi/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, registerAccount, squareBoundary, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';
import { newId } from '../../../test/factories.ts';
import { logWaterByPhone } from '../sms/water-by-phone.ts';

// Irrigation events and rain-gauge readings through the API, and the irrigation analysis that counts them. The
// worker runs in this process on the simulated weather series, so an analysis needs no network.
const today = isoDay(new Date());
const plantingDate = addDays(today, -70);

let t: TestApp;
let farmer: TestAccount;
let stranger: TestAccount;
let fieldId: string;
let fieldHectares: number;
let unplantedFieldId: string;

async function createField(account: TestAccount, payload: Record<string, unknown>) {
  const farm = await as(account, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Chikomo Farm' } });
  const field = await as(account, t.app, {
    method: 'POST',
    url: '/api/fields',
    payload: { name: 'Pivot 1', farmId: farm.json().data.id, boundary: squareBoundary(4), ...payload },
  });
  return field.json().data as { id: string; size_hectares: number };
}

beforeAll(async () => {
  t = await startTestApp({ work: true, env: { WEATHER_SOURCE: 'simulated' } });
  farmer = await registerAccount(t.app);
  stranger = await registerAccount(t.app);
  const field = await createField(farmer, { cropType: 'maize-grain', plantingDate, irrigated: true });
  fieldId = field.id;
  fieldHectares = field.size_hectares;
  unplantedFieldId = (await createField(farmer, { cropType: 'maize-grain' })).id;
}, 60_000);
afterAll(() => t?.close());

const request = (account: TestAccount, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  as(account, t.app, { method, url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const listOf = async (url: string) => (await request(farmer, 'GET', url)).json().data as { id: string }[];

describe('irrigation events', () => {
  const irrigation = (extra: Record<string, unknown> = {}) => ({
    fieldId,
    irrigationDate: addDays(today, -3),
    depthMm: 25,
    method: 'sprinkler',
    ...extra,
  });

  it('logs an irrigation, reads it back, lists the field’s irrigations latest first, changes and deletes it', async () => {
    const created = await request(farmer, 'POST', '/api/irrigation-events', irrigation({ notes: 'Morning shift' }));
    expect(created.statusCode).toBe(201);
    const event = created.json().data;
    expect(event).toMatchObject({
      fieldId,
      irrigationDate: addDays(today, -3),
      depthMm: 25,
      netDepthMm: 25,
      method: 'sprinkler',
      notes: 'Morning shift',
    });
    expect((await request(farmer, 'GET', `/api/irrigation-events/${event.id}`)).json().data).toEqual(event);

    const later = (
      await request(farmer, 'POST', '/api/irrigation-events', irrigation({ irrigationDate: addDays(today, -1), method: 'drip' }))
    ).json().data;
    expect((await listOf(`/api/irrigation-events?fieldId=${fieldId}`)).map((e) => e.id)).toEqual([later.id, event.id]);

    const changed = await request(farmer, 'PUT', `/api/irrigation-events/${event.id}`, { depthMm: 30, notes: null });
    expect(changed.json().data).toMatchObject({ id: event.id, depthMm: 30, notes: null, method: 'sprinkler' });
    expect((await request(farmer, 'DELETE', `/api/irrigation-events/${event.id}`)).statusCode).toBe(204);
    expect((await request(farmer, 'GET', `/api/irrigation-events/${event.id}`)).statusCode).toBe(404);
    expect((await request(farmer, 'DELETE', `/api/irrigation-events/${later.id}`)).statusCode).toBe(204);
  });

  it('turns a volume into a depth by the field’s area (1 mm over 1 ha = 10 m³) and stores the depth', async () => {
    const created = (await request(farmer, 'POST', '/api/irrigation-events', irrigation({ depthMm: undefined, volumeM3: 1000 }))).json()
      .data;
    expect(created.depthMm).toBeCloseTo(1000 / (10 * fieldHectares), 2);
    expect(created).not.toHaveProperty('volumeM3');
    const changed = (await request(farmer, 'PUT', `/api/irrigation-events/${created.id}`, { volumeM3: 500 })).json().data;
    expect(changed.depthMm).toBeCloseTo(500 / (10 * fieldHectares), 2);
    await request(farmer, 'DELETE', `/api/irrigation-events/${created.id}`);
  });

  it.each([
    [{ depthMm: 0 }, 'Depth must be at least 0.01 mm.'],
    [{ depthMm: 1e-320 }, 'Depth must be at least 0.01 mm.'],
    [{ depthMm: 201 }, 'Depth is at most 200 mm per irrigation.'],
    [{ depthMm: undefined }, 'Enter the depth in mm or the volume in m³.'],
    [{ volumeM3: 100 }, 'Give the depth in mm or the volume in m³, not both.'],
    [{ depthMm: undefined, volumeM3: 10_000 }, 'one irrigation is at most 200 mm'],
    [{ method: 'flood' }, 'Choose a method: furrow, sprinkler, drip, pivot, bucket.'],
    [{ irrigationDate: addDays(today, 5) }, 'The date cannot be in the future.'],
    [{ irrigationDate: addDays(plantingDate, -1) }, `This is before the field was planted (${plantingDate})`],
    [{ irrigationDate: '2026-02-30' }, 'This is not a real calendar date.'],
  ])('refuses %j', async (extra, message) => {
    const response = await request(farmer, 'POST', '/api/irrigation-events', irrigation(extra));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(message);
  });

  it('refuses an irrigation on a field with no planting date: water counts from planting', async () => {
    const response = await request(farmer, 'POST', '/api/irrigation-events', irrigation({ fieldId: unplantedFieldId }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe("Add this field's planting date first: water is counted from planting.");
  });

  it('lists a page at a time, latest first, irrigations on the same day each once', async () => {
    const days = [-12, -10, -10, -10, -14].map((offset) => addDays(today, offset));
    const ids: string[] = [];
    for (const irrigationDate of days) {
      ids.push((await request(farmer, 'POST', '/api/irrigation-events', irrigation({ irrigationDate }))).json().data.id);
    }
    const pages: { irrigationDate: string; id: string }[][] = [];
    let url = `/api/irrigation-events?fieldId=${fieldId}&limit=2`;
    for (;;) {
      const body = (await request(farmer, 'GET', url)).json();
      pages.push(body.data);
      if (!body.page.nextCursor) break;
      url = `/api/irrigation-events?fieldId=${fieldId}&limit=2&cursor=${body.page.nextCursor}`;
    }
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(new Set(pages.flat().map((e) => e.id))).toEqual(new Set(ids));
    expect(pages.flat().map((e) => e.irrigationDate)).toEqual([...days].sort().reverse());
    for (const id of ids) await request(farmer, 'DELETE', `/api/irrigation-events/${id}`);
  });

  it('refuses with 400 a cursor holding a day or time the database has no such thing as', async () => {
    const cursorOf = (key: unknown[]) => Buffer.from(JSON.stringify(key)).toString('base64url');
    for (const key of [
      ['2026-13-45', '2026-11-28T10:00:00.000Z', newId()],
      ['0000-01-01', '2026-11-28T10:00:00.000Z', newId()],
      ['2026-11-28', '0000-01-01T00:00:00.000Z', newId()],
    ]) {
      const response = await request(farmer, 'GET', `/api/irrigation-events?fieldId=${fieldId}&cursor=${cursorOf(key)}`);
      expect(response.statusCode, JSON.stringify(key)).toBe(400);
      expect(response.json().error.details[0].path).toBe('cursor');
    }
  });

  it('caps a field’s irrigation on one day at 200 mm, saying what is already logged, on create and on update', async () => {
    const day = addDays(today, -25);
    const first = await request(farmer, 'POST', '/api/irrigation-events', irrigation({ irrigationDate: day, depthMm: 200 }));
    expect(first.statusCode).toBe(201);
    for (const depthMm of [200, 200]) {
      const again = await request(farmer, 'POST', '/api/irrigation-events', irrigation({ irrigationDate: day, depthMm }));
      expect(again.statusCode).toBe(400);
      expect(again.json().error.details[0].path).toBe('depthMm');
      expect(again.json().error.message).toMatch(
        /^This field already has 1 irrigation of 200 mm logged on \d{1,2} \w{3}( \d{4})?; with 200 mm more it would get 400 mm in one day\. A field takes at most 200 mm a day/,
      );
    }
    const onDay = async () =>
      (await listOf(`/api/irrigation-events?fieldId=${fieldId}&limit=500`)).filter(
        (e) => (e as { irrigationDate?: string }).irrigationDate === day,
      );
    expect(await onDay()).toHaveLength(1);

    // Another day: two that fit, and one moved onto the full day is refused.
    const other = addDays(today, -26);
    const small = (await request(farmer, 'POST', '/api/irrigation-events', irrigation({ irrigationDate: other, depthMm: 150 }))).json()
      .data;
    expect((await request(farmer, 'POST', '/api/irrigation-events', irrigation({ irrigationDate: other, depthMm: 60 }))).statusCode).toBe(
      400,
    );
    const rest = (await request(farmer, 'POST', '/api/irrigation-events', irrigation({ irrigationDate: other, depthMm: 50 }))).json().data;
    expect(rest.depthMm).toBe(50);
    const moved = await request(farmer, 'PUT', `/api/irrigation-events/${small.id}`, { irrigationDate: day });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.message).toContain('with 150 mm more it would get 350 mm');
    // Changing a record counts it once, not on top of itself.
    expect((await request(farmer, 'PUT', `/api/irrigation-events/${small.id}`, { depthMm: 140 })).statusCode).toBe(200);
    for (const id of [first.json().data.id, small.id, rest.id]) await request(farmer, 'DELETE', `/api/irrigation-events/${id}`);
  });

  it('holds a record made by phone to the same limits: a depth of 1e-320 mm, or a fourth 200 mm on a day, is not logged', async () => {
    const day = addDays(today, -27);
    const phone = (water: 'irrigation' | 'rain', amountMm: number, key: string) =>
      logWaterByPhone(t.ctx, {
        orgId: farmer.orgId,
        userId: farmer.userId,
        fieldId,
        water,
        amountMm,
        date: day,
        messageKey: `${key}-${newId()}`,
      });
    expect(await phone('irrigation', 1e-320, 'tiny')).toEqual({ logged: false, reason: 'Depth must be at least 0.01 mm.' });
    expect(await phone('rain', 1e-320, 'tiny-rain')).toEqual({ logged: false, reason: 'Rain is 0 mm (a dry day) or at least 0.01 mm.' });
    expect(await phone('irrigation', 200, 'full')).toEqual({ logged: true });
    expect(await phone('irrigation', 200, 'again')).toMatchObject({
      logged: false,
      reason: expect.stringContaining('1 irrigation of 200 mm logged'),
    });
    const stored = await t.ctx.database.db
      .selectFrom('irrigationEvents')
      .select('depthMm')
      .where('fieldId', '=', fieldId)
      .where('irrigationDate', '=', day)
      .execute();
    expect(stored).toEqual([{ depthMm: 200 }]);
    expect(
      await t.ctx.database.db
        .selectFrom('rainReadings')
        .select('id')
        .where('fieldId', '=', fieldId)
        .where('readingDate', '=', day)
        .execute(),
    ).toEqual([]);
    await t.ctx.database.db.deleteFrom('irrigationEvents').where('fieldId', '=', fieldId).where('irrigationDate', '=', day).execute();
  });

  it('creates once for a client id sent twice', async () => {
    const id = newId();
    const payload = irrigation({ id, irrigationDate: addDays(today, -20) });
    expect((await request(farmer, 'POST', '/api/irrigation-events', payload)).statusCode).toBe(201);
    const replay = await request(farmer, 'POST', '/api/irrigation-events', payload);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data.id).toBe(id);
    const onThatDay = (await listOf(`/api/irrigation-events?fieldId=${fieldId}`)).filter((e) => e.id === id);
    expect(onThatDay).toHaveLength(1);
    await request(farmer, 'DELETE', `/api/irrigation-events/${id}`);
  });
});

describe('rain-gauge readings', () => {
  const reading = (extra: Record<string, unknown> = {}) => ({ fieldId, readingDate: addDays(today, -4), rainMm: 12, ...extra });

  it('logs a reading, reads it back, lists, changes and deletes it', async () => {
    const created = await request(farmer, 'POST', '/api/rain-readings', reading({ notes: 'Gauge by the dam' }));
    expect(created.statusCode).toBe(201);
    const gauge = created.json().data;
    expect(gauge).toMatchObject({ fieldId, readingDate: addDays(today, -4), rainMm: 12, notes: 'Gauge by the dam' });
    expect((await request(farmer, 'GET', `/api/rain-readings/${gauge.id}`)).json().data).toEqual(gauge);
    const dry = (await request(farmer, 'POST', '/api/rain-readings', reading({ readingDate: addDays(today, -2), rainMm: 0 }))).json().data;
    expect(dry.rainMm).toBe(0);
    expect((await listOf(`/api/rain-readings?fieldId=${fieldId}`)).map((r) => r.id)).toEqual([dry.id, gauge.id]);
    expect((await request(farmer, 'PUT', `/api/rain-readings/${gauge.id}`, { rainMm: 14.5 })).json().data.rainMm).toBe(14.5);
    expect((await request(farmer, 'DELETE', `/api/rain-readings/${gauge.id}`)).statusCode).toBe(204);
    expect((await request(farmer, 'DELETE', `/api/rain-readings/${dry.id}`)).statusCode).toBe(204);
  });

  it('keeps one reading per field and day: a second is refused and names the first, which can be changed', async () => {
    const first = (await request(farmer, 'POST', '/api/rain-readings', reading({ readingDate: addDays(today, -6) }))).json().data;
    const second = await request(farmer, 'POST', '/api/rain-readings', reading({ readingDate: addDays(today, -6), rainMm: 20 }));
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(
      `This field already has a rain reading for ${addDays(today, -6)} (12 mm): change that reading instead of adding a second.`,
    );
    const other = (await request(farmer, 'POST', '/api/rain-readings', reading({ readingDate: addDays(today, -7) }))).json().data;
    const moved = await request(farmer, 'PUT', `/api/rain-readings/${other.id}`, { readingDate: addDays(today, -6) });
    expect(moved.statusCode).toBe(409);
    expect((await request(farmer, 'PUT', `/api/rain-readings/${first.id}`, { rainMm: 20 })).json().data.rainMm).toBe(20);
    const sameDay = (await listOf(`/api/rain-readings?fieldId=${fieldId}`)).filter((r) => r.id === first.id || r.id === other.id);
    expect(sameDay).toHaveLength(2);
    await request(farmer, 'DELETE', `/api/rain-readings/${first.id}`);
    await request(farmer, 'DELETE', `/api/rain-readings/${other.id}`);
  });

  it.each([
    [{ rainMm: -1 }, 'Rain cannot be negative.'],
    [{ rainMm: 1e-320 }, 'Rain is 0 mm (a dry day) or at least 0.01 mm.'],
    [{ rainMm: 501 }, "A day's rain reading is at most 500 mm."],
    [{ rainMm: undefined }, 'Rain must be a number of mm.'],
    [{ readingDate: addDays(today, 3) }, 'The date cannot be in the future.'],
    [{ readingDate: addDays(plantingDate, -10) }, 'before the field was planted'],
    [{ depthMm: 5 }, 'Unknown field: depthMm.'],
  ])('refuses %j', async (extra, message) => {
    const response = await request(farmer, 'POST', '/api/rain-readings', reading(extra));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(message);
  });

  it('creates once for a client id sent twice', async () => {
    const id = newId();
    const payload = reading({ id, readingDate: addDays(today, -30) });
    expect((await request(farmer, 'POST', '/api/rain-readings', payload)).statusCode).toBe(201);
    expect((await request(farmer, 'POST', '/api/rain-readings', payload)).statusCode).toBe(200);
    expect((await listOf(`/api/rain-readings?fieldId=${fieldId}`)).filter((r) => r.id === id)).toHaveLength(1);
    await request(farmer, 'DELETE', `/api/rain-readings/${id}`);
  });
});

describe("another organisation's water records", () => {
  it('answers 404 to every read, change, delete, list or record on its field, and never lists them', async () => {
    const event = (
      await request(farmer, 'POST', '/api/irrigation-events', {
        fieldId,
        irrigationDate: addDays(today, -8),
        depthMm: 20,
        method: 'furrow',
      })
    ).json().data;
    const gauge = (await request(farmer, 'POST', '/api/rain-readings', { fieldId, readingDate: addDays(today, -8), rainMm: 3 })).json()
      .data;
    const cases = [
      ['GET', `/api/irrigation-events/${event.id}`, undefined],
      ['PUT', `/api/irrigation-events/${event.id}`, { depthMm: 1 }],
      ['DELETE', `/api/irrigation-events/${event.id}`, undefined],
      ['GET', `/api/irrigation-events?fieldId=${fieldId}`, undefined],
      ['POST', '/api/irrigation-events', { fieldId, irrigationDate: today, depthMm: 20, method: 'drip' }],
      ['GET', `/api/rain-readings/${gauge.id}`, undefined],
      ['PUT', `/api/rain-readings/${gauge.id}`, { rainMm: 1 }],
      ['DELETE', `/api/rain-readings/${gauge.id}`, undefined],
      ['GET', `/api/rain-readings?fieldId=${fieldId}`, undefined],
      ['POST', '/api/rain-readings', { fieldId, readingDate: today, rainMm: 1 }],
    ] as const;
    for (const [method, url, payload] of cases) {
      expect({ method, url, status: (await request(stranger, method, url, payload)).statusCode }).toEqual({ method, url, status: 404 });
    }
    expect((await request(stranger, 'GET', '/api/irrigation-events')).json().data).toEqual([]);
    expect((await request(stranger, 'GET', '/api/rain-readings')).json().data).toEqual([]);
    expect((await request(farmer, 'GET', `/api/irrigation-events/${event.id}`)).json().data).toEqual(event);
    expect((await request(farmer, 'GET', `/api/rain-readings/${gauge.id}`)).json().data).toEqual(gauge);
    await request(farmer, 'DELETE', `/api/irrigation-events/${event.id}`);
    await request(farmer, 'DELETE', `/api/rain-readings/${gauge.id}`);
  });
});

describe('the irrigation analysis counts the recorded water', () => {
  interface BalanceDay {
    date: string;
    rainMm: number;
    irrigationMm: number;
    rootZoneDepletionMm: number;
  }

  async function runIrrigationAnalysis(fieldId: string) {
    const run = await request(farmer, 'POST', `/api/analysis/${fieldId}/irrigation-recommendation/run`, {});
    expect(run.statusCode).toBe(202);
    const { id } = run.json().data;
    for (let waited = 0; waited < 60_000; waited += 250) {
      const detail = (await request(farmer, 'GET', `/api/analysis/${fieldId}/irrigation/${id}`)).json().data;
      if (detail.status === 'failed') throw new Error(`analysis failed: ${detail.error}`);
      if (detail.status === 'completed') {
        const { waterBalance, advice } = detail.result;
        const day = (date: string) => (waterBalance.lastDays as BalanceDay[]).find((d) => d.date === date) as BalanceDay;
        return { waterBalance, advice, day, summary: detail.summary as string };
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('the irrigation analysis did not finish within 60 s');
  }

  it('adds an irrigation on its day, takes the gauge over the weather, counts today’s watering, and forgets a deleted event', async () => {
    const yesterday = addDays(today, -1);
    const { id: fieldId } = await createField(farmer, { cropType: 'maize-grain', plantingDate, irrigated: true });
    const event = (
      await request(farmer, 'POST', '/api/irrigation-events', { fieldId, irrigationDate: yesterday, depthMm: 60, method: 'pivot' })
    ).json().data;
    const gauge = (await request(farmer, 'POST', '/api/rain-readings', { fieldId, readingDate: addDays(today, -2), rainMm: 33 })).json()
      .data;
    const watered = (
      await request(farmer, 'POST', '/api/irrigation-events', { fieldId, irrigationDate: today, depthMm: 30, method: 'pivot' })
    ).json().data;

    const withRecords = await runIrrigationAnalysis(fieldId);
    expect(withRecords.day(yesterday).irrigationMm).toBe(60);
    expect(withRecords.day(addDays(today, -2)).rainMm).toBe(33);
    expect(withRecords.waterBalance.assumptions[0]).toMatch(/^The balance counts 1 recorded irrigation \(60 mm in all\)/);
    expect(withRecords.waterBalance.assumptions).toContain("On 1 day the rain is your gauge reading instead of the weather source's.");
    // This morning's watering is in today's projection: the advice is what happens if nothing more is done.
    expect(withRecords.advice.projection[0]).toMatchObject({ date: today, irrigationMm: 30 });

    expect((await request(farmer, 'DELETE', `/api/irrigation-events/${event.id}`)).statusCode).toBe(204);
    const withoutEvent = await runIrrigationAnalysis(fieldId);
    expect(withoutEvent.day(yesterday).irrigationMm).toBe(0);
    expect(withoutEvent.waterBalance.assumptions[0]).toBe(
      'No irrigation is recorded for this field in this period, so the balance assumes none was given.',
    );
    // 60 mm less water: the soil is drier by the end of yesterday, unless the rest of it drained past full anyway.
    expect(withoutEvent.waterBalance.rootZoneDepletionMm).toBeGreaterThan(withRecords.waterBalance.rootZoneDepletionMm);
    await request(farmer, 'DELETE', `/api/rain-readings/${gauge.id}`);
    await request(farmer, 'DELETE', `/api/irrigation-events/${watered.id}`);
  }, 120_000);
});

describe('moving a planting date after water has been logged', () => {
  it('asks what to do with the records the new date leaves before planting: keep them uncounted, or delete them', async () => {
    const planted = addDays(today, -60);
    const field = await createField(farmer, { cropType: 'maize-grain', plantingDate: planted, irrigated: true });
    const log = async (url: string, payload: Record<string, unknown>) =>
      (await request(farmer, 'POST', url, { fieldId: field.id, ...payload })).json().data.id as string;
    const early = await log('/api/irrigation-events', { irrigationDate: addDays(planted, 5), depthMm: 30, method: 'furrow' });
    const gauge = await log('/api/rain-readings', { readingDate: addDays(planted, 7), rainMm: 12 });
    const later = await log('/api/irrigation-events', { irrigationDate: addDays(planted, 20), depthMm: 25, method: 'furrow' });
    const move = (plantingDate: string, extra: Record<string, unknown> = {}) =>
      request(farmer, 'PUT', `/api/fields/${field.id}`, { plantingDate, ...extra });

    const asked = await move(addDays(planted, 10));
    expect(asked.statusCode).toBe(409);
    expect(asked.json().error).toMatchObject({
      code: 'RECORDS_BEFORE_PLANTING',
      message: expect.stringMatching(
        /^1 irrigation and 1 rain reading logged on this field from .* would fall before the new planting date/,
      ),
      details: {
        plantingDate: addDays(planted, 10),
        irrigations: 1,
        rainReadings: 1,
        records: [
          { kind: 'irrigation', id: early, date: addDays(planted, 5), amountMm: 30 },
          { kind: 'rain', id: gauge, date: addDays(planted, 7), amountMm: 12 },
        ],
      },
    });
    // Nothing changed while the farmer decides.
    expect((await request(farmer, 'GET', `/api/fields/${field.id}`)).json().data.plantingDate).toBe(planted);

    // Kept: the records stay, before the season.
    expect((await move(addDays(planted, 10), { waterRecordsBeforePlanting: 'keep' })).statusCode).toBe(200);
    expect((await listOf(`/api/irrigation-events?fieldId=${field.id}`)).map((e) => e.id).sort()).toEqual([early, later].sort());
    expect((await listOf(`/api/rain-readings?fieldId=${field.id}`)).map((r) => r.id)).toEqual([gauge]);

    // Moved again past the later irrigation: only that one is asked about; deleted with the change.
    const again = await move(addDays(planted, 25));
    expect(again.json().error.details.records.map((r: { id: string }) => r.id)).toEqual([later]);
    expect((await move(addDays(planted, 25), { waterRecordsBeforePlanting: 'delete' })).statusCode).toBe(200);
    expect((await listOf(`/api/irrigation-events?fieldId=${field.id}`)).map((e) => e.id)).toEqual([early]);
    expect((await request(farmer, 'GET', `/api/fields/${field.id}`)).json().data.plantingDate).toBe(addDays(planted, 25));

    // Another organisation cannot learn of them, nor move the field.
    expect((await request(stranger, 'PUT', `/api/fields/${field.id}`, { plantingDate: addDays(planted, 40) })).statusCode).toBe(404);
  });
});
