import { REPORT_KINDS, reportRequestSchema, reportSchema } from '@murimi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../plugins/authenticate.ts';
import { guarded } from '../../policy/guard.ts';
import { cancelReport, getReport, listReports, reportDownload, requestReport } from './reports.service.ts';

const idParams = z.strictObject({ id: z.uuid({ message: 'The id in the path must be a UUID.' }) });
const listQuery = z.strictObject({ fieldId: z.uuid().optional(), farmId: z.uuid().optional(), kind: z.enum(REPORT_KINDS).optional() });

/** Field and farm reports and programme packs (spec §7): ask for one, follow it as it is written, download it. */
export function reportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = { tags: ['reports'], security: [{ bearerAuth: [] }] };
    const reading = guarded(ctx, { action: 'reports.read' });

    app.post(
      '/reports/generate',
      {
        ...guarded(ctx, { action: 'reports.write' }),
        schema: { ...schema, body: reportRequestSchema, response: { 202: z.object({ data: reportSchema }) } },
      },
      async (request, reply) => reply.status(202).send({ data: await requestReport(ctx, authOf(request), request.body) }),
    );
    app.get(
      '/reports',
      { ...reading, schema: { ...schema, querystring: listQuery, response: { 200: z.object({ data: z.array(reportSchema) }) } } },
      async (request) => ({ data: await listReports(ctx, authOf(request), request.query) }),
    );
    app.get(
      '/reports/:id',
      { ...reading, schema: { ...schema, params: idParams, response: { 200: z.object({ data: reportSchema }) } } },
      async (request) => ({ data: await getReport(ctx, authOf(request), request.params.id) }),
    );
    app.post(
      '/reports/:id/cancel',
      {
        ...guarded(ctx, { action: 'reports.programme' }),
        schema: { ...schema, params: idParams, response: { 200: z.object({ data: reportSchema }) } },
      },
      async (request) => ({ data: await cancelReport(ctx, authOf(request), request.params.id) }),
    );
    app.get('/reports/:id/download', { ...reading, schema: { ...schema, params: idParams } }, async (request, reply) => {
      const file = await reportDownload(ctx, authOf(request), request.params.id);
      return reply
        .type(file.contentType)
        .header('content-length', file.bytes)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.stream);
    });
  };
}
