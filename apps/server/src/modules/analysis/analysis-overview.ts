import type { FieldHealthOverview } from '@murimi/core';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { withinReach, type Actor } from '../../policy/policy.ts';

/**
 * Every field of the organisation with the headline of its newest completed health analysis, for the dashboard's
 * farm totals in one request. Each field is one probe of `analyses_completed_idx`; only the status, the mean NDVI and
 * the image date are read out of the result, so the answer stays a few hundred bytes a field. An organisation
 * without fields gets an empty list.
 */
export async function analysisOverview(ctx: Pick<AppContext, 'database'>, actor: Actor): Promise<FieldHealthOverview[]> {
  const { orgId } = actor;
  const rows = await ctx.database.db
    .selectFrom('fields')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('analyses')
          .select([
            'analyses.id',
            'analyses.analysisDate',
            'analyses.simulated',
            sql<string | null>`analyses.result->>'status'`.as('healthStatus'),
            sql<string | null>`analyses.result->'latest'->'ndvi'->>'mean'`.as('ndviMean'),
            sql<string | null>`analyses.result->'latest'->>'date'`.as('imageDate'),
          ])
          .where('analyses.orgId', '=', orgId)
          .whereRef('analyses.fieldId', '=', 'fields.id')
          .where('analyses.type', '=', 'health')
          // Written out, not bound, so PostgreSQL matches the partial index whatever plan it keeps.
          .where(sql<boolean>`analyses.status = 'completed'`)
          .orderBy('analyses.finishedAt', (order) => order.desc().nullsLast())
          .orderBy('analyses.id', 'desc')
          .limit(1)
          .as('latest'),
      (join) => join.onTrue(),
    )
    .select([
      'fields.id as fieldId',
      'fields.sizeHectares',
      'latest.id as analysisId',
      'latest.analysisDate',
      'latest.simulated',
      'latest.healthStatus',
      'latest.ndviMean',
      'latest.imageDate',
    ])
    .where('fields.orgId', '=', orgId)
    .where(withinReach(ctx.database.db, actor, 'fields.read', { farmIdColumn: 'fields.farmId' }))
    .orderBy('fields.name')
    .orderBy('fields.id')
    .execute();
  return rows.map((row) => ({
    field_id: row.fieldId,
    size_hectares: row.sizeHectares,
    health:
      row.analysisId === null
        ? null
        : {
            analysis_id: row.analysisId,
            status: row.healthStatus ?? 'no-clear-image',
            ndvi: row.ndviMean === null ? null : Number(row.ndviMean),
            date: row.imageDate ?? row.analysisDate,
            simulated: row.simulated ?? false,
          },
  }));
}
