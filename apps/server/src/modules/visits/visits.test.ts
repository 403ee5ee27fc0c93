import { createHash } from 'node:crypto';
import { mkdtemp, readdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, isoDay, MAX_VISIT_PHOTO_BYTES, VISIT_PRIORITY_POINTS, type VisitQueueItem } from '@murimi/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFarmWithFields, insertAlert, newId, TINY_JPEG_BASE64 } from '../../../test/factories.ts';
import { as, registerAccount, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';
import { photoKey, photoStore } from './photo-store.ts';
import { pruneVisitPhotos } from './prune-visit-photos.job.ts';

const today = () => isoDay(new Date());
const tinyJpeg = Buffer.from(TINY_JPEG_BASE64, 'base64');

/** Every file under a folder, as paths relative to it. */
async function filesUnder(folder: string): Promise<string[]> {
  try {
    return (await readdir(folder, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch {
    return [];
  }
}

describe('visits on disk', () => {
  let t: TestApp;
  let farmer: TestAccount;
  let dataDir: string;
  let fieldId: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'murimi-visits-'));
    t = await startTestApp({ env: { DATA_DIR: dataDir } });
    farmer = await registerAccount(t.app);
    [fieldId] = (await createFarmWithFields(t.app, farmer, ['Vlei'])).fieldIds as [string];
  });
  afterAll(() => t.close());
  const post = (payload: object) => as(farmer, t.app, { method: 'POST', url: '/api/visits', payload });

  it('logs a visit with its observations, GPS point and photo, and gives the photo back as it was sent', async () => {
    const photoId = newId();
    const response = await post({
      id: newId(),
      fieldId,
      visitDate: today(),
      cropStage: 'vegetative',
      pestSeen: 'Fall armyworm',
      pestCount: 12,
      diseaseSeen: 'Grey leaf spot',
      weeds: 'moderate',
      waterStatus: 'dry',
      notes: 'Windowing on the upper leaves in the east corner.',
      location: { latitude: -17.91, longitude: 31.21, accuracyM: 6 },
      photos: [{ id: photoId, jpegBase64: TINY_JPEG_BASE64 }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const visit = response.json().data;
    expect(visit).toMatchObject({
      fieldId,
      cropStage: 'vegetative',
      pestSeen: 'Fall armyworm',
      pestCount: 12,
      weeds: 'moderate',
      waterStatus: 'dry',
      location: { latitude: -17.91, longitude: 31.21, accuracyM: 6 },
      photoIds: [photoId],
    });
    expect(visit.visitedBy).toEqual(expect.any(String));
    const photo = await as(farmer, t.app, { method: 'GET', url: `/api/visits/${visit.id}/photos/${photoId}` });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.rawPayload.equals(tinyJpeg)).toBe(true);
    expect(await filesUnder(path.join(dataDir, 'photos'))).toContain(`${photoId}.jpg`);
    const list = await as(farmer, t.app, { method: 'GET', url: `/api/visits?fieldId=${fieldId}` });
    expect(list.json().data.map((v: { id: string }) => v.id)).toContain(visit.id);
  });

  it('refuses a visit dated ahead, a photo that is not a JPEG or is too big, and a count without its pest; keeps nothing of them', async () => {
    const before = await filesUnder(path.join(dataDir, 'photos'));
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64');
    const tooBig = Buffer.concat([tinyJpeg, Buffer.alloc(MAX_VISIT_PHOTO_BYTES)]).toString('base64');
    const cases: [object, number, string][] = [
      [{ visitDate: addDays(today(), 3) }, 400, 'The visit date cannot be in the future.'],
      [{ visitDate: addDays(today(), -400) }, 400, 'A visit can be logged for the last year; check the year of the visit date.'],
      [{ photos: [{ id: newId(), jpegBase64: png }] }, 400, 'A photo must be a JPEG picture.'],
      [{ photos: [{ id: newId(), jpegBase64: tooBig }] }, 400, 'A photo can be at most 700 KB; take it again or send it smaller.'],
      [{ pestCount: 5 }, 400, 'Name the pest that was counted.'],
    ];
    for (const [change, status, message] of cases) {
      const response = await post({ id: newId(), fieldId, visitDate: today(), ...change });
      expect({ status: response.statusCode, message: response.json().error.message }).toEqual({ status, message });
    }
    expect(await filesUnder(path.join(dataDir, 'photos'))).toEqual(before);
  });

  it('logs a visit sent twice once, and one whose process died after its photos were kept once, with those photos', async () => {
    const visitId = newId();
    const photoId = newId();
    const body = {
      id: visitId,
      fieldId,
      visitDate: today(),
      notes: 'Second walk',
      photos: [{ id: photoId, jpegBase64: TINY_JPEG_BASE64 }],
    };
    // The first try kept the photo and died before the row: the store holds it, the database does not.
    await photoStore(t.ctx.config).put(photoKey(farmer.orgId, visitId, photoId), tinyJpeg);
    expect((await as(farmer, t.app, { method: 'GET', url: `/api/visits/${visitId}` })).statusCode).toBe(404);
    const first = await post(body);
    expect(first.statusCode).toBe(201);
    // The phone never heard the answer and sends the visit again.
    const again = await post(body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    const rows = await t.ctx.database.db.selectFrom('visits').select('id').where('id', '=', visitId).execute();
    expect(rows).toHaveLength(1);
    expect((await readdir(path.join(dataDir, 'photos', farmer.orgId, visitId))).filter((name) => name.endsWith('.jpg'))).toEqual([
      `${photoId}.jpg`,
    ]);
    const audit = await t.ctx.database.db.selectFrom('auditEvents').select('action').where('recordId', '=', visitId).execute();
    expect(audit).toEqual([{ action: 'created' }]);
  });

  it('a visit deleted by itself or with its field leaves no photo behind once the photos are pruned', async () => {
    const store = photoStore(t.ctx.config);
    const photoId = newId();
    const visit = (await post({ fieldId, visitDate: today(), photos: [{ id: photoId, jpegBase64: TINY_JPEG_BASE64 }] })).json().data;
    expect((await as(farmer, t.app, { method: 'DELETE', url: `/api/visits/${visit.id}` })).statusCode).toBe(204);
    expect((await as(farmer, t.app, { method: 'GET', url: `/api/visits/${visit.id}/photos/${photoId}` })).statusCode).toBe(404);

    // A field deleted with a visit on it: the visit goes by cascade, its photo is listed all the same.
    const [doomedField] = (await createFarmWithFields(t.app, farmer, ['Doomed'])).fieldIds as [string];
    const otherPhotoId = newId();
    const other = (
      await post({ fieldId: doomedField, visitDate: today(), photos: [{ id: otherPhotoId, jpegBase64: TINY_JPEG_BASE64 }] })
    ).json().data;
    expect((await as(farmer, t.app, { method: 'DELETE', url: `/api/fields/${doomedField}` })).statusCode).toBe(204);
    expect(await store.get(photoKey(farmer.orgId, other.id, otherPhotoId))).not.toBeNull();

    const warnings: object[] = [];
    const outcome = await pruneVisitPhotos(t.ctx, { warn: (details) => warnings.push(details) });
    expect(outcome).toEqual({ deleted: 2, left: 0 });
    expect(await store.get(photoKey(farmer.orgId, visit.id, photoId))).toBeNull();
    expect(await store.get(photoKey(farmer.orgId, other.id, otherPhotoId))).toBeNull();
    expect(await t.ctx.database.db.selectFrom('visitPhotoDeletions').select('id').execute()).toEqual([]);
    expect(warnings).toEqual([]);
  });
});

describe('visits in an S3-style bucket', () => {
  let t: TestApp;
  let farmer: TestAccount;
  let bucket: Server;
  let fieldId: string;
  const objects = new Map<string, Buffer>();
  const requests: { method: string; path: string; signed: boolean }[] = [];
  let failing = false;

  beforeAll(async () => {
    bucket = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        const auth = String(request.headers.authorization ?? '');
        // Signed as S3 asks: Signature Version 4 with our key and region, and the body's SHA-256 declared.
        const signed =
          auth.startsWith('AWS4-HMAC-SHA256 Credential=photo-key/') &&
          auth.includes('/af-south-1/s3/aws4_request') &&
          request.headers['x-amz-content-sha256'] === createHash('sha256').update(body).digest('hex');
        requests.push({ method: request.method ?? '', path: request.url ?? '', signed });
        if (!signed) return void response.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        if (failing) return void response.writeHead(503).end('<Error><Code>SlowDown</Code></Error>');
        const key = request.url ?? '';
        if (request.method === 'PUT') {
          objects.set(key, body);
          return void response.writeHead(200).end();
        }
        if (request.method === 'GET') {
          const object = objects.get(key);
          return void (object ? response.writeHead(200, { 'content-type': 'image/jpeg' }).end(object) : response.writeHead(404).end());
        }
        objects.delete(key);
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => bucket.listen(0, '127.0.0.1', resolve));
    t = await startTestApp({
      env: {
        PHOTO_BUCKET_URL: `http://127.0.0.1:${(bucket.address() as AddressInfo).port}/field-photos`,
        PHOTO_BUCKET_REGION: 'af-south-1',
        PHOTO_BUCKET_ACCESS_KEY_ID: 'photo-key',
        PHOTO_BUCKET_SECRET_ACCESS_KEY: 'photo-secret',
      },
    });
    farmer = await registerAccount(t.app);
    [fieldId] = (await createFarmWithFields(t.app, farmer, ['Dam side'])).fieldIds as [string];
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => bucket.close(resolve));
  });

  it('keeps the photo in the bucket with signed requests and reads it back from there', async () => {
    const photoId = newId();
    const response = await as(farmer, t.app, {
      method: 'POST',
      url: '/api/visits',
      payload: { fieldId, visitDate: today(), photos: [{ id: photoId, jpegBase64: TINY_JPEG_BASE64 }] },
    });
    expect(response.statusCode, response.body).toBe(201);
    const visitId = response.json().data.id;
    const key = `/field-photos/${farmer.orgId}/${visitId}/${photoId}.jpg`;
    expect(objects.get(key)?.equals(tinyJpeg)).toBe(true);
    const photo = await as(farmer, t.app, { method: 'GET', url: `/api/visits/${visitId}/photos/${photoId}` });
    expect(photo.rawPayload.equals(tinyJpeg)).toBe(true);
    expect(requests.every((request) => request.signed)).toBe(true);
  });

  it('answers a bucket that keeps failing with a message to try again, keeps no visit, and takes the same visit once when it is back', async () => {
    const visitId = newId();
    const body = { id: visitId, fieldId, visitDate: today(), photos: [{ id: newId(), jpegBase64: TINY_JPEG_BASE64 }] };
    failing = true;
    const tried = requests.length;
    const refused = await as(farmer, t.app, { method: 'POST', url: '/api/visits', payload: body });
    failing = false;
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error.message).toBe(
      'The photos could not be kept just now. Your visit is saved on this phone; it is sent again shortly.',
    );
    // Three tries of the one photo, then the refusal.
    expect(requests.length - tried).toBe(3);
    expect(await t.ctx.database.db.selectFrom('visits').select('id').where('id', '=', visitId).execute()).toEqual([]);
    const sent = await as(farmer, t.app, { method: 'POST', url: '/api/visits', payload: body });
    expect(sent.statusCode).toBe(201);
    expect((await as(farmer, t.app, { method: 'POST', url: '/api/visits', payload: body })).statusCode).toBe(200);
    expect([...objects.keys()].filter((key) => key.includes(visitId))).toHaveLength(1);
  }, 20_000);

  it("keeps a deleted visit's photo listed while the bucket refuses to delete it, and deletes it when it is back", async () => {
    const photoId = newId();
    const visitId = (
      await as(farmer, t.app, {
        method: 'POST',
        url: '/api/visits',
        payload: { fieldId, visitDate: today(), photos: [{ id: photoId, jpegBase64: TINY_JPEG_BASE64 }] },
      })
    ).json().data.id;
    await as(farmer, t.app, { method: 'DELETE', url: `/api/visits/${visitId}` });
    const key = `/field-photos/${farmer.orgId}/${visitId}/${photoId}.jpg`;
    failing = true;
    const warnings: object[] = [];
    expect(await pruneVisitPhotos(t.ctx, { warn: (details) => warnings.push(details) })).toEqual({ deleted: 0, left: 1 });
    failing = false;
    expect(warnings).toHaveLength(1);
    expect(objects.has(key)).toBe(true);
    expect(await pruneVisitPhotos(t.ctx, { warn: (details) => warnings.push(details) })).toEqual({ deleted: 1, left: 0 });
    expect(objects.has(key)).toBe(false);
  }, 20_000);
});

