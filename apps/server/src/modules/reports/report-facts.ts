import {
  isoDay,
  seasonWindow,
  type AlertItem,
  type AnalysisType,
  type AnalysisView,
  type FertilizerApplication,
  type Field,
  type FieldHealthOverview,
  type HealthImage,
  type HealthResult,
  type Harvest,
  type IrrigationEvent,
  type RainReading,
  type SoilTest,
} from '@murimi/core';
import type { WindowPlacement } from '@murimi/earth';
import type { FastifyBaseLogger } from 'fastify';
import type { ServiceContext } from '../../app-context.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../policy/policy.ts';
import { listAlerts } from '../alerts/alerts.service.ts';
import { analysisOverview } from '../analysis/analysis-overview.ts';
import { latestResults, latestSummaries } from '../analysis/analysis.service.ts';
import { listApplications } from '../fertilizer-applications/fertilizer-applications.service.ts';
import { getFarm } from '../farms/farms.service.ts';
import { getField, listFields } from '../fields/fields.service.ts';
import { listHarvests } from '../harvests/harvests.service.ts';
import { fieldSceneImage } from '../imagery/imagery.service.ts';
import { listSoilTests } from '../soil-tests/soil-tests.service.ts';
import { listIrrigationEvents } from '../water-records/irrigation-events.service.ts';
import { listRainReadings } from '../water-records/rain-readings.service.ts';

/** Records of each kind a report lists: the newest of the season; a field with more is told so in the PDF. */
export const RECORDS_PER_SECTION = 100;

/** What a field's report says, read through the services the screens use. */
export interface FieldReportFacts {
  field: Field;
  farmName: string;
  /** The season the report speaks of: planting (or the last 6 months) to today. */
  season: { from: string; to: string };
  health: FieldHealthOverview['health'];
  /** The season's images of the latest health analysis, for the chart, with its thresholds; null without one. */
  ndviSeason: { images: HealthImage[]; healthyFrom: number; bareBelow: number } | null;
  /** The NDVI map of the season's latest clear image; why not, when it cannot be read now; null without one. */
  ndviMap: IndexMap | { unreadable: string } | null;
  analyses: AnalysisView[];
  soilTests: SoilTest[];
  applications: FertilizerApplication[];
  irrigation: IrrigationEvent[];
  rain: RainReading[];
  harvests: Harvest[];
  alerts: AlertItem[];
  /** Simulated imagery or weather went into a number of this report. */
  simulated: boolean;
}

/** A field's index on one image: the PNG the map screen shows, and where its pixels lie. */
export interface IndexMap {
  png: Buffer;
  placement: WindowPlacement;
  date: string;
  simulated: boolean;
}

export interface FarmReportFacts {
  farmName: string;
  fields: FieldReportFacts[];
}

const ANALYSIS_ORDER: AnalysisType[] = ['health', 'irrigation', 'fertilizer', 'yield'];
const inSeason = (day: string | null | undefined, season: { from: string; to: string }) => !!day && day >= season.from && day <= season.to;

/**
 * The NDVI map of the latest clear image of the health analysis, read again through the imagery engine as the map
 * screen reads it. An unreachable catalogue does not stop the report: it says the map could not be drawn and why.
 */
async function latestNdviMap(
  ctx: ServiceContext,
  log: FastifyBaseLogger,
  actor: Actor,
  fieldId: string,
  images: HealthImage[],
): Promise<FieldReportFacts['ndviMap']> {
  const latest = images.filter((image) => image.usable).at(-1);
  if (!latest) return null;
  try {
    const image = await fieldSceneImage(ctx, log, actor.orgId, fieldId, latest.sceneId, 'ndvi', 'png', {
      from: latest.date,
      to: latest.date,
    });
    return { png: image.body, placement: image.placement, date: latest.date, simulated: image.simulated };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    log.warn({ err: error, fieldId, sceneId: latest.sceneId }, 'the index map of a report could not be read');
    return { unreadable: error.message };
  }
}

/** How a report is gathered: the organisation's health read once for many fields, and whether maps are read. */
export interface GatherOptions {
  health?: Map<string, FieldHealthOverview['health']>;
  /**
   * Read each field's NDVI map from the imagery (default). A programme's pack leaves them out: a thousand scenes
   * would take longer than the rest of the pack, and each field's own report has its map.
   */
  indexMaps?: boolean;
}

