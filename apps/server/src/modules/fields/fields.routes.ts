import { fieldCreateSchema, fieldListQuerySchema, fieldSchema, fieldUpdateSchema } from '@murimi/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, authenticate } from '../../plugins/authenticate.ts';
import type { AppContext } from '../../app-context.ts';
import { registerOwnedRecordRoutes } from '../../plugins/crud-routes.ts';
import * as fields from './fields.service.ts';

/** One import of a co-op's or programme's boundaries: up to 2,000 fields (about 20 MB of detailed polygons). */
const MAX_BULK_FIELDS = 2_000;
const BULK_BODY_LIMIT_BYTES = 25 * 1024 * 1024;

const bulkBodySchema = z.strictObject({
  fields: z.array(z.unknown()).min(1, 'Send at least one field.').max(MAX_BULK_FIELDS, `Send at most ${MAX_BULK_FIELDS} fields at once.`),
});
const exportQuerySchema = z.strictObject({
  format: z.enum(['geojson', 'kml'], { message: 'The format is geojson or kml.' }).default('geojson'),
  farmId: z.uuid({ message: 'farmId must be a UUID.' }).optional(),
});
const idParams = z.strictObject({ id: z.uuid({ message: 'The id in the path must be a UUID.' }) });
const boundaryVersionSchema = z.object({ id: z.string(), boundary: z.unknown(), size_hectares: z.number(), replacedAt: z.string() });

export function fieldRoutes(ctx: AppContext) {
  return async (parent: FastifyInstance) => {
    const app = parent.withTypeProvider<ZodTypeProvider>();
    const schema = { tags: ['fields'], security: [{ bearerAuth: [] }] };
    const onRequest = authenticate(ctx);

    // Registered before the generic routes so that "bulk" is not read as a field id.
    app.post(
      '/fields/bulk',
      {
        onRequest,
        bodyLimit: BULK_BODY_LIMIT_BYTES,
        schema: { ...schema, body: bulkBodySchema, response: { 201: z.object({ data: z.array(fieldSchema) }) } },
      },
      async (request, reply) => {
        const saved = await fields.createFields(ctx, authOf(request).orgId, request.body.fields);
        return reply.status(201).send({ data: saved.map((s) => s.item) });
      },
    );

    app.get('/fields/export', { onRequest, schema: { ...schema, querystring: exportQuerySchema } }, async (request, reply) => {
      const file = await fields.exportFieldBoundaries(ctx, authOf(request).orgId, request.query);
      return reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.body);
    });

    app.get(
      '/fields/:id/boundary-versions',
      { onRequest, schema: { ...schema, params: idParams, response: { 200: z.object({ data: z.array(boundaryVersionSchema) }) } } },
      async (request) => ({ data: await fields.listBoundaryVersions(ctx, authOf(request).orgId, request.params.id) }),
    );

    registerOwnedRecordRoutes(parent, ctx, {
      paths: ['/fields'],
      tag: 'fields',
      schemas: { item: fieldSchema, create: fieldCreateSchema, update: fieldUpdateSchema, query: fieldListQuerySchema },
      service: {
        list: fields.listFields,
        get: fields.getField,
        create: fields.createField,
        update: fields.updateField,
        remove: fields.deleteField,
        listVersion: fields.fieldListVersion,
      },
    });
  };
}
