import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/harness.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await sql`create table queue_probe (note text not null)`.execute(t.database.db);
});
afterAll(async () => {
  await t.database.close();
  await t.drop();
});

const notes = async () =>
  (await sql<{ note: string }>`select note from queue_probe order by note`.execute(t.database.db)).rows.map((r) => r.note);

describe('one connection path for the app and the job queue', () => {
  it('keeps a job-queue statement sent during an app transaction out of that transaction, so a rollback does not lose it', async () => {
    // PGlite has one session: a statement sent straight to it while a transaction is open would run inside
    // the transaction and vanish with its rollback. Through our path it waits for the transaction to end.
    let queueWrite: Promise<unknown> | undefined;
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await sql`insert into queue_probe values ('app, rolled back')`.execute(trx);
        queueWrite = t.database.executeSql('insert into queue_probe values ($1)', ['queue, kept']);
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await queueWrite;
    expect(await notes()).toEqual(['queue, kept']);
  });

  it('runs several statements at once without parameters (the queue creates its schema that way)', async () => {
    await t.database.executeSql("insert into queue_probe values ('one'); insert into queue_probe values ('two')");
    expect(await notes()).toEqual(expect.arrayContaining(['one', 'two']));
  });

  it('reads calendar dates as YYYY-MM-DD strings and counts as numbers', async () => {
    const row = (
      await sql<{ day: string; count: number }>`select date '2026-11-22' as day, count(*) as count from queue_probe`.execute(t.database.db)
    ).rows[0]!;
    expect(row.day).toBe('2026-11-22');
    expect(typeof row.count).toBe('number');
  });

  it('says whether the database answers', async () => {
    expect(await t.database.isReachable()).toBe(true);
  });
});