describe('the visit queue', () => {
  let t: TestApp;
  let manager: TestAccount;
  let fields: Record<'declining' | 'dry' | 'pests' | 'visited' | 'quiet', string>;
  beforeAll(async () => {
    t = await startTestApp();
    manager = await registerAccount(t.app);
    const names = ['declining', 'dry', 'pests', 'visited', 'quiet'] as const;
    const ids = (await createFarmWithFields(t.app, manager, [...names])).fieldIds;
    fields = Object.fromEntries(names.map((name, index) => [name, ids[index]!])) as typeof fields;
    const analysis = (fieldId: string, type: 'health' | 'irrigation', result: object) =>
      t.ctx.database.db
        .insertInto('analyses')
        .values({ orgId: manager.orgId, fieldId, type, status: 'completed', finishedAt: new Date(), result: JSON.stringify(result) })
        .execute();
    const health = (ndviChangePerWeek: number | null, waterStress: boolean) => ({
      status: 'moderate',
      latest: { date: addDays(today(), -3) },
      waterStress,
      trend: { direction: 'declining', ndviChangePerWeek, dates: [] },
    });
    // Every field but `visited` was visited 40 days ago; `visited` today.
    for (const [name, fieldId] of Object.entries(fields)) {
      await as(manager, t.app, {
        method: 'POST',
        url: '/api/visits',
        payload: { fieldId, visitDate: addDays(today(), name === 'visited' ? 0 : -40) },
      });
    }
    // NDVI falling 0.06 a week: the whole NDVI part.
    await analysis(fields.declining, 'health', health(-0.06, false));
    // A rain-fed crop stressed today: the whole water part; its canopy is still green.
    await analysis(fields.dry, 'health', health(0.01, false));
    await analysis(fields.dry, 'irrigation', {
      advice: { kind: 'water-stress-report', cropGrowing: true, stressedToday: true, daysUntilStress: 0 },
    });
    // A critical pest alert and a warning one, both open: the whole pest part and two thirds of the alerts part.
    await insertAlert(t.ctx, {
      orgId: manager.orgId,
      fieldId: fields.pests,
      ruleId: 'fall-armyworm',
      category: 'pest',
      severity: 'critical',
    });
    await insertAlert(t.ctx, { orgId: manager.orgId, fieldId: fields.pests, ruleId: 'stalk-borer', category: 'pest', severity: 'warning' });
    // The visited field has the same decline as the first: only the days since a visit tell them apart.
    await analysis(fields.visited, 'health', health(-0.06, false));
    await analysis(fields.quiet, 'health', health(0.0, false));
  });
  afterAll(() => t.close());

  const queue = async (who = manager, query = '') => {
    const response = await as(who, t.app, { method: 'GET', url: `/api/visit-queue${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: VisitQueueItem[]; fieldsRanked: number };
  };
  const pointsOf = (item: VisitQueueItem) => Object.fromEntries(item.parts.map((part) => [part.part, part.points]));

  it('ranks the fields by the stated score, each with its parts and the facts behind them', async () => {
    const { data, fieldsRanked } = await queue();
    expect(fieldsRanked).toBe(5);
    const byField = Object.fromEntries(data.map((item) => [item.fieldId, item]));
    const full = VISIT_PRIORITY_POINTS;
    expect(pointsOf(byField[fields.declining]!)).toEqual({
      ndviDecline: full.ndviDecline,
      waterStress: 0,
      pestAndDisease: 0,
      unresolvedAlerts: 0,
      daysSinceVisit: full.daysSinceVisit,
    });
    expect(pointsOf(byField[fields.dry]!)).toMatchObject({ ndviDecline: 0, waterStress: full.waterStress });
    expect(pointsOf(byField[fields.pests]!)).toMatchObject({ pestAndDisease: full.pestAndDisease, unresolvedAlerts: 10 });
    expect(byField[fields.pests]!.facts.pestAlerts).toEqual({ critical: 1, warning: 1, info: 0 });
    expect(pointsOf(byField[fields.visited]!)).toMatchObject({ ndviDecline: full.ndviDecline, daysSinceVisit: 0 });
    expect(byField[fields.visited]!.facts).toMatchObject({ daysSinceVisit: 0, lastVisitDate: today() });
    expect(byField[fields.quiet]!.score).toBe(full.daysSinceVisit);
    for (const item of data) expect(item.score).toBe(Math.round(item.parts.reduce((sum, part) => sum + part.points, 0)));
    // pests 20 + 10 + 20 = 50 > declining 25 + 20 = 45 > dry 20 + 20 = 40 > visited 25 > quiet 20.
    expect(data.map((item) => item.fieldId)).toEqual([fields.pests, fields.declining, fields.dry, fields.visited, fields.quiet]);
  });

  it('a visit logged today takes the field down the queue', async () => {
    await as(manager, t.app, { method: 'POST', url: '/api/visits', payload: { fieldId: fields.declining, visitDate: today() } });
    const item = (await queue()).data.find((entry) => entry.fieldId === fields.declining)!;
    expect(item.facts.daysSinceVisit).toBe(0);
    expect(item.score).toBe(VISIT_PRIORITY_POINTS.ndviDecline);
  });

  it("is filtered by group, and another organisation's group is not found", async () => {
    const group = await as(manager, t.app, { method: 'POST', url: '/api/organisation/groups', payload: { name: 'Ward 7' } });
    const groupId = group.json().data.id;
    const farmId = (await t.ctx.database.db.selectFrom('fields').select('farmId').where('id', '=', fields.dry).executeTakeFirstOrThrow())
      .farmId;
    await t.ctx.database.db.updateTable('farms').set({ groupId }).where('id', '=', farmId).execute();
    expect((await queue(manager, `?groupId=${groupId}`)).fieldsRanked).toBe(5);
    const emptyGroup = (await as(manager, t.app, { method: 'POST', url: '/api/organisation/groups', payload: { name: 'Ward 9' } })).json()
      .data.id;
    expect((await queue(manager, `?groupId=${emptyGroup}`)).data).toEqual([]);
    const stranger = await registerAccount(t.app);
    const refused = await as(stranger, t.app, { method: 'GET', url: `/api/visit-queue?groupId=${groupId}` });
    expect(refused.statusCode).toBe(404);
    expect((await queue(stranger)).data).toEqual([]);
  });
});
