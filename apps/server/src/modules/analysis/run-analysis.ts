import type { AnalysisResult, AnalysisType } from '@murimi/core';
import type { z } from 'zod';
import type { JobContext } from '../../jobs/job-queue.ts';
import { analysisDefinitions, type AnalysisDefinition } from './analysis-definitions.ts';
import type { AnalysisRequest } from './analysis-inputs.ts';
import type { AnalysisProgress } from './analysis-progress.ts';
import type { AnalysisOutcome } from './analysis-types.ts';

export type { AnalysisOptions } from './analysis-inputs.ts';

/**
 * A result that does not match its type's schema: a bug in the analysis (or the schema), never the user's doing.
 * The handler logs the issues and fails the analysis with the spec's text; trying again would give the same result.
 */
export class InvalidAnalysisResult extends Error {
  constructor(
    readonly type: AnalysisType,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`The ${type} analysis produced a result that does not match its schema.`);
    this.name = 'InvalidAnalysisResult';
  }
}

/** Runs one analysis of a stored request with the definition of its type. */
export function runAnalysis(
  type: AnalysisType,
  request: AnalysisRequest,
  context: JobContext,
  progress?: AnalysisProgress,
): Promise<AnalysisOutcome<AnalysisResult>> {
  return runDefinition(analysisDefinitions[type], request, context, progress);
}

/**
 * Loads what the definition needs, runs it, and checks its result against the type's schema. The result is checked
 * as it will be stored (JSON), and the checked value is what the caller stores, so what passes is what the API
 * returns. `progress` hears each stage, and stops the
 * work when the analysis is cancelled.
 */
export async function runDefinition<Type extends AnalysisType>(
  definition: AnalysisDefinition<Type>,
  request: AnalysisRequest,
  context: JobContext,
  progress?: AnalysisProgress,
): Promise<AnalysisOutcome<AnalysisResult<Type>>> {
  await progress?.report('loading-field');
  const loaded = await definition.load(request, context, progress);
  const outcome = loaded.answer ?? (await definition.run(loaded.inputs, progress));
  const checked = definition.result.safeParse(JSON.parse(JSON.stringify(outcome.result)));
  if (!checked.success) throw new InvalidAnalysisResult(definition.type, checked.error.issues);
  // What is stored is what passed: the schema's own reading of the result, not the object the analysis built.
  return { ...outcome, result: checked.data };
}
