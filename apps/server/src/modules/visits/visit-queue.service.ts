import { isoDay, visitPriority, type VisitQueue, type VisitQueueItem, type WaterStressSeen } from '@murimi/core';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../errors.ts';
import { withinReach, type Actor } from '../../policy/policy.ts';

/**
 * The fields ranked at most, per request: an agronomist's groups hold hundreds of fields; an organisation of 15,000
 * is ranked in pages of its groups. The ranking reads a few numbers per field (no boundaries, no whole results), so
 * this many is a few tens of milliseconds of database and JavaScript.
 */
export const MAX_FIELDS_RANKED = 10_000;

const DAY_MS = 86_400_000;

interface IrrigationAdviceFacts {
  kind: string | null;
  status: string | null;
  irrigationDate: string | null;
  cropGrowing: boolean | null;
  stressedToday: boolean | null;
  daysUntilStress: number | null;
}

/**
 * Water stress as the latest irrigation advice tells it (an irrigated field due water today or before; a rain-fed
 * field stressed today or within days), else as the latest image's canopy water (NDWI below the stress line).
 */
function waterStressOf(advice: IrrigationAdviceFacts | null, canopyDry: boolean | null, today: string): WaterStressSeen {
  if (advice?.kind === 'irrigation-schedule') {
    if (advice.status !== 'irrigate' || advice.irrigationDate === null) return { kind: 'none' };
    const days = Math.round((Date.parse(advice.irrigationDate) - Date.parse(today)) / DAY_MS);
    return days <= 0 ? { kind: 'now' } : { kind: 'soon', days };
  }
  if (advice?.kind === 'water-stress-report' && advice.cropGrowing) {
    if (advice.stressedToday) return { kind: 'now' };
    if (advice.daysUntilStress !== null) return { kind: 'soon', days: advice.daysUntilStress };
    return { kind: 'none' };
  }
  if (canopyDry === true) return { kind: 'canopy-dry' };
  return canopyDry === false ? { kind: 'none' } : { kind: 'unknown' };
}

/**
 * The fields the actor reaches (of one group when given), most in need of a visit first, each with its score's parts
 * and the facts behind them. One query per kind of fact, each bounded by the fields ranked.
 */
