import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.ts';
import { openDatabase } from './database.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'murimi-lock-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded database on disk belongs to one process at a time', () => {
  it('refuses a second opening while the first holds it, and lets the next one in once it is closed', async () => {
    const first = await openDatabase({ databaseUrl: undefined, dataDir });
    // The holder is a live process (this one), as a running server would be to `murimi demo`.
    await expect(openDatabase({ databaseUrl: undefined, dataDir })).rejects.toThrow(DataDirInUseError);
    await expect(openDatabase({ databaseUrl: undefined, dataDir })).rejects.toThrow(
      `in use by another Murimi process (pid ${process.pid})`,
    );
    // The refused opening touched nothing: the first still works and still holds the lock.
    expect(await first.isReachable()).toBe(true);
    expect(readFileSync(path.join(dataDir, 'pgdata.lock'), 'utf8').trim()).toBe(String(process.pid));

    await first.close();
    expect(existsSync(path.join(dataDir, 'pgdata.lock'))).toBe(false);
    const next = await openDatabase({ databaseUrl: undefined, dataDir });
    expect(await next.isReachable()).toBe(true);
    await next.close();
  }, 60_000);

  it('takes over a lock left by a process that is gone (a crash, a power cut)', () => {
    const gone = Number(execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }));
    writeFileSync(path.join(dataDir, 'pgdata.lock'), `${gone}\n`);
    const lock = lockDataDir(dataDir);
    expect(readFileSync(path.join(dataDir, 'pgdata.lock'), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(path.join(dataDir, 'pgdata.lock'))).toBe(false);
  });
});
