import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { Config } from '../config.ts';
import { JobQueue } from '../jobs/job-queue.ts';
import { allJobs } from '../runtime.ts';
import { openDatabase, type Database } from './database.ts';
import { migrateToLatest } from './migrate.ts';

/** A table as it was moved: its rows, and the checksum both sides agreed on. */
export interface MovedTable {
  table: string;
  rows: number;
  checksum: string;
}

/** Why a move did not start or did not finish; its message is for the person at the command line. */
export class MoveError extends Error {
  override readonly name = 'MoveError';
}

/** The schemas that hold the app's tables and the job queue's. */
const SCHEMAS = ['public', 'pgboss'];
/**
 * The job queue's own bookkeeping, which it writes as it starts on the new database (its version, and one row per
 * queue with the partition that holds its jobs): made there, not copied.
 */
const MADE_BY_THE_QUEUE = new Set(['pgboss.version', 'pgboss.queue']);
/** Rows read and written at a time; PostgreSQL takes at most 65,535 parameters in one statement. */
const ROWS_PER_BATCH = 500;
const MAX_PARAMETERS = 60_000;

interface Column {
  name: string;
  type: string;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
const qualified = (table: string) => table.split('.').map(quoted).join('.');

/** The tables (not partitions) of the app and the queue in a database, as `schema.table`. */
async function tablesOf(run: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>): Promise<string[]> {
  const { rows } = await run(
    `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
    [SCHEMAS],
  );
  return (rows as { name: string }[]).map((row) => row.name);
}

/** A table's columns that hold stored values (generated ones are worked out again where they land). */
async function storedColumns(source: Database, table: string): Promise<Column[]> {
  const { rows } = await source.executeSql(
    `select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
      where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
    [qualified(table)],
  );
  return rows as Column[];
}

/** Rows and an MD5 of every row's text, in a fixed order: equal on both sides when every value arrived as it was. */
const CHECKSUM_SQL = (table: string) =>
  `select count(*)::int as rows, coalesce(md5(string_agg(t::text, E'\\n' order by t::text)), '') as checksum from ${qualified(table)} t`;

/**
 * Copies every table of the embedded database under `config.dataDir` into the empty PostgreSQL database at `to`,
 * then checks each table's row count and checksum on both sides. Refuses a database that holds any table already.
 * The embedded database must not be in use (its lock refuses a second process). Values travel as text and are cast
 * back to their column's type, so each arrives exactly as it was; foreign keys are not checked while rows arrive in
 * table order (session_replication_role, which needs a superuser or the database's owner with that right).
 */
export async function moveToPostgres(options: { config: Config; to: string; say: (line: string) => void }): Promise<MovedTable[]> {
  const { config, to, say } = options;
  if (!existsSync(path.join(config.dataDir, 'pgdata'))) {
    throw new MoveError(`There is no embedded database in ${config.dataDir} (DATA_DIR) to move.`);
  }
  const target = new pg.Client({ connectionString: to });
  try {
    await target.connect();
  } catch (error) {
    throw new MoveError(`Could not connect to ${safeUrl(to)}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    const present = await tablesOf((text, values) => target.query(text, values));
    if (present.length > 0) {
      throw new MoveError(
        `${safeUrl(to)} already holds ${present.length} table${present.length === 1 ? '' : 's'} (${present.slice(0, 3).join(', ')}` +
          `${present.length > 3 ? ', …' : ''}). Nothing was copied: move-to-postgres copies into an empty database only. ` +
          'Create a new one (createdb murimi) and run it again.',
      );
    }
    const source = await openDatabase({ databaseUrl: undefined, dataDir: config.dataDir });
    try {
      await migrateToLatest(source.db as never);
      say('Making the tables on PostgreSQL…');
      await makeSchema(config, to);
      await source.executeSql("set timezone = 'UTC'");
      const tables = (await tablesOf((text, values) => source.executeSql(text, values))).filter((table) => !MADE_BY_THE_QUEUE.has(table));
      const made = new Set(await tablesOf((text, values) => target.query(text, values)));
      const missing = tables.filter((table) => !made.has(table));
      if (missing.length > 0) throw new MoveError(`PostgreSQL lacks tables the embedded database has: ${missing.join(', ')}.`);

      await target.query('begin');
      await target.query("set local session_replication_role = replica; set local timezone = 'UTC'");
      // The tables are empty but for what the migrations and the queue wrote as they were made: the source has the same.
      await target.query(`truncate ${tables.map(qualified).join(', ')}`);
      for (const table of tables) {
        const rows = await copyTable(source, target, table);
        say(`  ${table}: ${rows} rows`);
      }
      await resetSequences(target);
      await target.query('commit');

      say('Checking every table on both sides…');
      await target.query("set timezone = 'UTC'");
      const moved: MovedTable[] = [];
      for (const table of tables) {
        const [before] = (await source.executeSql(CHECKSUM_SQL(table))).rows as { rows: number; checksum: string }[];
        const [after] = (await target.query(CHECKSUM_SQL(table))).rows as { rows: number; checksum: string }[];
        if (before!.rows !== after!.rows || before!.checksum !== after!.checksum) {
          throw new MoveError(
            `${table} differs after the copy (${before!.rows} rows, ${after!.rows} on PostgreSQL). ` +
              'Drop the new database and run again; the embedded database is unchanged.',
          );
        }
        moved.push({ table, rows: before!.rows, checksum: before!.checksum });
      }
      return moved;
    } finally {
      await source.close();
    }
  } catch (error) {
    await target.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await target.end();
  }
}

/** The app's tables by its migrations, and the job queue's by starting it once (its version, queues and schedules). */
async function makeSchema(config: Config, to: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: to, dataDir: config.dataDir, poolSize: 2 });
  try {
    await migrateToLatest(database.db as never);
    const queue = new JobQueue({ database, config: { ...config, databaseUrl: to }, log: pino({ level: 'silent' }) }, allJobs);
    await queue.start({ work: false });
    await queue.stop();
  } finally {
    await database.close();
  }
}

/** Copies one table in batches read by physical position (`ctid`), each value as text cast back to its type. */
async function copyTable(source: Database, target: pg.Client, table: string): Promise<number> {
  const columns = await storedColumns(source, table);
  const list = columns.map((column) => quoted(column.name)).join(', ');
  const asText = columns.map((column) => `${quoted(column.name)}::text`).join(', ');
  const perBatch = Math.max(1, Math.min(ROWS_PER_BATCH, Math.floor(MAX_PARAMETERS / columns.length)));
  let after = '(0,0)';
  let copied = 0;
  for (;;) {
    const { rows } = await source.executeSql(
      `select ctid::text as "__ctid", ${asText} from ${qualified(table)} where ctid > $1::tid order by ctid limit ${perBatch}`,
      [after],
    );
    if (rows.length === 0) return copied;
    const values: unknown[] = [];
    const tuples = (rows as Record<string, string | null>[]).map((row) => {
      const placeholders = columns.map((column) => {
        values.push(row[column.name]);
        return `$${values.length}::${column.type}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    await target.query(`insert into ${qualified(table)} (${list}) overriding system value values ${tuples.join(', ')}`, values);
    copied += rows.length;
    after = (rows.at(-1) as { __ctid: string }).__ctid;
  }
}

/** Every sequence a column owns continues after the largest value copied into it. */
async function resetSequences(target: pg.Client): Promise<void> {
  const { rows } = await target.query<{ sequence: string; table: string; column: string }>(
    `select sn.nspname || '.' || s.relname as sequence, n.nspname || '.' || t.relname as table, a.attname as column
       from pg_depend d
       join pg_class s on s.oid = d.objid and s.relkind = 'S'
       join pg_namespace sn on sn.oid = s.relnamespace
       join pg_class t on t.oid = d.refobjid
       join pg_namespace n on n.oid = t.relnamespace
       join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where n.nspname = any($1) and d.deptype in ('a', 'i')`,
    [SCHEMAS],
  );
  for (const row of rows) {
    await target.query(
      `select setval($1::regclass, coalesce((select max(${quoted(row.column)}) from ${qualified(row.table)}), 0) + 1, false)`,
      [row.sequence.split('.').map(quoted).join('.')],
    );
  }
}

/** The URL without its password, for messages. */
function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the database';
  }
}
