import { Readable } from 'node:stream';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { FastifyBaseLogger } from 'fastify';

/**
 * A file of an archive, written a page at a time: text compressed, or bytes that are compressed already (a JPEG, a
 * PDF, an XLSX) stored as they are, whole or as they come.
 */
export type ArchiveFile =
  | { name: string; text: () => AsyncIterable<string> }
  | { name: string; bytes: Uint8Array }
  | { name: string; stored: () => AsyncIterable<Uint8Array> };

/**
 * A zip's bytes as they are made: each file's pages are compressed as they are read, and the next page is read only
 * when the consumer asks for more, so memory holds a page, not the archive, and the event loop runs between pages.
 */
export async function* zipChunks(files: Iterable<ArchiveFile> | AsyncIterable<ArchiveFile>): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failure = error;
    else ready.push(data);
  });
  function* made() {
    if (failure) throw failure;
    yield* ready.splice(0);
  }
  for await (const file of files) {
    if ('text' in file) {
      const entry = new ZipDeflate(file.name, { level: 6 });
      zip.add(entry);
      for await (const page of file.text()) {
        entry.push(strToU8(page));
        yield* made();
      }
      entry.push(new Uint8Array(0), true);
    } else {
      const entry = new ZipPassThrough(file.name);
      zip.add(entry);
      if ('bytes' in file) entry.push(file.bytes, true);
      else {
        for await (const chunk of file.stored()) {
          entry.push(chunk);
          yield* made();
        }
        entry.push(new Uint8Array(0), true);
      }
    }
    yield* made();
  }
  zip.end();
  yield* made();
}

/**
 * A zip written as it is sent, at the pace the connection reads it. A failure part way (the database gone) ends the
 * download broken, which the person's unzip reports, and is logged.
 */
export function zipStream(
  files: Iterable<ArchiveFile> | AsyncIterable<ArchiveFile>,
  log: FastifyBaseLogger,
  about: Record<string, unknown>,
): Readable {
  const stream = Readable.from(zipChunks(files), { objectMode: false });
  stream.on('error', (error) => log.error({ err: error, ...about }, 'An archive could not be written to the end'));
  return stream;
}