export async function visitQueue(
  ctx: AppContext,
  actor: Actor,
  query: { groupId?: string | undefined; limit: number },
): Promise<VisitQueue> {
  const db = ctx.database.db;
  const today = isoDay(ctx.now());
  if (query.groupId) {
    const group = await db
      .selectFrom('farmGroups')
      .select('id')
      .where('orgId', '=', actor.orgId)
      .where('id', '=', query.groupId)
      .executeTakeFirst();
    if (!group) throw AppError.notFound('Group');
  }
  let fieldsQuery = db
    .selectFrom('fields')
    .innerJoin('farms', 'farms.id', 'fields.farmId')
    .leftJoin('farmGroups as groups', 'groups.id', 'farms.groupId')
    .select([
      'fields.id',
      'fields.name',
      'fields.cropType',
      'fields.sizeHectares',
      'fields.centroidLat',
      'fields.centroidLng',
      'farms.id as farmId',
      'farms.name as farmName',
      'groups.id as groupId',
      'groups.name as groupName',
    ])
    .where('fields.orgId', '=', actor.orgId)
    .where(withinReach(db, actor, 'fields.read', { fieldIdColumn: 'fields.id' }));
  if (query.groupId) fieldsQuery = fieldsQuery.where('farms.groupId', '=', query.groupId);
  const fields = await fieldsQuery.orderBy('fields.id').limit(MAX_FIELDS_RANKED).execute();
  if (fields.length === 0) return { data: [], today, fieldsRanked: 0 };
  const ids = fields.map((field) => field.id);

  const latest = await db
    .selectFrom('analyses')
    .distinctOn(['fieldId', 'type'])
    .select([
      'fieldId',
      'type',
      'simulated',
      sql<number | null>`(result->'trend'->>'ndviChangePerWeek')::double precision`.as('ndviChangePerWeek'),
      sql<string | null>`result->'latest'->>'date'`.as('imageDate'),
      sql<boolean | null>`(result->>'waterStress')::boolean`.as('canopyDry'),
      sql<string | null>`result->'advice'->>'kind'`.as('adviceKind'),
      sql<string | null>`result->'advice'->>'status'`.as('adviceStatus'),
      sql<string | null>`result->'advice'->>'irrigationDate'`.as('irrigationDate'),
      sql<boolean | null>`(result->'advice'->>'cropGrowing')::boolean`.as('cropGrowing'),
      sql<boolean | null>`(result->'advice'->>'stressedToday')::boolean`.as('stressedToday'),
      sql<number | null>`(result->'advice'->>'daysUntilStress')::double precision`.as('daysUntilStress'),
    ])
    .where('orgId', '=', actor.orgId)
    .where('fieldId', 'in', ids)
    .where('type', 'in', ['health', 'irrigation'])
    .where('status', '=', 'completed')
    .orderBy('fieldId')
    .orderBy('type')
    .orderBy('finishedAt', 'desc')
    .execute();
  const alerts = await db
    .selectFrom('alerts')
    .select([
      'fieldId',
      sql<number>`count(*)::int`.as('open'),
      sql<number>`(count(*) filter (where category = 'pest' and severity = 'critical'))::int`.as('pestCritical'),
      sql<number>`(count(*) filter (where category = 'pest' and severity = 'warning'))::int`.as('pestWarning'),
      sql<number>`(count(*) filter (where category = 'pest' and severity = 'info'))::int`.as('pestInfo'),
      sql<boolean>`bool_or(simulated)`.as('simulated'),
    ])
    .where('orgId', '=', actor.orgId)
    .where('fieldId', 'in', ids)
    .where('resolvedAt', 'is', null)
    .where('endedAt', 'is', null)
    .groupBy('fieldId')
    .execute();
  const visits = await db
    .selectFrom('visits')
    .select(['fieldId', sql<string>`max(visit_date)::text`.as('lastVisitDate')])
    .where('orgId', '=', actor.orgId)
    .where('fieldId', 'in', ids)
    .groupBy('fieldId')
    .execute();

  const analysesOf = new Map<string, typeof latest>();
  for (const row of latest) analysesOf.set(row.fieldId, [...(analysesOf.get(row.fieldId) ?? []), row]);
  const alertsOf = new Map(alerts.map((row) => [row.fieldId, row]));
  const lastVisitOf = new Map(visits.map((row) => [row.fieldId, row.lastVisitDate]));

  const ranked: VisitQueueItem[] = fields.map((field) => {
    const health = analysesOf.get(field.id)?.find((row) => row.type === 'health');
    const irrigation = analysesOf.get(field.id)?.find((row) => row.type === 'irrigation');
    const open = alertsOf.get(field.id);
    const lastVisitDate = lastVisitOf.get(field.id) ?? null;
    const advice = irrigation?.adviceKind
      ? {
          kind: irrigation.adviceKind,
          status: irrigation.adviceStatus,
          irrigationDate: irrigation.irrigationDate,
          cropGrowing: irrigation.cropGrowing,
          stressedToday: irrigation.stressedToday,
          daysUntilStress: irrigation.daysUntilStress,
        }
      : null;
    const facts = {
      ndviChangePerWeek: health?.ndviChangePerWeek ?? null,
      imageDate: health?.imageDate ?? null,
      water: waterStressOf(advice, health?.canopyDry ?? null, today),
      pestAlerts: { critical: open?.pestCritical ?? 0, warning: open?.pestWarning ?? 0, info: open?.pestInfo ?? 0 },
      unresolvedAlerts: open?.open ?? 0,
      daysSinceVisit: lastVisitDate === null ? null : Math.max(0, Math.round((Date.parse(today) - Date.parse(lastVisitDate)) / DAY_MS)),
      lastVisitDate,
    };
    const priority = visitPriority(facts);
    return {
      fieldId: field.id,
      fieldName: field.name,
      farmId: field.farmId,
      farmName: field.farmName,
      groupId: field.groupId,
      groupName: field.groupName,
      cropType: field.cropType,
      areaHa: field.sizeHectares,
      point: { latitude: field.centroidLat, longitude: field.centroidLng },
      score: priority.score,
      parts: priority.parts,
      facts,
      simulated: Boolean(health?.simulated || irrigation?.simulated || open?.simulated),
    };
  });
  ranked.sort((a, b) => b.score - a.score || a.fieldName.localeCompare(b.fieldName) || (a.fieldId < b.fieldId ? -1 : 1));
  return { data: ranked.slice(0, query.limit), today, fieldsRanked: ranked.length };
}
