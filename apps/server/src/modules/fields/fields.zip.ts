import { crc32 } from 'node:zlib';
import { Inflate } from 'fflate';

/** Why an archive could not be opened, worded to follow "This file could not be read as KMZ: …". */
export class ZipProblem extends Error {}

/** Everything taken out of one archive: boundary files are a few MB at most, so more is refused. */
export const MAX_UNZIPPED_BYTES = 100 * 1024 * 1024;

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
/** Compressed bytes inflated per step: deflate expands at most ~1,032×, so one step yields at most ~16 MB. */
const INFLATE_STEP_BYTES = 16 * 1024;

/** True when the bytes start like a zip archive (a local file header, or the end record of an empty archive). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6))
  );
}

/**
 * The files of a zip archive whose names `wanted` accepts, by their path in the archive.
 * Reads the central directory itself rather than trusting a library's unzip: a zip bomb declares small sizes
 * and inflates to gigabytes, so every entry is inflated in steps and stopped as soon as it outgrows the size it
 * declared, and the declared sizes together may not pass MAX_UNZIPPED_BYTES. Each file's CRC-32 is checked, so
 * a damaged archive is reported as such rather than read as odd coordinates.
 */
export function unzipFiles(bytes: Uint8Array, wanted: (path: string) => boolean): Map<string, Uint8Array> {
  if (!looksLikeZip(bytes)) throw new ZipProblem('it is not a zip archive');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const damaged = () => new ZipProblem('the zip archive is damaged or incomplete');
  const end = findEndOfCentralDirectory(view);
  if (end < 0) throw damaged();
  const entryCount = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const files = new Map<string, Uint8Array>();
  let unzippedBytes = 0;
  for (let i = 0; i < entryCount; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL_DIRECTORY_ENTRY) throw damaged();
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const checksum = view.getUint32(at + 16, true);
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const localHeader = view.getUint32(at + 42, true);
    const path = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (!wanted(path)) continue;
    if (flags & 1) throw new ZipProblem('the zip archive is password-protected');
    unzippedBytes += size;
    if (unzippedBytes > MAX_UNZIPPED_BYTES) {
      throw new ZipProblem(`its contents unpack to more than ${MAX_UNZIPPED_BYTES / 1024 / 1024} MB, far more than field boundaries need`);
    }
    if (localHeader + 30 > bytes.length || view.getUint32(localHeader, true) !== LOCAL_FILE_HEADER) throw damaged();
    const dataStart = localHeader + 30 + view.getUint16(localHeader + 26, true) + view.getUint16(localHeader + 28, true);
    if (dataStart + compressedSize > bytes.length) throw damaged();
    const compressed = bytes.subarray(dataStart, dataStart + compressedSize);
    let content: Uint8Array;
    if (method === DEFLATED) content = inflateExactly(compressed, size, damaged);
    else if (method === STORED && compressedSize === size) content = compressed;
    else if (method === STORED) throw damaged();
    else throw new ZipProblem('it uses a zip compression method other than deflate');
    if (crc32(content) >>> 0 !== checksum) throw damaged();
    files.set(path, content);
  }
  return files;
}

function findEndOfCentralDirectory(view: DataView): number {
  // The end record is 22 bytes plus a comment of up to 65,535 bytes, at the very end of the archive.
  const last = view.byteLength - 22;
  for (let at = last; at >= 0 && at >= last - 0xffff; at--) {
    if (view.getUint32(at, true) === END_OF_CENTRAL_DIRECTORY) return at;
  }
  return -1;
}

function inflateExactly(compressed: Uint8Array, size: number, damaged: () => ZipProblem): Uint8Array {
  const output = new Uint8Array(size);
  let written = 0;
  const inflater = new Inflate((chunk) => {
    if (written + chunk.length > size) throw damaged();
    output.set(chunk, written);
    written += chunk.length;
  });
  try {
    for (let at = 0; at < compressed.length || at === 0; at += INFLATE_STEP_BYTES) {
      inflater.push(compressed.subarray(at, at + INFLATE_STEP_BYTES), at + INFLATE_STEP_BYTES >= compressed.length);
    }
  } catch (error) {
    throw error instanceof ZipProblem ? error : damaged();
  }
  if (written !== size) throw damaged();
  return output;
}
