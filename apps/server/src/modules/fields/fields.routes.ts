import { fieldCreateSchema, fieldListQuerySchema, fieldSchema, fieldUpdateSchema } from '@murimi/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, authenticate } from '../../plugins/authenticate.ts';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../errors.ts';
import { registerOwnedRecordRoutes } from '../../plugins/crud-routes.ts';
import { MAX_FIELDS_PER_IMPORT } from './fields.import.ts';
import * as fields from './fields.service.ts';

/** One import of a co-op's or programme's boundaries: up to 2,000 fields (about 20 MB of detailed polygons). */
const MAX_BULK_FIELDS = MAX_FIELDS_PER_IMPORT;
const BULK_BODY_LIMIT_BYTES = 25 * 1024 * 1024;

const bulkBodySchema = z.strictObject({
  fields: z.array(z.unknown()).min(1, 'Send at least one field.').max(MAX_BULK_FIELDS, `Send at most ${MAX_BULK_FIELDS} fields at once.`),
});
const exportQuerySchema = z.strictObject({
  format: z.enum(['geojson', 'kml', 'shapefile'], { message: 'The format is geojson, kml or shapefile.' }).default('geojson'),
  farmId: z.uuid({ message: 'farmId must be a UUID.' }).optional(),
});
const importQuerySchema = z.strictObject({
  fileName: z.string().trim().min(1, 'Give the file name, e.g. ?fileName=farm.kml.').max(255, 'Use a file name of at most 255 characters.'),
});
const importOverlapSchema = z.object({
  fieldId: z.string().optional(),
  draftIndex: z.number().optional(),
  name: z.string(),
  overlapHectares: z.number(),
});
const importDraftSchema = z.object({
  index: z.number(),
  name: z.string(),
  boundary: z.unknown(),
  areaHectares: z.number().nullable(),
  status: z.enum(['ready', 'invalid']),
  reasons: z.array(z.string()),
  overlaps: z.array(importOverlapSchema),
});
const importPreviewSchema = z.object({
  fileName: z.string(),
  format: z.enum(['kml', 'kmz', 'geojson', 'shapefile', 'gpx']),
  sourceCrs: z.string().nullable(),
  notes: z.array(z.string()),
  drafts: z.array(importDraftSchema),
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

    // The file travels as the raw request body; only this route reads octet-stream bodies.
    await parent.register(async (scope) => {
      scope.addContentTypeParser(
        'application/octet-stream',
        { parseAs: 'buffer', bodyLimit: BULK_BODY_LIMIT_BYTES },
        (_request, body, done) => done(null, body),
      );
      scope.withTypeProvider<ZodTypeProvider>().post(
        '/fields/import/preview',
        {
          onRequest,
          bodyLimit: BULK_BODY_LIMIT_BYTES,
          schema: {
            ...schema,
            description:
              'Reads a KML, KMZ, GeoJSON, zipped Shapefile or GPX file (the raw bytes, Content-Type: application/octet-stream) ' +
              'into draft fields with their checks and overlaps. Saves nothing.',
            consumes: ['application/octet-stream'],
            querystring: importQuerySchema,
            response: { 200: z.object({ data: importPreviewSchema }) },
          },
        },
        async (request) => {
          const bytes = request.body ?? Buffer.alloc(0);
          if (!Buffer.isBuffer(bytes)) {
            throw new AppError(
              'UNSUPPORTED_MEDIA_TYPE',
              "Send the file's bytes as the request body (Content-Type: application/octet-stream).",
            );
          }
          const preview = await fields.previewFieldImport(ctx, authOf(request).orgId, { fileName: request.query.fileName, bytes });
          return { data: preview };
        },
      );
    });

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
