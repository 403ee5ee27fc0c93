import { analysisDetailSchema, analysisTypes, analysisViewSchema, FERTILIZER_PRODUCTS } from '@murimi/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../errors.ts';
import { authOf } from '../../plugins/authenticate.ts';
import { guarded } from '../../policy/guard.ts';
import { analysisOverview } from './analysis-overview.ts';
import { analysisTypeOf, type AnalysisType } from './analysis-types.ts';
import * as analyses from './analysis.service.ts';

const uuid = (what: string) => z.uuid({ message: `The ${what} in the path must be a UUID.` });
const fieldParams = z.strictObject({ fieldId: uuid('field id') });
const typeParams = fieldParams.extend({ type: z.string() });
const analysisParams = typeParams.extend({ id: uuid('analysis id') });
const productIds = Object.values(FERTILIZER_PRODUCTS).map((product) => product.id) as [string, ...string[]];
const percent = (what: string) => z.number().min(0, `${what} is a % from 0 to 100.`).max(100, `${what} is a % from 0 to 100.`);
/** A product of the farmer's own grade (N-P₂O₅-K₂O, % by mass), e.g. a local blend. */
const customProduct = z
  .strictObject({
    name: z.string().trim().min(1, 'Name the product.').max(80),
    nitrogenPct: percent('nitrogenPct'),
    phosphatePct: percent('phosphatePct'),
    potashPct: percent('potashPct'),
  })
  .refine((grade) => grade.nitrogenPct + grade.phosphatePct + grade.potashPct > 0, 'A fertilizer supplies at least one of N, P₂O₅ or K₂O.')
  .refine((grade) => grade.nitrogenPct + grade.phosphatePct + grade.potashPct <= 100, 'A grade adds up to at most 100 %.');
/** Spec §7's payload is `field_id`; a fertilizer run may also name the products the farmer uses, ours or their own grade. */
const runBody = z.strictObject({
  field_id: z.string().optional(),
  products: z
    .array(z.union([z.enum(productIds, { message: `A product is one of: ${productIds.join(', ')}, or a grade.` }), customProduct]))
    .min(1, 'Name at least one product, or leave products out for the usual ones.')
    .max(8)
    .optional(),
});

const overviewResponse = z.object({
  data: z.array(
    z.object({
      field_id: z.string(),
      size_hectares: z.number(),
      health: z
        .object({
          analysis_id: z.string(),
          status: z.string(),
          ndvi: z.number().nullable(),
          date: z.string().nullable(),
          simulated: z.boolean(),
        })
        .nullable(),
    }),
  ),
});

/** Each type's newest completed analysis, or null (spec §7's latest summaries). */
const latestSummariesResponse = z.object({
  status: z.literal('success'),
  data: z.object(
    Object.fromEntries(analysisTypes.map((type) => [type, analysisViewSchema.nullable()])) as Record<
      (typeof analysisTypes)[number],
      z.ZodNullable<typeof analysisViewSchema>
    >,
  ),
  /** With `?results=`: the named types' newest analyses whole, results included (null where there is none). */
  results: z.partialRecord(z.enum(analysisTypes), analysisDetailSchema.nullable()).optional(),
});

/**
 * `?results=health,irrigation`: the types whose newest result the screen shows straight away, sent in the same
 * answer, so a screen's first view costs one round trip instead of two (562 ms each on a slow mobile network).
 */
const latestSummariesQuerystring = z.strictObject({
  results: z
    .string()
    .optional()
    .transform((text, context) => {
      const names = text === undefined || text === '' ? [] : text.split(',');
      const types = names.map((name) => analysisTypeOf(name.trim()));
      const unknown = names.find((_name, index) => types[index] === null);
      if (unknown === undefined) return [...new Set(types as AnalysisType[])];
      context.addIssue({
        code: 'custom',
        message: `results names analysis types, comma-separated: ${analysisTypes.join(', ')} (not "${unknown}").`,
      });
      return z.NEVER;
    }),
});

/** The type named in a path: a run slug (`health-analysis`) or a short name (`health`); spec §7's message otherwise. */
function typeFrom(text: string): AnalysisType {
  const type = analysisTypeOf(text);
  if (!type) throw new AppError('VALIDATION_FAILED', `Invalid analysis type: ${text}`);
  return type;
}

