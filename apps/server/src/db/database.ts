import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { PgliteDialect, SessionLock } from './pglite-dialect.ts';
import type { DB } from './schema.ts';

// snake_case columns ↔ camelCase properties; JSON documents (boundaries) keep their own keys untouched.
const camelCase = () => new CamelCasePlugin({ maintainNestedObjectKeys: true });

export type DatabaseBackend = 'pglite' | 'postgres';

/**
 * The one path to the database for the app and the job queue.
 * `executeSql` is the queue's door: on PGlite it takes the same session lock as Kysely.
 */
export interface Database {
  db: Kysely<DB>;
  backend: DatabaseBackend;
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  isReachable(): Promise<boolean>;
  /**
   * Calls `onMessage` with the payload of each NOTIFY on `channel`, and `onLost` if the listening connection
   * breaks (notifications may have been missed). Resolves once listening.
   */
  listen(channel: string, onMessage: (payload: string) => void, onLost: () => void): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (test templates, backups). */
  dumpDataDir?(): Promise<Blob>;
}

// Calendar dates stay 'YYYY-MM-DD' strings (no time-zone shift); counts and numerics become numbers.
const DATE_OID = 1082;
const INT8_OID = 20;
const NUMERIC_OID = 1700;
const parsers = {
  [DATE_OID]: (value: string) => value,
  [INT8_OID]: (value: string) => Number(value),
  [NUMERIC_OID]: (value: string) => Number(value),
};

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** PGlite only: start from this dumped data directory instead of the one on disk (tests). */
  pgliteTemplate?: Blob;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? 10) : openPglite(options);
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  // A database on disk is this process's alone while it is open (see data-dir-lock.ts); one in memory needs no lock.
  const onDisk = !options.pgliteTemplate && options.dataDir !== '';
  const dataDirLock = onDisk ? lockDataDir(options.dataDir) : null;
  let pglite: PGlite;
  try {
    pglite = options.pgliteTemplate
      ? await PGlite.create({ loadDataDir: options.pgliteTemplate, parsers })
      : await PGlite.create(onDisk ? path.join(options.dataDir, 'pgdata') : undefined, { parsers });
  } catch (error) {
    dataDirLock?.release();
    throw error;
  }
  const lock = new SessionLock();
  const db = new Kysely<DB>({ dialect: new PgliteDialect(pglite, lock), plugins: [camelCase()] });
  return {
    db,
    backend: 'pglite',
    executeSql: (text, values) =>
      lock.run(async () => {
        if (values && values.length > 0) return pglite.query(text, values);
        // Several statements at once (the queue's own migrations) need the simple protocol.
        const results = await pglite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }),
    // The embedded database lives in this process: it is reachable while open. Asking it `select 1` would wait for
    // whatever transaction holds its one session (a bulk import), and report a busy server as down.
    isReachable: async () => !pglite.closed,
    // One process owns a PGlite database, so its notifications cannot be lost to a broken connection.
    listen: async (channel, onMessage) => {
      await lock.run(() => pglite.listen(channel, onMessage));
    },
    close: async () => {
      await db.destroy();
      await lock.run(() => pglite.close());
      dataDirLock?.release();
    },
    dumpDataDir: () => lock.run(() => pglite.dumpDataDir('none')),
  };
}

async function openPostgres(databaseUrl: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid in parsers ? parsers[oid as keyof typeof parsers] : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [camelCase()] });
  const listeners: pg.Client[] = [];
  return {
    db,
    backend: 'postgres',
    executeSql: async (text, values) => pool.query(text, values as unknown[]),
    isReachable: () => ping(db),
    // A connection of its own: LISTEN lasts as long as the session, which a pooled connection does not keep.
    listen: async (channel, onMessage, onLost) => {
      const client = new pg.Client({ connectionString: databaseUrl });
      client.on('notification', (message) => {
        if (message.channel === channel) onMessage(message.payload ?? '');
      });
      client.on('error', () => onLost());
      client.on('end', () => onLost());
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      listeners.push(client);
    },
    close: async () => {
      for (const client of listeners.splice(0)) {
        client.removeAllListeners('end');
        client.removeAllListeners('error');
        client.on('error', () => {});
        await client.end().catch(() => {});
      }
      await db.destroy();
    },
  };
}

async function ping(db: Kysely<DB>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
