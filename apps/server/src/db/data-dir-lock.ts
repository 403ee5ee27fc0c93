import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database belongs to one process at a time. PGlite keeps the database's state in the memory of the
 * process that opened it and writes the files under `pgdata` as if nobody else did: a second server, or `murimi demo`
 * run while the server is up, would write over the first one's files and can leave a database that no longer opens.
 * A lock file in the data directory names the process that holds it, as PostgreSQL's own `postmaster.pid` does; a
 * lock whose process is gone (a crash, `kill -9`, a power cut) is taken over.
 */
export class DataDirInUseError extends Error {}

const LOCK_FILE = 'pgdata.lock';

/** Whether a process with this id is running (one we may not signal is running too). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the data directory for this process; throws `DataDirInUseError` while another live process holds it. */
export function lockDataDir(dataDir: string): { release(): void } {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = openSync(lockPath, 'wx');
      writeSync(handle, `${process.pid}\n`);
      closeSync(handle);
      return {
        release: () => {
          try {
            if (readFileSync(lockPath, 'utf8').trim() === String(process.pid)) unlinkSync(lockPath);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
    if (Number.isInteger(holder) && holder > 0 && isRunning(holder)) {
      throw new DataDirInUseError(
        `The embedded database in ${dataDir} is in use by another Murimi process (pid ${holder}). ` +
          'Stop that one first (the server, or a demo still being set up), or give this one its own DATA_DIR.',
      );
    }
    // Left by a process that is gone: take it over (if two start at once, the exclusive create lets one through).
    unlinkSync(lockPath);
  }
  throw new DataDirInUseError(`Another Murimi process took the embedded database in ${dataDir} at the same moment. Try again.`);
}
