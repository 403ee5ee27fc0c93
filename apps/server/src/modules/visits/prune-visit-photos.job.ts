import { z } from 'zod';
import type { ServiceContext } from '../../app-context.ts';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import { photoKey, photoStore } from './photo-store.ts';

/** Photos deleted per pass: a few seconds of a bucket's round trips; what is left waits for the next pass. */
const PHOTOS_PER_PASS = 500;

/**
 * Deletes from the photo store the photos of deleted visits (`visit_photo_deletions`, filled by a trigger), oldest
 * first, and each listing once its photo is gone. A photo the store cannot delete now stays listed for the next pass.
 */
export async function pruneVisitPhotos(
  ctx: Pick<ServiceContext, 'config' | 'database'>,
  log: { warn(details: object, message: string): void },
): Promise<{ deleted: number; left: number }> {
  const db = ctx.database.db;
  const store = photoStore(ctx.config);
  const listed = await db.selectFrom('visitPhotoDeletions').selectAll().orderBy('deletedAt').orderBy('id').limit(PHOTOS_PER_PASS).execute();
  let deleted = 0;
  for (const photo of listed) {
    try {
      await store.remove(photoKey(photo.orgId, photo.visitId, photo.photoId));
    } catch (error) {
      log.warn({ err: error, visitId: photo.visitId, photoId: photo.photoId }, "a deleted visit's photo could not be deleted yet");
      continue;
    }
    await db.deleteFrom('visitPhotoDeletions').where('id', '=', photo.id).execute();
    deleted += 1;
  }
  return { deleted, left: listed.length - deleted };
}

const payload = z.object({}).passthrough();

/** Every ten minutes: a deleted visit's photos leave the disk or the bucket soon after the visit. */
export const pruneVisitPhotosJob: JobDefinition<typeof payload> = {
  name: 'prune-visit-photos',
  payload,
  cron: '*/10 * * * *',
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 900,
  async handle(_payload, { database, config, log }) {
    const outcome = await pruneVisitPhotos({ database, config }, log);
    if (outcome.deleted > 0 || outcome.left > 0) log.info(outcome, 'deleted photos of deleted visits');
  },
};
