import { calendarDateSchema } from '@murimi/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../errors.ts';
import { authOf } from '../../plugins/authenticate.ts';
import { guarded } from '../../policy/guard.ts';
import { fieldForImage, fieldSceneImage, imageEtag, imageryIndices, imageVersion, listFieldImagery } from './imagery.service.ts';

const INDEX_MESSAGE = `The index is one of ${imageryIndices.join(', ')}.`;
const indexSchema = z.enum(imageryIndices, { message: INDEX_MESSAGE });
const fieldId = z.uuid({ message: 'The field id in the path must be a UUID.' });
const period = { from: calendarDateSchema.optional(), to: calendarDateSchema.optional() };

const listParams = z.strictObject({ fieldId });
const listQuery = z.strictObject({ index: indexSchema.default('ndvi'), ...period });
const imageParams = z.strictObject({
  fieldId,
  sceneId: z.string().min(1).max(200),
  file: z.string().regex(/^[a-z]+\.(png|tif)$/, { message: `The image is <index>.png or <index>.tif. ${INDEX_MESSAGE}` }),
});
const imageQuery = z.strictObject({
  ...period,
  v: z.string().max(64, { message: 'The image version is at most 64 characters.' }).optional(),
});

const sceneSchema = z.object({
  date: z.string(),
  datetime: z.string(),
  sceneId: z.string(),
  source: z.string(),
  sceneCloudCoverPct: z.number().nullable(),
  clearShare: z.number().nullable(),
  usable: z.boolean(),
  reason: z.string().nullable(),
  mean: z.number().nullable(),
  p10: z.number().nullable(),
  p90: z.number().nullable(),
  simulated: z.boolean(),
});
const listResponse = z.object({
  data: z.object({
    fieldId: z.string(),
    index: indexSchema,
    from: z.string(),
    to: z.string(),
    simulated: z.boolean(),
    imageVersion: z.string(),
    scenes: z.array(sceneSchema),
  }),
});

/**
 * Scene imagery kept by the browser a day: a scene never changes, and a new boundary or legend changes the tag (for good
 * when its URL carries the version it was drawn from).
 * Private: the image shows the caller's field. Varying by the token: the browser's cache keys by URL alone, so on a
 * phone two people share it would otherwise give one person's image to the other without asking the server.
 */
const IMAGE_CACHE_CONTROL = 'private, max-age=86400';
/** An image asked with the field's current `imageVersion` (`?v=`): its URL names its content, so it is kept for good. */
const VERSIONED_IMAGE_CACHE_CONTROL = 'private, max-age=31536000, immutable';
const IMAGE_VARY = 'authorization';

/**
 * A field's index imagery as the map needs it: the scenes of a period with their clear shares and statistics, and
 * one scene's index as a PNG placed by its `X-Image-Bounds` (or as a float32 GeoTIFF). Read while the request waits,
 * for fields up to 500 ha, and scoped to the caller's organisation: another organisation's field is not found.
 */
export function imageryRoutes(ctx: AppContext) {
  return async (parent: FastifyInstance) => {
    const app = parent.withTypeProvider<ZodTypeProvider>();
    // Weather, zones and pictures of a field are read as the field is.
    const reading = guarded(ctx, { action: 'fields.read' });
    const base = { tags: ['imagery'], security: [{ bearerAuth: [] }] };

    app.get(
      '/fields/:fieldId/imagery',
      { ...reading, schema: { ...base, params: listParams, querystring: listQuery, response: { 200: listResponse } } },
      async (request) => {
        const { index, from, to } = request.query;
        return { data: await listFieldImagery(ctx, request.log, authOf(request).orgId, request.params.fieldId, index, { from, to }) };
      },
    );

    app.get(
      '/fields/:fieldId/imagery/:sceneId/:file',
      { ...reading, schema: { ...base, params: imageParams, querystring: imageQuery } },
      async (request, reply) => {
        const [name, format] = request.params.file.split('.') as [string, 'png' | 'tif'];
        const index = indexSchema.safeParse(name);
        if (!index.success) {
          throw AppError.invalid('file', `Unknown index "${name}". ${INDEX_MESSAGE}`);
        }
        const { orgId } = authOf(request);
        const field = await fieldForImage(ctx, orgId, request.params.fieldId);
        const etag = imageEtag(field, request.params.sceneId, index.data, format);
        const named = request.query.v !== undefined && request.query.v === imageVersion(field);
        reply
          .header('etag', etag)
          .header('cache-control', named ? VERSIONED_IMAGE_CACHE_CONTROL : IMAGE_CACHE_CONTROL)
          .header('vary', IMAGE_VARY);
        if (request.headers['if-none-match'] === etag) return reply.status(304).send();
        const { from, to } = request.query;
        const image = await fieldSceneImage(ctx, request.log, orgId, field.id, request.params.sceneId, index.data, format, { from, to });
        const { west, south, east, north, corners } = image.placement;
        return reply
          .type(image.contentType)
          .header('x-image-bounds', [west, south, east, north].join(','))
          .header('x-image-corners', JSON.stringify(corners))
          .header('x-image-pixel-size-m', String(image.pixelSizeM))
          .header('x-imagery-simulated', String(image.simulated))
          .header('access-control-expose-headers', 'X-Image-Bounds, X-Image-Corners, X-Image-Pixel-Size-M, X-Imagery-Simulated, ETag')
          .send(image.body);
      },
    );
  };
}
