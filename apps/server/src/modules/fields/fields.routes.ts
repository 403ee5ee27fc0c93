import {
  fieldCreateSchema,
  fieldListQuerySchema,
  fieldOnMapSchema,
  fieldMapSummarySchema,
  fieldSchema,
  fieldSummarySchema,
  fieldUpdateSchema,
  pageQuery,
  pageSchema,
} from '@murimi/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/authenticate.ts';
import { reachKey } from '../../policy/policy.ts';
import { guarded } from '../../policy/guard.ts';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../errors.ts';
import { registerOwnedRecordRoutes } from '../../plugins/crud-routes.ts';
import { answeredNotModified } from '../../plugins/versioned-cache.ts';
import { bulkBodySchema } from './fields.batch.ts';
import { takeImportAllowance } from './fields.quotas.ts';
import * as fields from './fields.service.ts';
import { fieldMap, fieldMapSummary } from './field-map.ts';
import { fieldTile, fieldTileParamsSchema } from './field-tiles.ts';

/** A boundary file or a bulk create: 2,000 fields or 500,000 corners (about 20 MB of detailed polygons). */
const BULK_BODY_LIMIT_BYTES = 25 * 1024 * 1024;
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
/** Why a draft cannot be saved: the English sentence, with its code and numbers when the problem is named. */
const importReasonSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
const importDraftSchema = z.object({
  index: z.number(),
  name: z.string(),
  boundary: z.unknown(),
  areaHectares: z.number().nullable(),
  status: z.enum(['ready', 'invalid']),
  reasons: z.array(importReasonSchema),
  overlaps: z.array(importOverlapSchema),
  overlapsChecked: z.boolean(),
});
const importPreviewSchema = z.object({
  fileName: z.string(),
  format: z.enum(['kml', 'kmz', 'geojson', 'shapefile', 'gpx']),
  sourceCrs: z.string().nullable(),
  convertedFrom: z.string().nullable(),
  notes: z.array(z.string()),
  drafts: z.array(importDraftSchema),
});
const idParams = z.strictObject({ id: z.uuid({ message: 'The id in the path must be a UUID.' }) });
const boundaryVersionSchema = z.object({ id: z.string(), boundary: z.unknown(), size_hectares: z.number(), replacedAt: z.string() });
/** Each earlier boundary is whole (up to 5,000 corners, about 200 KB): a page holds at most 20 of them. */
const boundaryVersionsQuery = z.strictObject(pageQuery(10, 20));

