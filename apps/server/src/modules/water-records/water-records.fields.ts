import { isoDay, waterRecordDateProblem } from '@murimi/core';
import type { Selectable } from 'kysely';
import type { ServiceContext } from '../../app-context.ts';
import { findOwned } from '../../db/owned-records.ts';
import type { FieldTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

/** The field a water record hangs from, of the caller's organisation (404 otherwise). */
export async function ownedField(ctx: ServiceContext, orgId: string, fieldId: string): Promise<Selectable<FieldTable>> {
  const field = await findOwned(ctx.database.db, 'fields', orgId, fieldId);
  if (!field) throw AppError.notFound('Field');
  return field;
}

/** Refuses a date the field's water balance cannot count: in the future, or outside its season. */
export function checkWaterRecordDate(ctx: ServiceContext, path: string, date: string, field: Selectable<FieldTable>): void {
  const facts = { plantingDate: field.plantingDate, harvestDate: field.actualHarvestDate, cropType: field.cropType };
  const problem = waterRecordDateProblem(date, facts, isoDay(ctx.now()));
  if (problem) throw AppError.invalid(path, problem);
}
