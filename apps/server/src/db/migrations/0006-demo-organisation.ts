import { sql, type Kysely } from 'kysely';

/** The demo organisation (`npm run demo`): its analyses read the simulated imagery catalog and may use simulated weather. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table organisations add column demo boolean not null default false`.execute(db);
}
