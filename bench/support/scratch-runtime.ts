import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { loadConfig, type Config } from '../../apps/server/src/config.ts';
import { startRuntime, type Runtime } from '../../apps/server/src/runtime.ts';

/** The PostgreSQL server the benches make their scratch databases on. */
export const benchDatabaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const BENCH_JWT_SECRET = 'bench-secret-bench-secret-bench-secret-1';

/**
 * Runs `use` with a PostgreSQL database and a folder of its own, made for it and dropped and removed afterwards.
 */
export async function withScratchDatabase<T>(label: string, use: (databaseUrl: string, folder: string) => Promise<T>): Promise<T> {
  const databaseName = `murimi_bench_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: benchDatabaseUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  const databaseUrl = new URL(benchDatabaseUrl);
  databaseUrl.pathname = `/${databaseName}`;
  const folder = await mkdtemp(path.join(tmpdir(), `murimi-bench-${label}-`));
  try {
    return await use(databaseUrl.toString(), folder);
  } finally {
    await dropWhenClosed(admin, databaseName);
    await admin.end();
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Runs `measure` against a runtime started in this process (no job workers) on a PostgreSQL database of its own,
 * made for it and dropped afterwards with its data folder. `env` adds to the configuration (e.g. demo imagery).
 */
export async function withScratchRuntime(
  label: string,
  measure: (runtime: Runtime, config: Config) => Promise<void>,
  env: Record<string, string> = {},
): Promise<void> {
  await withScratchDatabase(label, async (databaseUrl, work) => {
    const config = loadConfig({
      DATABASE_URL: databaseUrl,
      JWT_SECRET: BENCH_JWT_SECRET,
      DATA_DIR: work,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(work, 'no-web-build'),
      ...env,
    });
    const runtime = await startRuntime(config, { work: false, logger: false });
    try {
      await measure(runtime, config);
    } finally {
      await runtime.close();
    }
  });
}

/** Drops a database once its last connections have gone: the queue's close a moment after the runtime does, and
 * killing them (`with (force)`) would be an unhandled error in this process. Forced after 5 s. */
export async function dropWhenClosed(admin: pg.Client, databaseName: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`drop database if exists ${databaseName}${attempt >= 50 ? ' with (force)' : ''}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error; // 55006: still in use
      await sleep(100);
    }
  }
}
