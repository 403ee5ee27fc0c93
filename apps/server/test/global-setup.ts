import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string | null;
  }
}

/**
 * Creating a PGlite cluster takes ~5 s, so it is done once: migrated, dumped to a file, and each test file
 * starts its own copy from the dump. Against PostgreSQL each test file creates its own database instead.
 */
export default async function setup(project: TestProject): Promise<void> {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplatePath', null);
    return;
  }
  const database = await openDatabase({ databaseUrl: undefined, dataDir: '' });
  await migrateToLatest(database.db as never);
  const dump = await database.dumpDataDir!();
  await database.close();
  const file = path.join(tmpdir(), `murimi-pglite-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', file);
}