/**
 * Spec §7's analysis API: start a run (202 with the job; 409 while one of the type is queued or running), the
 * latest completed summary of each type (what the web app polls), one analysis in full, a field's history, and
 * cancelling a queued or running analysis. Every route is scoped to the caller's organisation.
 */
export function analysisRoutes(ctx: AppContext) {
  return async (parent: FastifyInstance) => {
    const app = parent.withTypeProvider<ZodTypeProvider>();
    const reading = guarded(ctx, { action: 'fields.read', record: 'analyses' });
    const running = guarded(ctx, { action: 'records.write', record: 'analyses' });
    const cancelling = guarded(ctx, { action: 'records.write', record: 'analyses', notFound: analyses.CANCEL_NOT_FOUND });
    const base = { tags: ['analysis'], security: [{ bearerAuth: [] }] };

    app.post(
      '/analysis/:fieldId/:type/run',
      { ...running, schema: { ...base, params: typeParams, body: runBody.optional() } },
      async (request, reply) => {
        const { fieldId } = request.params;
        const type = typeFrom(request.params.type);
        if (request.body?.field_id !== undefined && request.body.field_id !== fieldId) {
          throw AppError.invalid('field_id', 'field_id must be the field named in the path.');
        }
        const products = request.body?.products;
        if (products && type !== 'fertilizer') throw AppError.invalid('products', 'products apply to the fertilizer recommendation only.');
        const { userId, orgId } = authOf(request);
        const started = await analyses.requestAnalysis(ctx, orgId, userId, fieldId, type, products ? { products } : {});
        return reply.status(202).send({ status: 'accepted', data: { id: started.id, job_id: started.jobId, type, field_id: fieldId } });
      },
    );

    // One request for the dashboard's farm totals, however many fields: each field's newest health headline.
    app.get('/analysis/overview', { ...reading, schema: { ...base, response: { 200: overviewResponse } } }, async (request) => ({
      data: await analysisOverview(ctx, authOf(request)),
    }));

    app.get(
      '/analysis/:fieldId/latest-summaries',
      {
        ...reading,
        schema: { ...base, params: fieldParams, querystring: latestSummariesQuerystring, response: { 200: latestSummariesResponse } },
      },
      async (request) => {
        const { orgId } = authOf(request);
        const { fieldId } = request.params;
        const latest = await analyses.latestSummaries(ctx, orgId, fieldId);
        const wanted = request.query.results;
        if (wanted.length === 0) return { status: 'success' as const, data: latest };
        // Details of types known only at run time; the response schema checks each.
        const results = (await analyses.latestResults(ctx, orgId, fieldId, latest, wanted)) as Record<
          AnalysisType,
          z.input<typeof analysisDetailSchema> | null
        >;
        return { status: 'success' as const, data: latest, results };
      },
    );

    app.get(
      '/analysis/:fieldId/history',
      {
        ...reading,
        schema: {
          ...base,
          params: fieldParams,
          querystring: z.strictObject({
            type: z.string().optional(),
            limit: z.coerce.number().int().min(1).max(200).default(50),
          }),
          response: { 200: z.object({ data: z.array(analysisViewSchema) }) },
        },
      },
      async (request) => {
        const type = request.query.type === undefined ? null : typeFrom(request.query.type);
        return { data: await analyses.listAnalyses(ctx, authOf(request).orgId, request.params.fieldId, type, request.query.limit) };
      },
    );

    // The result is checked against its type's schema as it is read: one stored before a schema changed, or altered
    // since, fails here with a logged error instead of reaching the app in a shape it cannot read.
    app.get(
      '/analysis/:fieldId/:type/:id',
      { ...reading, schema: { ...base, params: analysisParams, response: { 200: z.object({ data: analysisDetailSchema }) } } },
      async (request) => {
        const { fieldId, id } = request.params;
        const detail = await analyses.getAnalysis(ctx, authOf(request).orgId, fieldId, typeFrom(request.params.type), id);
        // One detail of a type known only at run time; the response schema checks which.
        return { data: detail as z.input<typeof analysisDetailSchema> };
      },
    );

    app.delete('/analysis/:fieldId/:type/:id', { ...cancelling, schema: { ...base, params: analysisParams } }, async (request) => {
      const { fieldId, id } = request.params;
      await analyses.cancelAnalysis(ctx, authOf(request).orgId, fieldId, typeFrom(request.params.type), id);
      return { message: 'Analysis cancelled successfully' };
    });
  };
}
