import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { AppError } from '../errors.ts';
import type { DB } from './schema.ts';

/** Tables whose rows belong to one organisation (`org_id`). Every read and write below is scoped by it. */
export type OwnedTable = 'farms' | 'fields' | 'soilTests' | 'fertilizerApplications' | 'irrigationEvents' | 'rainReadings' | 'harvests';

// Kysely cannot type a query over a table chosen by a type parameter; the public signatures carry the types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const untyped = (db: Kysely<DB>) => db as unknown as Kysely<any>;

export async function findOwned<T extends OwnedTable>(
  db: Kysely<DB>,
  table: T,
  orgId: string,
  id: string,
): Promise<Selectable<DB[T]> | undefined> {
  const row = await untyped(db).selectFrom(table).selectAll().where('orgId', '=', orgId).where('id', '=', id).executeTakeFirst();
  return row as Selectable<DB[T]> | undefined;
}

/**
 * Inserts a row with a client-chosen id. The same id again (an offline replay) returns the stored row with
 * `created: false`; an id held by another organisation is a conflict that reveals nothing about that row.
 */
export async function insertOwned<T extends OwnedTable>(
  db: Kysely<DB>,
  table: T,
  values: Insertable<DB[T]> & { id: string; orgId: string },
): Promise<{ row: Selectable<DB[T]>; created: boolean }> {
  const inserted = await untyped(db)
    .insertInto(table)
    .values(values)
    .onConflict((oc) => oc.column('id').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { row: inserted as Selectable<DB[T]>, created: true };
  const existing = await findOwned(db, table, values.orgId, values.id);
  if (!existing) throw new AppError('CONFLICT', 'This id is already in use; create the record with a new id.');
  return { row: existing, created: false };
}

export async function updateOwned<T extends OwnedTable>(
  db: Kysely<DB>,
  table: T,
  orgId: string,
  id: string,
  values: Updateable<DB[T]>,
): Promise<Selectable<DB[T]> | undefined> {
  const row = await untyped(db)
    .updateTable(table as string)
    .set(values as never)
    .where('orgId', '=', orgId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row as Selectable<DB[T]> | undefined;
}

export async function deleteOwned(db: Kysely<DB>, table: OwnedTable, orgId: string, id: string): Promise<boolean> {
  const result = await untyped(db).deleteFrom(table).where('orgId', '=', orgId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Drops keys whose value is `undefined`, so a partial update changes only what was sent. */
export function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}
