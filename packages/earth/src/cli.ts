import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { fieldBoundarySchema, type FieldBoundary } from '@murimi/core';
import { INDICES, type IndexName } from './scene/indices.ts';
import { earthSearchSentinel2, simulatedSentinel2 } from './stac/sources.ts';
import { fieldTimeSeries, type TimeSeriesPoint } from './zonal/field-time-series.ts';

const USAGE = `Usage: murimi-earth stats --field FIELD.geojson --from YYYY-MM-DD --to YYYY-MM-DD [--index ndvi] [--stac URL] [--format json|csv]

Prints one line per scene: the field's index statistics (coverage-weighted), its clear share, and why a date
is not usable. --stac points at another STAC API (a demo catalog is labelled "simulated").
Indices: ${Object.keys(INDICES).join(', ')}.`;

/** The one command: a field's statistics per scene date, for agronomists checking a field and operators checking a catalog. */
export async function main(argv: string[], out: (line: string) => void = console.log): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'stats') {
    out(USAGE);
    return command === undefined || command === '--help' ? 0 : 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      field: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      index: { type: 'string', default: 'ndvi' },
      stac: { type: 'string' },
      format: { type: 'string', default: 'json' },
    },
  });
  const problems = [
    !values.field && '--field is required (a GeoJSON file with the field polygon).',
    !values.from && '--from is required (YYYY-MM-DD).',
    !values.to && '--to is required (YYYY-MM-DD).',
    !(values.index! in INDICES) && `--index must be one of ${Object.keys(INDICES).join(', ')}.`,
    !['json', 'csv'].includes(values.format!) && '--format is json or csv.',
  ].filter(Boolean);
  if (problems.length > 0) {
    out(problems.join('\n'));
    return 2;
  }
  const boundary = fieldFrom(JSON.parse(await readFile(values.field!, 'utf8')));
  const source = values.stac ? simulatedSentinel2(values.stac) : earthSearchSentinel2;
  const { points, skipped } = await fieldTimeSeries({
    source,
    boundary,
    from: values.from!,
    to: values.to!,
    index: values.index as IndexName,
  });
  if (values.format === 'csv') {
    out('scene_id,datetime,source,usable,reason,mean,median,p10,p90,std,valid_fraction,pixel_count,clear_fraction');
    for (const point of points) out(csvRow(point));
  } else {
    out(JSON.stringify({ points, skipped }, null, 2));
  }
  return 0;
}

/** The polygon from a GeoJSON Polygon, Feature or one-feature FeatureCollection, checked like a drawn field. */
function fieldFrom(json: unknown): FieldBoundary {
  const document = json as { type?: string; geometry?: unknown; features?: { geometry?: unknown }[] };
  const geometry =
    document.type === 'FeatureCollection' ? document.features?.[0]?.geometry : document.type === 'Feature' ? document.geometry : json;
  const parsed = fieldBoundarySchema.safeParse(geometry);
  if (!parsed.success) throw new Error(`The field file does not hold a usable field boundary: ${parsed.error.issues[0]?.message}`);
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
  ].join(',');
}
