import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { fieldBoundarySchema, type FieldBoundary } from '@murimi/core';
import { demoCrops, startLocalStacApi, writeDemoCatalog, type DemoField } from './demo/index.ts';
import { BiophysicalNetworkError, loadBiophysicalNetwork } from './scene/biophysical-network.ts';
import { MEASURES, type Measure } from './scene/measures.ts';
import { IndexNotAvailableError } from './scene/sensor.ts';
import { earthSearchLandsat, earthSearchSentinel2, simulatedSentinel2 } from './stac/sources.ts';
import { fieldTimeSeries, type TimeSeriesPoint } from './zonal/field-time-series.ts';

const USAGE = `Usage:
  murimi-earth stats --field FIELD.geojson --from YYYY-MM-DD --to YYYY-MM-DD [--index ndvi]
                     [--source earth-search|landsat|demo] [--stac URL] [--lai-network DIR] [--format json|csv]
  murimi-earth demo --fields FIELDS.geojson --from YYYY-MM-DD --to YYYY-MM-DD --out DIR [--seed N]
  murimi-earth serve-demo DIR [--port 8790]

stats   One line per scene: the field's statistics (coverage-weighted), its clear share, and why a date is not
        usable. --source picks Earth Search's Sentinel-2 (default) or Landsat, or a demo catalog served by
        serve-demo (--stac its URL; its numbers are labelled "simulated"). --stac points a source at another STAC
        API. LAI uses ESA's biophysical network when --lai-network names the folder of its coefficient files
        (the S2 Toolbox's auxdata/3_0/S2A/LAI), else the empirical relation; each line says which.
        Measures: ${MEASURES.join(', ')}.
demo    Writes a catalog of simulated Sentinel-2 scenes for the fields of a GeoJSON FeatureCollection whose
        features have properties name, crop (${demoCrops.join(', ')}) and plantingDate (YYYY-MM-DD).
serve-demo  Serves a demo catalog as a STAC API until stopped, for stats --source demo --stac URL.`;

/** The commands: a field's statistics per scene date, and demo imagery for trying the product without internet. */
export async function main(argv: string[], out: (line: string) => void = console.log): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'stats') return await stats(rest, out);
    if (command === 'demo') return await demo(rest, out);
    if (command === 'serve-demo') return await serveDemo(rest, out);
  } catch (error) {
    // What the user gave could not be used: said plainly, exit 2.
    if (error instanceof UsageError || error instanceof IndexNotAvailableError || error instanceof BiophysicalNetworkError) {
      out(error.message);
      return 2;
    }
    throw error;
  }
  out(USAGE);
  return command === undefined || command === '--help' ? 0 : 2;
}

class UsageError extends Error {}

function requireAll(problems: Array<string | false | undefined>): void {
  const found = problems.filter(Boolean);
  if (found.length > 0) throw new UsageError(found.join('\n'));
}

const SOURCES = ['earth-search', 'landsat', 'demo'] as const;

async function stats(args: string[], out: (line: string) => void): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      field: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      index: { type: 'string', default: 'ndvi' },
      source: { type: 'string', default: 'earth-search' },
      stac: { type: 'string' },
      'lai-network': { type: 'string' },
      format: { type: 'string', default: 'json' },
    },
  });
  requireAll([
    !values.field && '--field is required (a GeoJSON file with the field polygon).',
    !values.from && '--from is required (YYYY-MM-DD).',
    !values.to && '--to is required (YYYY-MM-DD).',
    !MEASURES.includes(values.index as Measure) && `--index must be one of ${MEASURES.join(', ')}.`,
    !(SOURCES as readonly string[]).includes(values.source!) && `--source must be one of ${SOURCES.join(', ')}.`,
    values.source === 'demo' && !values.stac && '--source demo needs --stac, the URL serve-demo prints.',
    !['json', 'csv'].includes(values.format!) && '--format is json or csv.',
  ]);
  const boundary = fieldFrom(JSON.parse(await readFile(values.field!, 'utf8')));
  const withStac = <S extends { stacUrl: string }>(source: S): S => (values.stac ? { ...source, stacUrl: values.stac } : source);
  const request = {
    boundary,
    from: values.from!,
    to: values.to!,
    index: values.index as Measure,
    laiNetwork: values['lai-network'] ? await loadBiophysicalNetwork(values['lai-network']) : undefined,
  };
  const { points, skipped } =
    values.source === 'landsat'
      ? await fieldTimeSeries({ ...request, source: withStac(earthSearchLandsat) })
      : await fieldTimeSeries({
          ...request,
          source: values.source === 'demo' ? simulatedSentinel2(values.stac!) : withStac(earthSearchSentinel2),
        });
  if (values.format === 'csv') {
    out('scene_id,datetime,source,usable,reason,mean,median,p10,p90,std,valid_fraction,pixel_count,clear_fraction,method');
    for (const point of points) out(csvRow(point));
  } else {
    out(JSON.stringify({ points, skipped }, null, 2));
  }
  return 0;
}

