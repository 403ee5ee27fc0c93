import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { FastifyBaseLogger } from 'fastify';

/** A file of an archive, written a page at a time: text compressed, or bytes (a JPEG) stored as they are. */
export type ArchiveFile = { name: string; text: () => AsyncIterable<string> } | { name: string; bytes: Uint8Array };

/**
 * A zip written as it is sent: each file's pages are compressed as they are read, and reading waits while the
 * connection is slow, so memory holds a page, not the archive, and the event loop runs between pages. A failure
 * part way (the database gone) ends the download broken, which the person's unzip reports, and is logged.
 */
export function zipStream(
  files: Iterable<ArchiveFile> | AsyncIterable<ArchiveFile>,
  log: FastifyBaseLogger,
  about: Record<string, unknown>,
): PassThrough {
  const out = new PassThrough();
  const zip = new Zip((error, data, final) => {
    if (error) return void out.destroy(error);
    out.write(data);
    if (final) out.end();
  });
  const drained = () => Promise.race([once(out, 'drain'), once(out, 'close')]);
  void (async () => {
    for await (const file of files) {
      if (out.destroyed) return;
      if ('bytes' in file) {
        // A photo is compressed already: stored, not deflated again.
        const entry = new ZipPassThrough(file.name);
        zip.add(entry);
        entry.push(file.bytes, true);
        if (out.writableNeedDrain) await drained();
        continue;
      }
      const entry = new ZipDeflate(file.name, { level: 6 });
      zip.add(entry);
      for await (const page of file.text()) {
        if (out.destroyed) return;
        entry.push(strToU8(page));
        if (out.writableNeedDrain) await drained();
      }
      entry.push(new Uint8Array(0), true);
    }
    zip.end();
  })().catch((error: unknown) => {
    log.error({ err: error, ...about }, 'An archive could not be written to the end');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
