import { deleteOfflineDb } from '../../lib/offline-db.ts';
import { removePackFilesOf } from '../field-packs/pack-cache.ts';

/** Everything of a person's on this device (sign-out): their offline database and their packs' files. */
export async function removeDeviceDataOf(userId: string): Promise<void> {
  await deleteOfflineDb(userId).catch(() => undefined);
  await removePackFilesOf(userId).catch(() => undefined);
}
