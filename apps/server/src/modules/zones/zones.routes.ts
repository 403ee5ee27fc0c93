import { calendarDateSchema, requiredText } from '@murimi/core';
import { MAX_ZONE_COUNT, MIN_ZONE_COUNT } from '@murimi/earth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { authOf } from '../../plugins/authenticate.ts';
import { guarded } from '../../policy/guard.ts';
import { getManagementZones, makePrescription } from './zones.service.ts';

const MAX_RATE_KG_PER_HA = 1000;
const ZONES_MESSAGE = `Choose ${MIN_ZONE_COUNT} to ${MAX_ZONE_COUNT} management zones.`;
const zoneCountSchema = z.number().int(ZONES_MESSAGE).min(MIN_ZONE_COUNT, ZONES_MESSAGE).max(MAX_ZONE_COUNT, ZONES_MESSAGE);

const fieldParams = z.strictObject({ fieldId: z.uuid({ message: 'The field id in the path must be a UUID.' }) });
const period = { from: calendarDateSchema.optional(), to: calendarDateSchema.optional() };
const zonesQuery = z.strictObject({
  zones: z.coerce.number({ message: ZONES_MESSAGE }).pipe(zoneCountSchema).default(MIN_ZONE_COUNT),
  ...period,
});
const prescriptionQuery = z.strictObject({
  format: z.enum(['geojson', 'shapefile'], { message: 'The format is geojson or shapefile.' }).default('geojson'),
});
const rateSchema = z
  .number({ message: 'Each rate is a number of kg/ha.' })
  .min(0, 'A rate cannot be negative.')
  .max(MAX_RATE_KG_PER_HA, `A rate is at most ${MAX_RATE_KG_PER_HA} kg/ha.`);
const prescriptionBody = z
  .strictObject({
    zones: zoneCountSchema,
    ratesKgPerHa: z
      .array(rateSchema, { message: 'ratesKgPerHa is a list of rates in kg/ha, zone 1 (lowest NDVI) first.' })
      .min(MIN_ZONE_COUNT, `Give ${MIN_ZONE_COUNT} to ${MAX_ZONE_COUNT} rates, one per zone.`)
      .max(MAX_ZONE_COUNT, `Give ${MIN_ZONE_COUNT} to ${MAX_ZONE_COUNT} rates, one per zone.`),
    product: requiredText('The product', 100).optional(),
    ...period,
  })
  .superRefine((body, check) => {
    if (body.ratesKgPerHa.length !== body.zones)
      check.addIssue({
        code: 'custom',
        path: ['ratesKgPerHa'],
        message: `${body.zones} zones need ${body.zones} rates (zone 1, the lowest NDVI, first), not ${body.ratesKgPerHa.length}.`,
      });
  });

const zoneProperties = z.object({
  zone: z.number(),
  areaHa: z.number(),
  meanNdvi: z.number().nullable(),
  dates: z.array(z.string()),
  sceneIds: z.array(z.string()),
  simulated: z.boolean(),
  source: z.string(),
});
const managementZonesResponse = z.object({
  data: z.object({
    fieldId: z.string(),
    zoneCount: z.number(),
    message: z.string(),
    from: z.string(),
    to: z.string(),
    imagesFound: z.number(),
    dates: z.array(z.string()),
    sceneIds: z.array(z.string()),
    datesOnOtherGrid: z.array(z.string()),
    simulated: z.boolean(),
    source: z.string(),
    fieldAreaHa: z.number(),
    unclassifiedAreaHa: z.number(),
    classes: z.array(
      z.object({ zone: z.number(), meanNdvi: z.number().nullable(), centroidNdvi: z.number(), areaHa: z.number(), partCount: z.number() }),
    ),
    features: z.object({
      type: z.literal('FeatureCollection'),
      features: z.array(z.object({ type: z.literal('Feature'), geometry: z.unknown(), properties: zoneProperties })),
    }),
  }),
});

/**
 * Management zones of a field from its season's NDVI, and a variable-rate prescription from them as GeoJSON or a
 * zipped Shapefile. Both read the imagery while the request waits (a season is tens of small window reads) and are
 * scoped to the caller's organisation: another organisation's field is not found.
 */
export function zoneRoutes(ctx: AppContext) {
  return async (parent: FastifyInstance) => {
    const app = parent.withTypeProvider<ZodTypeProvider>();
    // Weather, zones and pictures of a field are read as the field is.
    const reading = guarded(ctx, { action: 'fields.read' });
    const base = { tags: ['zones'], security: [{ bearerAuth: [] }] };

    app.get(
      '/fields/:fieldId/management-zones',
      { ...reading, schema: { ...base, params: fieldParams, querystring: zonesQuery, response: { 200: managementZonesResponse } } },
      async (request) => {
        const { zones, from, to } = request.query;
        return {
          data: await getManagementZones(ctx, request.log, authOf(request).orgId, request.params.fieldId, { zoneCount: zones, from, to }),
        };
      },
    );

    app.post(
      '/fields/:fieldId/prescription',
      { ...reading, schema: { ...base, params: fieldParams, querystring: prescriptionQuery, body: prescriptionBody } },
      async (request, reply) => {
        const { zones, ratesKgPerHa, product, from, to } = request.body;
        const file = await makePrescription(ctx, request.log, authOf(request).orgId, request.params.fieldId, {
          zoneCount: zones,
          ratesKgPerHa,
          product,
          from,
          to,
          format: request.query.format,
        });
        return reply
          .type(file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('x-prescription-total-kg', file.totalKg.toFixed(2))
          .header('x-prescription-area-ha', file.areaHa.toFixed(4))
          .header('x-imagery-source', file.source)
          .header('x-imagery-simulated', String(file.simulated))
          .send(file.body);
      },
    );
  };
}
