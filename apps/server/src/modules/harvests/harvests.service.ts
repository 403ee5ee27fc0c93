import { randomUUID } from 'node:crypto';
import {
  STANDARD_GRAIN_MOISTURE_PCT,
  addDays,
  compareHarvestWithEstimate,
  grainAtMoisture,
  harvestProblem,
  harvestSeasonProblem,
  isoDay,
  seasonEndDay,
  yieldResultSchema,
  type HarvestField,
  type Harvest,
  type HarvestEstimate,
  type RecordedHarvest,
  type harvestCreateSchema,
  type harvestUpdateSchema,
} from '@murimi/core';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { z } from 'zod';
import type { AppContext, ServiceContext } from '../../app-context.ts';
import { dayCreatedIdKey, decodeCursor, pageOf, type ListPage } from '../../db/list-pages.ts';
import {
  checkUnchangedSince,
  definedOnly,
  deleteOwned,
  findOwned,
  insertOwned,
  updateOwned,
  type UpdateCondition,
} from '../../db/owned-records.ts';
import type { DB, HarvestTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { requireField } from '../fields/fields.service.ts';
import { ownRecordsInReach, type Actor } from '../../policy/policy.ts';

type HarvestRow = Selectable<HarvestTable>;
type HarvestUpdate = z.output<typeof harvestUpdateSchema>;

/** Yield analyses of a field read when looking for the one of a harvest's season (newest first). */
const YIELD_ANALYSES_READ = 50;

function recordedHarvest(row: HarvestRow): RecordedHarvest {
  return { id: row.id, harvestDate: row.harvestDate, harvestedTPerHa: row.harvestedTonnesPerHa, moisturePct: row.moisturePct };
}

/**
 * The latest completed yield estimate of the harvest's season, beside the harvest at 12.5 % moisture: the season is
 * the harvest's planting date when it has one, else the estimate's season (`seasonEndDay` of its planting and crop,
 * as every analysis reads a season) when the harvest falls inside it.
 */
async function seasonEstimate(db: Kysely<DB>, row: HarvestRow): Promise<HarvestEstimate | null> {
  const analyses = await db
    .selectFrom('analyses')
    .select(['id', 'analysisDate', 'result', 'simulated'])
    .where('orgId', '=', row.orgId)
    .where('fieldId', '=', row.fieldId)
    .where('type', '=', 'yield')
    .where('status', '=', 'completed')
    .orderBy('finishedAt', 'desc')
    .limit(YIELD_ANALYSES_READ)
    .execute();
  for (const analysis of analyses) {
    const parsed = yieldResultSchema.safeParse(analysis.result);
    if (!parsed.success || !('available' in parsed.data) || !parsed.data.available) continue;
    const estimate = parsed.data;
    const sameSeason =
      row.plantingDate !== null
        ? estimate.plantingDate === row.plantingDate
        : estimate.plantingDate <= row.harvestDate && row.harvestDate <= seasonEndDay(estimate.plantingDate, estimate.cropTypeId);
    if (!sameSeason) continue;
    const range = estimate.rangeAtStandardMoisture ?? {
      ...estimate.range,
      lowTPerHa: grainAtMoisture(estimate.range.lowTPerHa),
      expectedTPerHa: grainAtMoisture(estimate.range.expectedTPerHa),
      highTPerHa: grainAtMoisture(estimate.range.highTPerHa),
    };
    const comparison = compareHarvestWithEstimate(range, recordedHarvest(row));
    return {
      analysisId: analysis.id,
      analysisDate: analysis.analysisDate ?? estimate.today,
      lowTPerHa: range.lowTPerHa,
      expectedTPerHa: range.expectedTPerHa,
      highTPerHa: range.highTPerHa,
      moisturePct: STANDARD_GRAIN_MOISTURE_PCT,
      harvestedTPerHaAtStandardMoisture: comparison.harvestedTPerHaAtStandardMoisture,
      position: comparison.position,
      differenceFromExpectedShare: comparison.differenceFromExpectedShare,
      simulated: analysis.simulated,
    };
  }
  return null;
}

function presentHarvest(row: HarvestRow, estimate: HarvestEstimate | null): Harvest {
  return {
    id: row.id,
    fieldId: row.fieldId,
    seasonLabel: row.seasonLabel,
    plantingDate: row.plantingDate,
    harvestedTPerHa: row.harvestedTonnesPerHa,
    moisturePct: row.moisturePct,
    harvestDate: row.harvestDate,
    notes: row.notes,
    estimate,
    createdAt: row.createdAt.toISOString(),
    lastModified: row.updatedAt.toISOString(),
  };
}

async function present(db: Kysely<DB>, row: HarvestRow): Promise<Harvest> {
  return presentHarvest(row, await seasonEstimate(db, row));
}

/** The field a harvest is recorded on, as its season needs it; "not found" when it is not the organisation's. */
async function harvestField(ctx: AppContext, orgId: string, fieldId: string): Promise<HarvestField> {
  const field = await ctx.database.db
    .selectFrom('fields')
    .select(['plantingDate', 'cropType', 'actualHarvestDate'])
    .where('orgId', '=', orgId)
    .where('id', '=', fieldId)
    .executeTakeFirst();
  if (!field) throw AppError.notFound('Field');
  return field;
}

/**
 * A harvest is not dated after today (one day of slack for time zones east of UTC) and lies inside its season on the
 * field (`harvestSeasonProblem`): never a 1900 harvest or a 36-year season. Checked here, so every way of creating or
 * changing a harvest is held to it.
 */
function checkHarvestSeason(ctx: AppContext, harvest: { harvestDate: string; plantingDate: string | null }, field: HarvestField): void {
  const today = isoDay(ctx.now());
  if (harvest.harvestDate > addDays(today, 1)) throw AppError.invalid('harvestDate', 'The harvest date cannot be in the future.');
  const problem = harvestSeasonProblem(harvest, field, today);
  if (problem) throw AppError.invalid(problem.path, problem.message);
}

// Creation times are kept to the microsecond but travel in cursors as JavaScript dates: the list orders by the
// millisecond (then id), so the cursor names a position exactly.
const createdMs = sql<Date>`date_trunc('milliseconds', created_at)`;

/** A page of harvests, newest harvest first (then newest entered, then id); of one field when `fieldId` is given. */
export async function listHarvests(
  ctx: ServiceContext,
  actor: Actor,
  query: { fieldId?: string | undefined; limit: number; cursor?: string | undefined },
): Promise<ListPage<Harvest>> {
  const { orgId } = actor;
  const db = ctx.database.db;
  const after = decodeCursor(query.cursor, dayCreatedIdKey);
  let select = db
    .selectFrom('harvests')
    .selectAll()
    .select(createdMs.as('createdMs'))
    .where(ownRecordsInReach(ctx.database.db, actor, 'fields.read'));
  if (query.fieldId) {
    await requireField(ctx, orgId, query.fieldId);
    select = select.where('fieldId', '=', query.fieldId);
  }
  if (after)
    select = select.where(
      sql<boolean>`(harvest_date, ${createdMs}, id) < (${after[0]}::date, ${after[1]}::timestamptz, ${after[2]}::uuid)`,
    );
  const rows = await select
    .orderBy('harvestDate', 'desc')
    .orderBy(createdMs, 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const page = pageOf(
    rows,
    query.limit,
    (row) => [row.harvestDate, row.createdMs.toISOString(), row.id],
    (row) => row,
  );
  const data: Harvest[] = [];
  for (const row of page.data) data.push(await present(db, row));
  return { data, page: page.page };
}

export async function getHarvest(ctx: AppContext, orgId: string, id: string): Promise<Harvest> {
  const row = await findOwned(ctx.database.db, 'harvests', orgId, id);
  if (!row) throw AppError.notFound('Harvest');
  return present(ctx.database.db, row);
}

export async function createHarvest(
  ctx: AppContext,
  orgId: string,
  input: z.output<typeof harvestCreateSchema>,
): Promise<{ item: Harvest; created: boolean }> {
  checkHarvestSeason(
    ctx,
    { harvestDate: input.harvestDate, plantingDate: input.plantingDate ?? null },
    await harvestField(ctx, orgId, input.fieldId),
  );
  const { row, created } = await insertOwned(ctx.database.db, 'harvests', {
    seasonLabel: input.seasonLabel ?? null,
    plantingDate: input.plantingDate ?? null,
    notes: input.notes ?? null,
    id: input.id ?? randomUUID(),
    orgId,
    fieldId: input.fieldId,
    harvestedTonnesPerHa: input.harvestedTPerHa,
    moisturePct: input.moisturePct,
    harvestDate: input.harvestDate,
  });
  return { item: await present(ctx.database.db, row), created };
}

export async function updateHarvest(
  ctx: AppContext,
  orgId: string,
  id: string,
  input: HarvestUpdate,
  condition: UpdateCondition = {},
): Promise<Harvest> {
  const current = await getHarvest(ctx, orgId, id);
  checkUnchangedSince(current.lastModified, condition.ifLastModified);
  const next = { ...current, ...definedOnly(input) };
  const problem = harvestProblem(next);
  if (problem) throw AppError.invalid(problem.path, problem.message);
  checkHarvestSeason(ctx, next, await harvestField(ctx, orgId, next.fieldId));
  const { harvestedTPerHa, ...rest } = input;
  const row = await updateOwned(ctx.database.db, 'harvests', orgId, id, definedOnly({ ...rest, harvestedTonnesPerHa: harvestedTPerHa }), {
    ...condition,
    now: ctx.now(),
  });
  if (!row) throw AppError.notFound('Harvest');
  return present(ctx.database.db, row);
}

export async function deleteHarvest(ctx: AppContext, orgId: string, id: string): Promise<void> {
  if (!(await deleteOwned(ctx.database.db, 'harvests', orgId, id))) throw AppError.notFound('Harvest');
}

/**
 * The harvest recorded for a field's season (planted on `plantingDate`, of `cropType`), newest first: the one the
 * yield estimate of that season is shown beside. A harvest without a planting date counts when it was harvested
 * inside that season (`seasonEndDay`).
 */
export async function findSeasonHarvest(
  db: Kysely<DB>,
  orgId: string,
  fieldId: string,
  season: { plantingDate: string; cropType: string | null },
): Promise<RecordedHarvest | null> {
  const { plantingDate } = season;
  const row = await db
    .selectFrom('harvests')
    .selectAll()
    .where('orgId', '=', orgId)
    .where('fieldId', '=', fieldId)
    .where((eb) =>
      eb.or([
        eb('plantingDate', '=', plantingDate),
        eb.and([
          eb('plantingDate', 'is', null),
          eb('harvestDate', '>=', plantingDate),
          eb('harvestDate', '<=', seasonEndDay(plantingDate, season.cropType)),
        ]),
      ]),
    )
    .orderBy('harvestDate', 'desc')
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? recordedHarvest(row) : null;
}