async function demo(args: string[], out: (line: string) => void): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      fields: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      out: { type: 'string' },
      seed: { type: 'string' },
    },
  });
  requireAll([
    !values.fields && '--fields is required (a GeoJSON FeatureCollection of the fields).',
    !values.from && '--from is required (YYYY-MM-DD).',
    !values.to && '--to is required (YYYY-MM-DD).',
    !values.out && '--out is required (the folder to write the catalog into).',
  ]);
  const summary = await writeDemoCatalog({
    fields: demoFieldsFrom(JSON.parse(await readFile(values.fields!, 'utf8'))),
    from: values.from!,
    to: values.to!,
    directory: values.out!,
    seed: values.seed === undefined ? undefined : Number(values.seed),
  });
  out(
    `Wrote ${summary.items.length} simulated scenes over ${summary.dates.length} dates for ${summary.fields.length} fields ` +
      `(${summary.fileCount} files, ${(summary.totalBytes / 1e6).toFixed(1)} MB) to ${summary.catalogPath}.`,
  );
  return 0;
}

async function serveDemo(args: string[], out: (line: string) => void): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { port: { type: 'string', default: '8790' } } });
  requireAll([positionals.length !== 1 && 'serve-demo needs the folder of a demo catalog.']);
  const api = await startLocalStacApi(positionals[0]!, { port: Number(values.port) });
  out(`Serving the demo catalog at ${api.url} (stats --source demo --stac ${api.url}); Ctrl-C stops it.`);
  await new Promise<void>((resolve) => process.once('SIGINT', resolve));
  await api.close();
  return 0;
}

/** Demo fields from a FeatureCollection: each feature's polygon with its name, crop and planting date. */
function demoFieldsFrom(json: unknown): DemoField[] {
  const features = (json as { type?: string; features?: unknown[] }).features;
  if (!Array.isArray(features) || features.length === 0)
    throw new UsageError('--fields must be a GeoJSON FeatureCollection with at least one field.');
  return features.map((feature, i) => {
    const { properties = {}, geometry } = feature as { properties?: Record<string, unknown>; geometry?: unknown };
    const label = String(properties.name ?? `feature ${i + 1}`);
    const crop = properties.crop as DemoField['crop'];
    const plantingDate = String(properties.plantingDate ?? '');
    requireAll([
      !demoCrops.includes(crop) && `${label}: crop must be one of ${demoCrops.join(', ')}.`,
      !/^\d{4}-\d{2}-\d{2}$/.test(plantingDate) && `${label}: plantingDate must be YYYY-MM-DD.`,
    ]);
    return { id: String(properties.id ?? `field-${i + 1}`), name: label, crop, plantingDate, boundary: fieldFrom(geometry) };
  });
}

/** The polygon from a GeoJSON Polygon, Feature or one-feature FeatureCollection, checked like a drawn field. */
function fieldFrom(json: unknown): FieldBoundary {
  const document = json as { type?: string; geometry?: unknown; features?: { geometry?: unknown }[] };
  const geometry =
    document.type === 'FeatureCollection' ? document.features?.[0]?.geometry : document.type === 'Feature' ? document.geometry : json;
  const parsed = fieldBoundarySchema.safeParse(geometry);
  if (!parsed.success) throw new UsageError(`The field file does not hold a usable field boundary: ${parsed.error.issues[0]?.message}`);
  return parsed.data.boundary;
}

function csvRow({ sceneId, datetime, source, result }: TimeSeriesPoint): string {
  const stats = 'statistics' in result ? result.statistics : null;
  const clear = 'clear' in result ? result.clear.clearFraction : null;
  const cell = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(Number(value.toFixed(6))));
  return [
    sceneId,
    datetime,
    source,
    result.usable,
    result.reason ?? '',
    cell(stats?.mean),
    cell(stats?.median),
    cell(stats?.p10),
    cell(stats?.p90),
    cell(stats?.std),
    cell(stats?.validFraction),
    stats?.pixelCount ?? '',
    cell(clear),
    'method' in result ? `"${result.method.replaceAll('"', '""')}"` : '',
  ].join(',');
}
