import {
  MAX_VISIT_PHOTOS,
  MAX_VISIT_PHOTO_BYTES,
  visitCreateSchema,
  visitListQuerySchema,
  visitQueueQuerySchema,
  visitQueueSchema,
  visitSchema,
  visitUpdateSchema,
} from '@murimi/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../plugins/authenticate.ts';
import { registerOwnedRecordRoutes } from '../../plugins/crud-routes.ts';
import { guarded } from '../../policy/guard.ts';
import { visitQueue } from './visit-queue.service.ts';
import * as visits from './visits.service.ts';

/** A visit with its photos as base64 (4 characters per 3 bytes) and room for its observations. */
const VISIT_BODY_LIMIT_BYTES = Math.ceil((MAX_VISIT_PHOTOS * MAX_VISIT_PHOTO_BYTES * 4) / 3) + 64 * 1024;

const photoParams = z.strictObject({
  id: z.uuid({ message: 'The id in the path must be a UUID.' }),
  photoId: z.uuid({ message: 'The photo id in the path must be a UUID.' }),
});

/**
 * Visits as field records (list, read, log, correct, delete), a visit's photos, and the visit queue: the fields the
 * caller reaches ranked by how much they need a visit.
 */
export function visitRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerOwnedRecordRoutes(app, ctx, {
      paths: ['/visits'],
      tag: 'visits',
      access: { record: 'visits', read: 'fields.read', create: 'records.write', edit: 'records.write', delete: 'records.write' },
      schemas: { item: visitSchema, create: visitCreateSchema, update: visitUpdateSchema, query: visitListQuerySchema },
      createBodyLimitBytes: VISIT_BODY_LIMIT_BYTES,
      service: {
        list: visits.listVisits,
        get: visits.getVisit,
        create: visits.createVisit,
        update: visits.updateVisit,
        remove: visits.deleteVisit,
      },
    });

    app.get(
      '/visits/:id/photos/:photoId',
      {
        ...guarded(ctx, { action: 'fields.read', record: 'visits' }),
        schema: {
          tags: ['visits'],
          security: [{ bearerAuth: [] }],
          description: 'One photo of a visit, as the JPEG the phone sent.',
          params: photoParams,
        },
      },
      async (request, reply) => {
        const jpeg = await visits.readVisitPhoto(ctx, authOf(request).orgId, request.params.id, request.params.photoId);
        // A photo never changes under its id: the phone keeps it as long as it likes.
        return reply.header('content-type', 'image/jpeg').header('cache-control', 'private, max-age=31536000, immutable').send(jpeg);
      },
    );

    app.get(
      '/visit-queue',
      {
        ...guarded(ctx, { action: 'fields.read' }),
        schema: {
          tags: ['visits'],
          security: [{ bearerAuth: [] }],
          description:
            'The fields the caller reaches (of one group with groupId), most in need of a visit first: a score out of 100 ' +
            'with its parts (NDVI decline, water stress, pests and diseases, unresolved alerts, days since a visit).',
          querystring: visitQueueQuerySchema,
          response: { 200: visitQueueSchema },
        },
      },
      async (request) => visitQueue(ctx, authOf(request), request.query),
    );
  };
}
