import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import aws4 from 'aws4';
import type { Config, PhotoBucketConfig } from '../../config.ts';

/**
 * Where visit photos are kept, by key (`<orgId>/<visitId>/<photoId>.jpg`): files under `DATA_DIR/photos`, or objects
 * in an S3-style bucket when `PHOTO_BUCKET_URL` is set. Writing a key again writes the same photo (a visit sent twice),
 * so every write is safe to repeat.
 */
export interface PhotoStore {
  put(key: string, jpeg: Buffer): Promise<void>;
  /** The photo, or null when there is none under the key. */
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

export class PhotoStoreError extends Error {}

export const photoKey = (orgId: string, visitId: string, photoId: string) => `${orgId}/${visitId}/${photoId}.jpg`;

/** Files under one folder; a photo is written to a temporary name and renamed, so a crash never leaves half a JPEG. */
function diskStore(folder: string): PhotoStore {
  const fileOf = (key: string) => path.join(folder, ...key.split('/'));
  return {
    async put(key, jpeg) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${randomUUID()}.partial`;
      await writeFile(partial, jpeg);
      await rename(partial, file);
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

/** Attempts per bucket request: a dropped connection or a 5xx is tried again after 0.5 s, then 1 s. */
const BUCKET_ATTEMPTS = 3;
const BUCKET_TIMEOUT_MS = 20_000;

/** An S3-style bucket addressed by path, each request signed with AWS Signature Version 4 (the `aws4` package). */
function bucketStore(bucket: PhotoBucketConfig): PhotoStore {
  const target = new URL(bucket.url);
  async function request(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer): Promise<Response> {
    const url = new URL(`${target.pathname.replace(/\/$/, '')}/${key}`, target);
    const signed = aws4.sign(
      {
        host: url.host,
        path: url.pathname,
        method,
        service: 's3',
        region: bucket.region,
        headers: body ? { 'Content-Type': 'image/jpeg' } : {},
        ...(body ? { body } : {}),
      },
      { accessKeyId: bucket.accessKeyId, secretAccessKey: bucket.secretAccessKey },
    );
    let lastProblem = '';
    for (let attempt = 1; attempt <= BUCKET_ATTEMPTS; attempt += 1) {
      try {
        const response = await fetch(url, {
          method,
          headers: signed.headers as Record<string, string>,
          ...(body ? { body: new Uint8Array(body) } : {}),
          signal: AbortSignal.timeout(BUCKET_TIMEOUT_MS),
        });
        if (response.status < 500) return response;
        lastProblem = `HTTP ${response.status}`;
        await response.body?.cancel();
      } catch (error) {
        lastProblem = (error as Error).message;
      }
      if (attempt < BUCKET_ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
    throw new PhotoStoreError(`The photo bucket did not answer ${method} ${key}: ${lastProblem}`);
  }
  const refused = async (response: Response, what: string) =>
    new PhotoStoreError(`The photo bucket refused ${what} (HTTP ${response.status}): ${(await response.text()).slice(0, 300)}`);
  return {
    async put(key, jpeg) {
      const response = await request('PUT', key, jpeg);
      if (!response.ok) throw await refused(response, `to keep ${key}`);
      await response.body?.cancel();
    },
    async get(key) {
      const response = await request('GET', key);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) throw await refused(response, `to give ${key}`);
      return Buffer.from(await response.arrayBuffer());
    },
    async remove(key) {
      const response = await request('DELETE', key);
      if (!response.ok && response.status !== 404) throw await refused(response, `to delete ${key}`);
      await response.body?.cancel();
    },
  };
}

export function photoStore(config: Pick<Config, 'dataDir' | 'photoBucket'>): PhotoStore {
  return config.photoBucket ? bucketStore(config.photoBucket) : diskStore(path.join(config.dataDir, 'photos'));
}
