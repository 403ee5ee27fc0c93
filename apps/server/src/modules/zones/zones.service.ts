import {
  daysBetween,
  EMERGENCE_NDVI_THRESHOLD,
  isoDay,
  seasonWindow,
  type Field,
  type FieldBoundary,
  type ManagementZonesView,
} from '@murimi/core';
import {
  fieldTimeSeries,
  MAX_ZONE_POLYGONS,
  PRESCRIPTION_SHAPEFILE_COLUMNS,
  StacError,
  variableRatePrescription,
  type ManagementZones,
  type TimeSeriesPoint,
} from '@murimi/earth';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../errors.ts';
import { imageryAccess, type ImageryAccess } from '../analysis/imagery.ts';
import { getField } from '../fields/fields.service.ts';
import { zippedShapefile, type DbfColumn } from '../fields/fields.shapefile.ts';
import type { SeasonComposite, SeasonImage } from './zones.composite.ts';
import { fileSlug } from '../../file-names.ts';

/** A composite over more than a year would mix seasons and read every scene of it. */
const MAX_PERIOD_DAYS = 366;
/**
 * Largest field zoned while the request waits: 500 ha is 50,000 pixels of 10 m per image, the largest farms this
 * serves. Its scenes are read on the event loop in steps of tens of milliseconds; the composite and the k-means,
 * smoothing and tracing that follow run on a worker thread (`zonesOfSeason`), as in one piece they held the loop for
 * 160–190 ms at 490 ha. Larger estates are zoned block by block.
 */
export const MAX_ZONE_FIELD_HECTARES = 500;
/** Rates are kept to 0.01 kg/ha and areas to 0.0001 ha (1 m²): what a terminal or spreadsheet needs. */
const RATE_DECIMALS = 2;
const AREA_DECIMALS = 4;
/** A 500 ha season is zoned in well under a second on the worker; past this the thread is stopped. */
const ZONES_DEADLINE_MS = 30_000;
const zonesTooLong = () =>
  new AppError('SERVICE_UNAVAILABLE', `Working out the zones took more than ${ZONES_DEADLINE_MS / 1000} s; please try again later.`);
const NEXT_PASS = 'Zones need at least one clear image; check again after the next satellite pass (every 5 days).';
const IMAGERY_UNAVAILABLE = 'Satellite imagery is unavailable right now; please try again later.';

const round = (value: number, digits: number) => Number(value.toFixed(digits));
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export interface ZonesRequest {
  /** 3–5 classes. */
  zoneCount: number;
  /** YYYY-MM-DD; by default the start of the season window on `to` (`seasonWindow`: planting, or 120 days before). */
  from?: string;
  /** YYYY-MM-DD; today by default. */
  to?: string;
}

interface FieldZones {
  field: Field;
  from: string;
  to: string;
  imagesFound: number;
  imagery: ImageryAccess;
  composite: SeasonComposite | null;
  zones: ManagementZones | null;
}

/**
 * The season's period for a field: the dates asked for, else the season window on `to` (from planting while the
 * crop is in season, otherwise the 120 days before `to`), to today. Refused when `from` is after `to` or the period
 * is longer than a year.
 */
function seasonPeriod(field: Field, request: ZonesRequest, today: string): { from: string; to: string } {
  const to = request.to ?? today;
  const season = {
    plantingDate: field.plantingDate ?? null,
    harvestDate: field.actualHarvestDate ?? null,
    cropType: field.cropType ?? null,
  };
  const from = request.from ?? seasonWindow(season, to).from;
  if (from > to) throw AppError.invalid('from', `from (${from}) must be on or before to (${to}).`);
  if (daysBetween(from, to) > MAX_PERIOD_DAYS) throw AppError.invalid('from', `Ask for at most ${MAX_PERIOD_DAYS} days of imagery.`);
  return { from, to };
}

/** The field's NDVI on every scene of the period, with each scene's pixels; an unreachable catalog is a 503. */
async function seasonNdvi(imagery: ImageryAccess, boundary: FieldBoundary, from: string, to: string, log: FastifyBaseLogger) {
  try {
    const { points } = await fieldTimeSeries({
      source: imagery.source,
      boundary,
      from,
      to,
      index: 'ndvi',
      keepPixels: true,
      cog: imagery.cog,
      search: imagery.search,
    });
    return points;
  } catch (error) {
    if (!(error instanceof StacError)) throw error;
    log.warn({ err: error }, 'imagery catalog unavailable for management zones');
    throw new AppError('SERVICE_UNAVAILABLE', `${IMAGERY_UNAVAILABLE} (${error.message})`);
  }
}

/**
 * The season's clear images of the crop: those whose field mean NDVI shows a canopy (the yield estimate's emergence
 * threshold), so zones follow crop vigour rather than the bare soil of the weeks after planting. Before the crop is
 * up, all clear images (zones then follow the soil).
 */
function usableImages(points: TimeSeriesPoint[]): SeasonImage[] {
  const clear = clearImages(points);
  const withCanopy = clear.filter((image) => image.meanNdvi >= EMERGENCE_NDVI_THRESHOLD);
  return withCanopy.length > 0 ? withCanopy : clear;
}

