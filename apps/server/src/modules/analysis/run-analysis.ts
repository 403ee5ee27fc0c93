import type { FieldBoundary } from '@murimi/core';
import type { Selectable } from 'kysely';
import type { AnalysisTable } from '../../db/schema.ts';
import type { JobContext } from '../../jobs/job-queue.ts';
import type { AnalysisOutcome, AnalysisType } from './analysis-types.ts';
import { runHealthAnalysis } from './health-analysis.ts';
import { imageryAccess } from './imagery.ts';

/** Runs one analysis of a stored request: reads its field and hands it to the analysis of its type. */
export async function runAnalysis(type: AnalysisType, request: Selectable<AnalysisTable>, context: JobContext): Promise<AnalysisOutcome> {
  const field = await context.database.db
    .selectFrom('fields')
    .selectAll()
    .where('id', '=', request.fieldId)
    .where('orgId', '=', request.orgId)
    .executeTakeFirst();
  if (!field) throw new Error('The field was deleted before its analysis ran.');
  const today = new Date();
  switch (type) {
    case 'health':
      return runHealthAnalysis(
        { boundary: field.boundary as FieldBoundary, plantingDate: field.plantingDate },
        await imageryAccess(context.config, context.log),
        today,
      );
    default:
      throw new Error(`The ${type} analysis is not available yet.`);
  }
}