export function fieldRoutes(ctx: AppContext) {
  return async (parent: FastifyInstance) => {
    const app = parent.withTypeProvider<ZodTypeProvider>();
    const schema = { tags: ['fields'], security: [{ bearerAuth: [] }] };
    const reading = guarded(ctx, { action: 'fields.read', record: 'fields' });
    const writing = guarded(ctx, { action: 'fields.write', record: 'fields' });

    // Registered before the generic routes so that "bulk" is not read as a field id. The body is kept as bytes and
    // read on a worker thread with the checks (parsing 20 MB of JSON here would hold every other request for ~0.3 s),
    // so the schema below documents the body and the worker applies it.
    await parent.register(async (scope) => {
      scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BULK_BODY_LIMIT_BYTES }, (_request, body, done) =>
        done(null, body),
      );
      scope.withTypeProvider<ZodTypeProvider>().post(
        '/fields/bulk',
        {
          ...writing,
          bodyLimit: BULK_BODY_LIMIT_BYTES,
          schema: { ...schema, body: bulkBodySchema, response: { 201: z.object({ data: z.array(fieldSummarySchema) }) } },
          // The route has only a body, and the worker checks it: accepted here as the bytes it is.
          validatorCompiler: () => (value) => ({ value }),
        },
        async (request, reply) => {
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const saved = await fields.createFields(ctx, authOf(request), body);
          return reply.status(201).send({ data: saved.map((s) => s.item) });
        },
      );
    });

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
          ...writing,
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
        async (request, typedReply) => {
          // The answer is JSON text made on a worker thread, which the typed reply does not describe.
          const reply = typedReply as unknown as FastifyReply;
          const bytes = request.body ?? Buffer.alloc(0);
          if (!Buffer.isBuffer(bytes)) {
            throw new AppError(
              'UNSUPPORTED_MEDIA_TYPE',
              "Send the file's bytes as the request body (Content-Type: application/octet-stream).",
            );
          }
          const { orgId } = authOf(request);
          await takeImportAllowance(ctx, orgId);
          const body = await fields.previewFieldImport(ctx, orgId, { fileName: request.query.fileName, bytes });
          return reply.type('application/json; charset=utf-8').send(body);
        },
      );
    });

    app.get('/fields/export', { ...reading, schema: { ...schema, querystring: exportQuerySchema } }, async (request, reply) => {
      const file = await fields.exportFieldBoundaries(ctx, authOf(request), request.query);
      return reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.body);
    });

    app.get(
      '/fields/tiles/:z/:x/:y',
      {
        ...reading,
        schema: {
          ...schema,
          description:
            "Map View's fields for one tile (zoom 0–16), as a Mapbox Vector Tile: layer `field-points`, one point per field " +
            '(id, name, hectares, crop group) or, up to zoom 11, per group of nearby fields (`point_count`, ' +
            '`expansion_zoom`); from zoom 12 layer `fields`, each outline with its id and crop group. 204 when no field ' +
            'reaches the tile. Revalidate with If-None-Match: an edit changes the ETag.',
          params: fieldTileParamsSchema,
        },
      },
      async (request, typedReply) => {
        // Binary answers and 304s, which the typed reply does not describe.
        const reply = typedReply as unknown as FastifyReply;
        const actor = authOf(request);
        const { version, tile } = await fieldTile(ctx, actor, request.params);
        const key = `tiles|${reachKey(actor, 'fields.read')}`;
        if (answeredNotModified(request, reply, { orgId: actor.orgId, version, key })) return reply;
        if (tile.byteLength === 0) return reply.status(204).send();
        return reply.type('application/vnd.mapbox-vector-tile').send(Buffer.from(tile.buffer, tile.byteOffset, tile.byteLength));
      },
    );

    app.get(
      '/fields/map-summary',
      {
        ...reading,
        schema: {
          ...schema,
          description:
            "Map View's summary of every field the person reaches: count, hectares, bounds, crop groups, and the " +
            'field-list `version` to ask the tiles at. Revalidate with If-None-Match: an edit changes the ETag.',
          response: { 200: fieldMapSummarySchema },
        },
      },
      async (request, typedReply) => {
        // 304s, which the typed reply does not describe.
        const reply = typedReply as unknown as FastifyReply;
        const actor = authOf(request);
        // Asked again at the same version (a new visit, or after a restart) nothing is read but the version.
        const version = await ctx.fieldListVersions.get(actor.orgId);
        const key = `summary|${reachKey(actor, 'fields.read')}`;
        if (answeredNotModified(request, reply, { orgId: actor.orgId, version, key })) return reply;
        const summary = await fieldMapSummary(ctx, actor);
        // The map asks for its tiles next: their points are read and clustered meanwhile, while the browser starts it.
        fieldMap(ctx, actor, version).catch((error: unknown) =>
          request.log.warn({ err: error, orgId: actor.orgId, version }, 'the field map could not be made ahead of its tiles'),
        );
        return reply.send({ ...summary, version });
      },
    );

    app.get(
      '/fields/:id/boundary-versions',
      {
        ...reading,
        schema: {
          ...schema,
          params: idParams,
          querystring: boundaryVersionsQuery,
          response: { 200: z.object({ data: z.array(boundaryVersionSchema), page: pageSchema }) },
        },
      },
      async (request) => fields.listBoundaryVersions(ctx, authOf(request).orgId, request.params.id, request.query),
    );

    registerOwnedRecordRoutes(parent, ctx, {
      paths: ['/fields'],
      tag: 'fields',
      access: { record: 'fields', read: 'fields.read', create: 'fields.write', edit: 'fields.write', delete: 'fields.write' },
      schemas: {
        item: fieldSchema,
        // The map form first: a union takes the first that fits, and the summary would drop mapBoundary.
        listItem: z.union([fieldOnMapSchema, fieldSummarySchema]),
        create: fieldCreateSchema,
        update: fieldUpdateSchema,
        query: fieldListQuerySchema,
      },
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
