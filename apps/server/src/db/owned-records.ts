import { RECORD_CHANGED_MESSAGE, type RecordChangedDetails } from '@murimi/core';
import { sql, type Insertable, type Kysely, type RawBuilder, type Selectable, type Updateable } from 'kysely';
import { AppError } from '../errors.ts';
import { actingPerson } from '../request-actor.ts';
import type { DB } from './schema.ts';

/** Tables whose rows belong to one organisation (`org_id`). Every read and write below is scoped by it. */
export type OwnedTable =
  'farms' | 'fields' | 'soilTests' | 'fertilizerApplications' | 'irrigationEvents' | 'rainReadings' | 'harvests' | 'visits';

// Kysely cannot type a query over a table chosen by a type parameter; the public signatures carry the types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const untyped = (db: Kysely<DB>) => db as unknown as Kysely<any>;

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
 * The audit line of a write, as a statement over the CTE `written` (the rows the write returned): who (the request's
 * person, else nobody), which record, what was done and which keys changed. Part of the write's own statement, so
 * the two stand or fall together.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function auditOf(q: any, table: OwnedTable, action: 'created' | 'changed' | 'deleted', changedKeys: string[] = []) {
  const userId = actingPerson()?.userId ?? null;
  const keys: RawBuilder<string[]> =
    changedKeys.length === 0 ? sql<string[]>`'{}'::text[]` : sql<string[]>`array[${sql.join(changedKeys)}]::text[]`;
  return q
    .insertInto('auditEvents')
    .columns(['orgId', 'userId', 'recordKind', 'recordId', 'action', 'changedKeys'])
    .expression(
      q
        .selectFrom('written')
        .select([
          'written.orgId',
          sql<string | null>`${userId}::uuid`.as('userId'),
          sql<string>`${table}`.as('recordKind'),
          'written.id',
          sql<string>`${action}`.as('action'),
          keys.as('changedKeys'),
        ]),
    );
}

/** What the audit trail follows: the owned records, and who belongs to an organisation (by person) and who is invited. */
export type AuditedKind = OwnedTable | 'memberships' | 'invitations';

/**
 * The audit lines of writes made outside the helpers below (a bulk import's rows, a farm's assignment, a member's
 * role), one per record: call it in the writes' transaction.
 */
export async function auditWrite(
  trx: Kysely<DB>,
  table: AuditedKind,
  records: { orgId: string; id: string } | readonly { orgId: string; id: string }[],
  action: 'created' | 'changed' | 'deleted',
  changedKeys: string[] = [],
): Promise<void> {
  const list = Array.isArray(records) ? records : [records as { orgId: string; id: string }];
  if (list.length === 0) return;
  const userId = actingPerson()?.userId ?? null;
  await trx
    .insertInto('auditEvents')
    .values(list.map((record) => ({ orgId: record.orgId, userId, recordKind: table, recordId: record.id, action, changedKeys })))
    .execute();
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
    .with('written', (q) =>
      q
        .insertInto(table)
        .values(values)
        .onConflict((oc) => oc.column('id').doNothing())
        .returningAll(),
    )
    .with('audited', (q) => auditOf(q, table, 'created'))
    .selectFrom('written')
    .selectAll()
    .executeTakeFirst();
  if (inserted) return { row: inserted as Selectable<DB[T]>, created: true };
  const existing = await findOwned(db, table, values.orgId, values.id);
  if (!existing) throw new AppError('CONFLICT', 'This id is already in use; create the record with a new id.');
  return { row: existing, created: false };
}

/** A record's version as the API shows it (`lastModified`): its `updated_at` to the millisecond. */
const lastModifiedOf = sql<Date>`date_trunc('milliseconds', updated_at)`;

/**
 * An update sent for a version the record no longer has (`If-Match`). `details.current` is the record as `GET /:id`
 * answers it, which only the module can present: `registerOwnedRecordRoutes` fills it in.
 */
export class RecordChangedError extends AppError {
  constructor(current?: unknown) {
    super(
      'RECORD_CHANGED',
      RECORD_CHANGED_MESSAGE,
      current === undefined ? undefined : ({ current } satisfies RecordChangedDetails<unknown>),
    );
  }
}

/** The version a client's edit was based on. */
export interface UpdateCondition {
  /** The `lastModified` the edit was made on (`If-Match`); without it the last write wins. */
  ifLastModified?: string | undefined;
}

export interface OwnedUpdateOptions extends UpdateCondition {
  /** The app's clock: the row's new `updated_at`, unless that would not move it past the version it replaces. */
  now: Date;
}

/**
 * Refuses early an edit based on a version the record no longer has, so that it gets the 409 before any check of
 * the edit against values its sender never saw. Only a shortcut: the update's own condition is what decides.
 */
export function checkUnchangedSince(lastModified: string, ifLastModified: string | undefined): void {
  if (ifLastModified !== undefined && ifLastModified !== lastModified) throw new RecordChangedError();
}

/**
 * Updates a row of the organisation; `undefined` when it has no such row. With `ifLastModified`, the version check
 * is part of the UPDATE's condition, so two edits of the same version cannot both succeed; a row that is there but
 * has moved on is a `RecordChangedError`. `updated_at` moves forward by at least a millisecond on every update, so
 * that two saves within one millisecond (or a clock that stepped back) still give two versions.
 */
export async function updateOwned<T extends OwnedTable>(
  db: Kysely<DB>,
  table: T,
  orgId: string,
  id: string,
  values: Updateable<DB[T]>,
  { now, ifLastModified }: OwnedUpdateOptions,
): Promise<Selectable<DB[T]> | undefined> {
  const row = await untyped(db)
    .with('written', (q) => {
      let update = q
        .updateTable(table as string)
        .set({ ...values, updatedAt: sql`greatest(${now}::timestamptz, ${lastModifiedOf} + interval '1 millisecond')` } as never)
        .where('orgId', '=', orgId)
        .where('id', '=', id);
      if (ifLastModified !== undefined) update = update.where(lastModifiedOf, '=', sql<Date>`${ifLastModified}::timestamptz`);
      return update.returningAll();
    })
    .with('audited', (q) => auditOf(q, table, 'changed', Object.keys(values)))
    .selectFrom('written')
    .selectAll()
    .executeTakeFirst();
  if (row) return row as Selectable<DB[T]>;
  if (ifLastModified !== undefined && (await findOwned(db, table, orgId, id))) throw new RecordChangedError();
  return undefined;
}

export async function deleteOwned(db: Kysely<DB>, table: OwnedTable, orgId: string, id: string): Promise<boolean> {
  const deleted = await untyped(db)
    .with('written', (q) => q.deleteFrom(table).where('orgId', '=', orgId).where('id', '=', id).returning(['id', 'orgId']))
    .with('audited', (q) => auditOf(q, table, 'deleted'))
    .selectFrom('written')
    .select('id')
    .execute();
  return deleted.length > 0;
}

/** Drops keys whose value is `undefined`, so a partial update changes only what was sent. */
export function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}