/** The facts of one field, as `actor` may read them. */
export async function fieldReportFacts(
  ctx: ServiceContext,
  log: FastifyBaseLogger,
  actor: Actor,
  fieldId: string,
  { health, indexMaps = true }: GatherOptions = {},
): Promise<FieldReportFacts> {
  const field = await getField(ctx, actor.orgId, fieldId);
  const farm = await getFarm(ctx, actor.orgId, field.farmId);
  const today = isoDay(ctx.now());
  const window = seasonWindow({ plantingDate: field.plantingDate, harvestDate: field.actualHarvestDate, cropType: field.cropType }, today);
  const season = { from: window.seasonStart ?? window.from, to: today };
  const page = { fieldId, limit: RECORDS_PER_SECTION };
  const [latest, soilTests, applications, irrigation, rain, harvests, alerts, overview] = await Promise.all([
    latestSummaries(ctx, actor.orgId, fieldId),
    listSoilTests(ctx, actor, page),
    listApplications(ctx, actor, page),
    listIrrigationEvents(ctx, actor, page),
    listRainReadings(ctx, actor, page),
    listHarvests(ctx, actor, page),
    listAlerts(ctx, actor, { ...page, status: 'all' }),
    health ? Promise.resolve(null) : analysisOverview(ctx, actor),
  ]);
  const analyses = ANALYSIS_ORDER.map((type) => latest[type]).filter((view): view is AnalysisView => view?.status === 'completed');
  const healthResult = (await latestResults(ctx, actor.orgId, fieldId, latest, ['health'])).health?.result as
    HealthResult | null | undefined;
  const ndviSeason =
    healthResult && 'history' in healthResult && 'thresholds' in healthResult
      ? {
          images: healthResult.history,
          healthyFrom: healthResult.thresholds.ndviHealthyFrom,
          bareBelow: healthResult.thresholds.ndviBareOrStressedBelow,
        }
      : null;
  const ndviMap = ndviSeason && indexMaps ? await latestNdviMap(ctx, log, actor, fieldId, ndviSeason.images) : null;
  const fieldHealth = health?.get(fieldId) ?? overview?.find((item) => item.field_id === fieldId)?.health ?? null;
  const seasonAlerts = alerts.data.filter((alert) => inSeason(alert.date, season));
  return {
    field,
    farmName: farm.name,
    season,
    health: fieldHealth,
    ndviSeason,
    ndviMap,
    analyses,
    // Soil tests stand for several seasons: all of them, newest first.
    soilTests: soilTests.data,
    applications: applications.data.filter((record) => inSeason(record.applicationDate, season)),
    irrigation: irrigation.data.filter((record) => inSeason(record.irrigationDate, season)),
    rain: rain.data.filter((record) => inSeason(record.readingDate, season)),
    harvests: harvests.data,
    alerts: seasonAlerts,
    simulated:
      analyses.some((view) => view.simulated) ||
      (ndviMap !== null && 'simulated' in ndviMap && ndviMap.simulated) ||
      seasonAlerts.some((alert) => alert.simulated) ||
      (fieldHealth?.simulated ?? false),
  };
}

/** The facts of each field of a farm that `actor` may read, by name. */
export async function farmReportFacts(
  ctx: ServiceContext,
  log: FastifyBaseLogger,
  actor: Actor,
  farmId: string,
  options: GatherOptions = {},
): Promise<FarmReportFacts> {
  const farm = await getFarm(ctx, actor.orgId, farmId);
  const health = options.health ?? new Map((await analysisOverview(ctx, actor)).map((item) => [item.field_id, item.health]));
  const fields = await listFields(ctx, actor, { farmId, view: 'summary', limit: 500 });
  const facts: FieldReportFacts[] = [];
  for (const field of [...fields.data].sort((a, b) => a.name.localeCompare(b.name))) {
    facts.push(await fieldReportFacts(ctx, log, actor, field.id, { ...options, health }));
  }
  return { farmName: farm.name, fields: facts };
}
