import { randomUUID } from 'node:crypto';
import {
  MAX_VISIT_PHOTO_BYTES,
  addDays,
  isoDay,
  type Visit,
  type VisitPhotoUpload,
  type visitCreateSchema,
  type visitUpdateSchema,
} from '@murimi/core';
import { sql, type Selectable } from 'kysely';
import type { z } from 'zod';
import type { AppContext, ServiceContext } from '../../app-context.ts';
import { dayCreatedIdKey, decodeCursor, pageOf, type ListPage } from '../../db/list-pages.ts';
import {
  checkUnchangedSince,
  definedOnly,
  deleteOwned,
  findOwned,
  insertOwned,
  updateOwned,
  type UpdateCondition,
} from '../../db/owned-records.ts';
import type { VisitTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { ownRecordsInReach, type Actor } from '../../policy/policy.ts';
import { actingPerson } from '../../request-actor.ts';
import { requireField } from '../fields/fields.service.ts';
import { PhotoStoreError, photoKey, photoStore } from './photo-store.ts';

type VisitRow = Selectable<VisitTable> & { visitorName: string | null };

/** How far back a visit can be logged: a season's notebook typed in late, not a mistyped year. */
export const OLDEST_VISIT_DAYS = 366;

export const PHOTO_STORE_FAILED_MESSAGE =
  'The photos could not be kept just now. Your visit is saved on this phone; it is sent again shortly.';

function presentVisit(row: VisitRow): Visit {
  return {
    id: row.id,
    fieldId: row.fieldId,
    visitDate: row.visitDate,
    cropStage: row.cropStage,
    pestSeen: row.pestSeen,
    pestCount: row.pestCount,
    diseaseSeen: row.diseaseSeen,
    weeds: row.weeds,
    waterStatus: row.waterStatus,
    notes: row.notes,
    location:
      row.latitude !== null && row.longitude !== null
        ? { latitude: row.latitude, longitude: row.longitude, accuracyM: row.locationAccuracyM }
        : null,
    photoIds: row.photoIds,
    visitedBy: row.visitorName,
    createdAt: row.createdAt.toISOString(),
    lastModified: row.updatedAt.toISOString(),
  };
}

const createdMs = sql<Date>`date_trunc('milliseconds', visits.created_at)`;

function visitsWithVisitor(ctx: ServiceContext) {
  return ctx.database.db
    .selectFrom('visits')
    .leftJoin('users', 'users.id', 'visits.visitedBy')
    .selectAll('visits')
    .select(['users.name as visitorName']);
}

async function readVisit(ctx: ServiceContext, orgId: string, id: string): Promise<VisitRow | undefined> {
  return visitsWithVisitor(ctx).where('visits.orgId', '=', orgId).where('visits.id', '=', id).executeTakeFirst();
}

/** A page of visits, latest visit first (then newest entered, then id); of one field when `fieldId` is given. */
export async function listVisits(
  ctx: AppContext,
  actor: Actor,
  query: { fieldId?: string | undefined; limit: number; cursor?: string | undefined },
): Promise<ListPage<Visit>> {
  const after = decodeCursor(query.cursor, dayCreatedIdKey);
  let select = visitsWithVisitor(ctx)
    .select(createdMs.as('createdMs'))
    .where(ownRecordsInReach(ctx.database.db, actor, 'fields.read'));
  if (query.fieldId) {
    await requireField(ctx, actor.orgId, query.fieldId);
    select = select.where('visits.fieldId', '=', query.fieldId);
  }
  if (after)
    select = select.where(
      sql<boolean>`(visits.visit_date, ${createdMs}, visits.id) < (${after[0]}::date, ${after[1]}::timestamptz, ${after[2]}::uuid)`,
    );
  const rows = await select
    .orderBy('visits.visitDate', 'desc')
    .orderBy(createdMs, 'desc')
    .orderBy('visits.id', 'desc')
    .limit(query.limit + 1)
    .execute();
  return pageOf(rows, query.limit, (row) => [row.visitDate, row.createdMs.toISOString(), row.id], presentVisit);
}

export async function getVisit(ctx: ServiceContext, orgId: string, id: string): Promise<Visit> {
  const row = await readVisit(ctx, orgId, id);
  if (!row) throw AppError.notFound('Visit');
  return presentVisit(row);
}

/** A visit is logged on the day or after it, never for a day to come (one day of slack for time zones east of UTC). */
function checkVisitDate(ctx: ServiceContext, visitDate: string): void {
  const today = isoDay(ctx.now());
  if (visitDate > addDays(today, 1)) throw AppError.invalid('visitDate', 'The visit date cannot be in the future.');
  if (visitDate < addDays(today, -OLDEST_VISIT_DAYS))
    throw AppError.invalid('visitDate', 'A visit can be logged for the last year; check the year of the visit date.');
}

/** The photos as JPEG bytes; anything else (a PNG, a camera file too big, base64 of nothing) is refused by position. */
function decodePhotos(photos: VisitPhotoUpload[]): { id: string; jpeg: Buffer }[] {
  return photos.map((photo, index) => {
    const jpeg = Buffer.from(photo.jpegBase64, 'base64');
    const isJpeg = jpeg.length > 3 && jpeg[0] === 0xff && jpeg[1] === 0xd8 && jpeg[2] === 0xff;
    if (!isJpeg) throw AppError.invalid(`photos.${index}`, 'A photo must be a JPEG picture.');
    if (jpeg.length > MAX_VISIT_PHOTO_BYTES)
      throw AppError.invalid(`photos.${index}`, `A photo can be at most ${MAX_VISIT_PHOTO_BYTES / 1024} KB; send it smaller.`);
    return { id: photo.id, jpeg };
  });
}

/**
 * Logs a visit under its client id. The photos are kept first and the row written after, so a visit on the server
 * always has its photos; a process dying between the two leaves photos that the same visit sent again writes over
 * (same keys), and nothing is logged twice. A visit already held is answered as it is, its photos untouched.
 */
export async function createVisit(
  ctx: AppContext,
  orgId: string,
  input: z.output<typeof visitCreateSchema>,
  actor?: Actor,
): Promise<{ item: Visit; created: boolean }> {
  await requireField(ctx, orgId, input.fieldId);
  checkVisitDate(ctx, input.visitDate);
  const id = input.id ?? randomUUID();
  const existing = await findOwned(ctx.database.db, 'visits', orgId, id);
  if (!existing) {
    const photos = decodePhotos(input.photos);
    if (new Set(photos.map((photo) => photo.id)).size !== photos.length)
      throw AppError.invalid('photos', 'Each photo of a visit needs its own id.');
    const store = photoStore(ctx.config);
    try {
      for (const photo of photos) await store.put(photoKey(orgId, id, photo.id), photo.jpeg);
    } catch (error) {
      if (!(error instanceof PhotoStoreError)) throw error;
      throw new AppError('SERVICE_UNAVAILABLE', PHOTO_STORE_FAILED_MESSAGE, { reason: error.message });
    }
    const { location } = input;
    await insertOwned(ctx.database.db, 'visits', {
      id,
      orgId,
      fieldId: input.fieldId,
      visitedBy: actor?.userId ?? actingPerson()?.userId ?? null,
      visitDate: input.visitDate,
      cropStage: input.cropStage ?? null,
      pestSeen: input.pestSeen ?? null,
      pestCount: input.pestCount ?? null,
      diseaseSeen: input.diseaseSeen ?? null,
      weeds: input.weeds ?? null,
      waterStatus: input.waterStatus ?? null,
      notes: input.notes ?? null,
      latitude: location?.latitude ?? null,
      longitude: location?.longitude ?? null,
      locationAccuracyM: location?.accuracyM ?? null,
      photoIds: photos.map((photo) => photo.id),
    });
    return { item: await getVisit(ctx, orgId, id), created: true };
  }
  return { item: await getVisit(ctx, orgId, id), created: false };
}

export async function updateVisit(
  ctx: AppContext,
  orgId: string,
  id: string,
  input: z.output<typeof visitUpdateSchema>,
  condition: UpdateCondition = {},
): Promise<Visit> {
  const current = await getVisit(ctx, orgId, id);
  checkUnchangedSince(current.lastModified, condition.ifLastModified);
  const pestSeen = input.pestSeen !== undefined ? input.pestSeen : current.pestSeen;
  const pestCount = input.pestCount !== undefined ? input.pestCount : current.pestCount;
  if ((pestCount ?? 0) > 0 && !pestSeen) throw AppError.invalid('pestSeen', 'Name the pest that was counted.');
  const row = await updateOwned(ctx.database.db, 'visits', orgId, id, definedOnly(input), { ...condition, now: ctx.now() });
  if (!row) throw AppError.notFound('Visit');
  return getVisit(ctx, orgId, id);
}

/** Deletes the visit; its photos are listed for the store to delete (`prune-visit-photos`) in the same statement. */
export async function deleteVisit(ctx: AppContext, orgId: string, id: string): Promise<void> {
  if (!(await deleteOwned(ctx.database.db, 'visits', orgId, id))) throw AppError.notFound('Visit');
}

/** One photo of a visit the caller reaches (the route checked the visit); 404 when the visit has no such photo. */
export async function readVisitPhoto(ctx: ServiceContext, orgId: string, visitId: string, photoId: string): Promise<Buffer> {
  const row = await findOwned(ctx.database.db, 'visits', orgId, visitId);
  if (!row) throw AppError.notFound('Visit');
  if (!row.photoIds.includes(photoId)) throw AppError.notFound('Photo');
  let jpeg: Buffer | null;
  try {
    jpeg = await photoStore(ctx.config).get(photoKey(orgId, visitId, photoId));
  } catch (error) {
    if (!(error instanceof PhotoStoreError)) throw error;
    throw new AppError('SERVICE_UNAVAILABLE', 'The photo cannot be fetched just now. Try again in a minute.', { reason: error.message });
  }
  if (!jpeg) throw AppError.notFound('Photo');
  return jpeg;
}
