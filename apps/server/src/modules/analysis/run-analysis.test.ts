import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import type { JobContext } from '../../jobs/job-queue.ts';
import type { AnalysisDefinition } from './analysis-definitions.ts';
import { InvalidAnalysisResult, runDefinition } from './run-analysis.ts';

// An analysis type's result is checked against its schema before it is stored; what is stored is what passed.
const readingSchema = z.object({ status: z.literal('healthy'), ndvi: z.number() });

function definitionReturning(result: unknown) {
  return {
    type: 'health',
    load: async () => ({ inputs: null }),
    run: async () => ({ analysisDate: '2026-11-20', result, summary: 'NDVI 0.71', inputs: {}, simulated: false }),
    result: readingSchema,
  } as unknown as AnalysisDefinition<'health'>;
}

const request = { id: 'a', orgId: 'o', fieldId: 'f', inputs: null };
const context = {} as JobContext;

describe('running an analysis definition', () => {
  it('gives back the result as its schema read it, so what is stored is what was checked', async () => {
    const outcome = await runDefinition(
      definitionReturning({ status: 'healthy', ndvi: 0.71, scratchPixels: Array.from({ length: 1_000 }, (_, i) => i) }),
      request as never,
      context,
    );
    expect(outcome.result).toEqual({ status: 'healthy', ndvi: 0.71 });
  });

  it('refuses a result that does not match its schema, naming the issues', async () => {
    const failure = runDefinition(definitionReturning({ status: 'healthy', ndvi: 'high' }), request as never, context);
    await expect(failure).rejects.toBeInstanceOf(InvalidAnalysisResult);
    await expect(failure).rejects.toMatchObject({ issues: [expect.objectContaining({ path: ['ndvi'] })] });
  });
});