function clearImages(points: TimeSeriesPoint[]): (SeasonImage & { meanNdvi: number })[] {
  return points.flatMap((point) =>
    point.result.usable && point.result.pixels
      ? [
          {
            date: point.datetime.slice(0, 10),
            sceneId: point.sceneId,
            clearFraction: point.result.clear.clearFraction,
            meanNdvi: point.result.statistics.mean,
            pixels: point.result.pixels,
          },
        ]
      : [],
  );
}

/** Reads the field (404 if not the caller's), its season's clear images, their composite and its zones. */
async function fieldZones(
  ctx: AppContext,
  log: FastifyBaseLogger,
  orgId: string,
  fieldId: string,
  request: ZonesRequest,
): Promise<FieldZones> {
  const field = await getField(ctx, orgId, fieldId);
  if (field.size_hectares > MAX_ZONE_FIELD_HECTARES) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Management zones are worked out for fields of up to ${MAX_ZONE_FIELD_HECTARES.toLocaleString('en-US')} ha; this one is ` +
        `${Math.round(field.size_hectares).toLocaleString('en-US')} ha. Split it into blocks on the map and zone each block.`,
    );
  }
  const { from, to } = seasonPeriod(field, request, isoDay(ctx.now()));
  let imagery: ImageryAccess;
  try {
    const organisation = await ctx.database.db.selectFrom('organisations').select('demo').where('id', '=', orgId).executeTakeFirst();
    imagery = await imageryAccess(ctx.config, log, organisation?.demo ?? false);
  } catch (error) {
    log.error({ err: error }, 'imagery not available for management zones');
    throw new AppError('SERVICE_UNAVAILABLE', IMAGERY_UNAVAILABLE);
  }
  const points = await seasonNdvi(imagery, field.boundary as FieldBoundary, from, to, log);
  const { composite, zones } = await ctx.cpu.run(
    'zonesOfSeason',
    { images: usableImages(points), zoneCount: request.zoneCount },
    { deadlineMs: ZONES_DEADLINE_MS, tooLong: zonesTooLong },
  );
  return { field, from, to, imagesFound: points.length, imagery, composite, zones };
}

function summaryOf({ from, to, imagesFound, imagery, composite, zones }: FieldZones): string {
  let text: string;
  if (!zones || !composite) {
    text =
      imagesFound === 0
        ? `No satellite image of this field between ${from} and ${to} yet. ${NEXT_PASS}`
        : `No clear satellite image of this field between ${from} and ${to} yet: ${plural(imagesFound, 'image')}, all cloudy or incomplete over the field. ${NEXT_PASS}`;
  } else {
    const { dates, datesOnOtherGrid } = composite;
    text = `${zones.zoneCount} zones from the median NDVI of ${plural(dates.length, 'clear image')} between ${dates[0]} and ${dates.at(-1)}.`;
    if (datesOnOtherGrid.length > 0)
      text += ` ${plural(datesOnOtherGrid.length, 'clear date')} on another satellite grid (UTM zone) left out.`;
  }
  return imagery.simulated ? `${text} (Simulated imagery.)` : text;
}

/**
 * Management zones of a field: weighted k-means (3–5 classes, zone 1 the lowest NDVI) of the per-pixel median NDVI
 * of the season's clear images on one scene grid, smoothed and capped at 100 polygons (`managementZones`). With no
 * clear image yet the answer has `zoneCount: 0` and says so.
 */
export async function getManagementZones(
  ctx: AppContext,
  log: FastifyBaseLogger,
  orgId: string,
  fieldId: string,
  request: ZonesRequest,
): Promise<ManagementZonesView> {
  const made = await fieldZones(ctx, log, orgId, fieldId, request);
  const { field, from, to, imagesFound, imagery, composite, zones } = made;
  const dates = composite?.dates ?? [];
  const sceneIds = composite?.sceneIds ?? [];
  const provenance = { dates, sceneIds, simulated: imagery.simulated, source: imagery.source.id };
  return {
    fieldId: field.id,
    zoneCount: zones ? zones.zoneCount : 0,
    message: summaryOf(made),
    from,
    to,
    imagesFound,
    dates,
    sceneIds,
    datesOnOtherGrid: composite?.datesOnOtherGrid ?? [],
    simulated: imagery.simulated,
    source: imagery.source.id,
    fieldAreaHa: field.size_hectares,
    unclassifiedAreaHa: zones ? round(zones.unclassifiedAreaHa, AREA_DECIMALS) : 0,
    classes: (zones?.classes ?? []).map((zone) => ({
      zone: zone.zone,
      meanNdvi: zone.meanValue === null ? null : round(zone.meanValue, 3),
      centroidNdvi: round(zone.centroidValue, 3),
      areaHa: round(zone.areaHa, AREA_DECIMALS),
      partCount: zone.partCount,
    })),
    features: {
      type: 'FeatureCollection',
      features: (zones?.polygons ?? []).map((part) => ({
        type: 'Feature',
        geometry: part.polygon,
        properties: {
          zone: part.label,
          areaHa: round(part.areaHa, AREA_DECIMALS),
          meanNdvi: part.meanValue === null ? null : round(part.meanValue, 3),
          ...provenance,
        },
      })),
    },
  };
}

export interface PrescriptionRequest extends ZonesRequest {
  /** kg/ha for zone 1 (lowest NDVI) first; as many as zones. */
  ratesKgPerHa: number[];
  product?: string;
  format: 'geojson' | 'shapefile';
}

export interface PrescriptionFile {
  fileName: string;
  contentType: string;
  body: string | Buffer;
  totalKg: number;
  areaHa: number;
  simulated: boolean;
  source: string;
}

/**
 * A variable-rate prescription: the zones recomputed as `getManagementZones` makes them, a rate per zone (kg/ha,
 * rounded to 0.01), and per polygon its area (to 1 m²) and amount (rate × area, to 0.01 kg); the zone and field totals
 * are sums of those amounts, so every total in the file adds up exactly. GeoJSON (RFC 7946) with the totals, period,
 * images and `simulated` in the collection's `properties`, or a zipped WGS 84 Shapefile (at most 100 polygons).
 * No clear image yet: 409, as there is nothing to prescribe on.
 */
export async function makePrescription(
  ctx: AppContext,
  log: FastifyBaseLogger,
  orgId: string,
  fieldId: string,
  request: PrescriptionRequest,
): Promise<PrescriptionFile> {
  const made = await fieldZones(ctx, log, orgId, fieldId, request);
  const { field, zones, composite, imagery } = made;
  if (!zones || !composite)
    throw new AppError('CONFLICT', `A prescription needs management zones, and this field has none yet. ${summaryOf(made)}`);
  if (zones.polygons.length > MAX_ZONE_POLYGONS)
    throw new AppError(
      'CONFLICT',
      `This field's zones come in ${zones.polygons.length} separate parts, more than the ${MAX_ZONE_POLYGONS} a prescription may hold; ask for fewer zones.`,
    );
  const rates = request.ratesKgPerHa.map((rate) => round(rate, RATE_DECIMALS));
  const prescription = variableRatePrescription(zones, rates);
  const features = prescription.featureCollection.features.map((feature) => {
    const areaHa = round(feature.properties.areaHa, AREA_DECIMALS);
    const rate = feature.properties.rate;
    return { ...feature, properties: { zone: feature.properties.zone, rate, areaHa, totalKg: round(rate * areaHa, RATE_DECIMALS) } };
  });
  const sum = (values: number[], digits: number) =>
    round(
      values.reduce((total, value) => total + value, 0),
      digits,
    );
  const zoneRows = zones.classes.map(({ zone }) => {
    const parts = features.filter((feature) => feature.properties.zone === zone);
    return {
      zone,
      rate: rates[zone - 1]!,
      areaHa: sum(
        parts.map((part) => part.properties.areaHa),
        AREA_DECIMALS,
      ),
      totalKg: sum(
        parts.map((part) => part.properties.totalKg),
        RATE_DECIMALS,
      ),
      partCount: parts.length,
    };
  });
  const totalKg = sum(
    features.map((feature) => feature.properties.totalKg),
    RATE_DECIMALS,
  );
  const areaHa = sum(
    features.map((feature) => feature.properties.areaHa),
    AREA_DECIMALS,
  );
  const name = `${fileSlug(field.name, 'field')}-prescription`;
  const common = { totalKg, areaHa, simulated: imagery.simulated, source: imagery.source.id };

  if (request.format === 'geojson') {
    const collection = {
      type: 'FeatureCollection',
      // RFC 7946 §6.1 allows foreign members: the totals and provenance travel with the map.
      properties: {
        fieldId: field.id,
        fieldName: field.name,
        product: request.product ?? null,
        unit: 'kg/ha',
        zoneCount: zones.zoneCount,
        areaHa,
        totalKg,
        zones: zoneRows,
        from: made.from,
        to: made.to,
        dates: composite.dates,
        sceneIds: composite.sceneIds,
        simulated: imagery.simulated,
        source: imagery.source.id,
      },
      features,
    };
    return { ...common, fileName: `${name}.geojson`, contentType: 'application/geo+json', body: JSON.stringify(collection) };
  }
  const columns: DbfColumn[] = [...PRESCRIPTION_SHAPEFILE_COLUMNS, { name: 'product', type: 'C' }, { name: 'simulated', type: 'L' }];
  const records = features.map(({ geometry, properties }) => ({
    polygon: geometry,
    attributes: {
      zone: properties.zone,
      rate: properties.rate,
      area_ha: properties.areaHa,
      total_kg: properties.totalKg,
      product: request.product ?? null,
      simulated: imagery.simulated,
    },
  }));
  const zip = zippedShapefile(name, columns, records, ctx.now());
  return {
    ...common,
    fileName: `${name}.zip`,
    contentType: 'application/zip',
    body: Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength),
  };
}
