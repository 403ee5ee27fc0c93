import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LngLat } from '@murimi/core';
import type { Sentinel2BandName } from '../stac/sources.ts';
import { encodeTiledGeoTiff } from './cog-writer.ts';
import { demoCrops, type DemoCrop } from './crop-phenology.ts';
import {
  BAND_PIXEL_M,
  dayNumber,
  layOutSite,
  renderScene,
  SUN_AZIMUTH_DEG,
  SUN_ELEVATION_DEG,
  type SkyKind,
  type StressedPatch,
} from './demo-scenes.ts';
import { groupIntoSites, utmProjection, type DemoField, type DemoSite } from './demo-sites.ts';

export interface DemoCatalogRequest {
  fields: DemoField[];
  /** First and last day, YYYY-MM-DD, inclusive; scenes every 5 days from `from`. */
  from: string;
  to: string;
  /** Written into (created if missing). A folder holding anything but an earlier demo catalog is refused. */
  directory: string;
  /** Same seed, same fields and dates: the same pixels, byte for byte. */
  seed?: number;
}

export interface DemoCatalogSummary {
  /** The catalog's root file; serve its folder with `startLocalStacApi`. */
  catalogPath: string;
  /** Acquisition days, YYYY-MM-DD. */
  dates: string[];
  sites: { id: string; epsg: number; fieldIds: string[]; widthPx10m: number; heightPx10m: number }[];
  fields: { id: string; name: string; crop: DemoCrop; siteId: string; stressedPatch: StressedPatch }[];
  /** One per site and date, in date order. */
  items: {
    id: string;
    siteId: string;
    datetime: string;
    sky: SkyKind;
    cloudCoverPct: number;
    /** Per field id: share of its pixels that SCL leaves clear, 0–1. */
    clearShareByField: Record<string, number>;
  }[];
  fileCount: number;
  totalBytes: number;
}

/** The catalog's id; a folder whose catalog.json has it may be written over. */
export const DEMO_CATALOG_ID = 'murimi-demo-imagery';
const COLLECTION_ID = 'sentinel-2-l2a';
/** Sentinel-2A and 2B together revisit a place every 5 days (ESA). */
const REVISIT_DAYS = 5;
const DEFAULT_SEED = 20_241_101;
const STAC_VERSION = '1.0.0';
const COG_MEDIA_TYPE = 'image/tiff; application=geotiff; profile=cloud-optimized';

/** Earth Search's file name for each band. */
const BAND_FILES: Readonly<Record<Sentinel2BandName, string>> = {
  blue: 'B02.tif',
  green: 'B03.tif',
  red: 'B04.tif',
  rededge1: 'B05.tif',
  rededge2: 'B06.tif',
  rededge3: 'B07.tif',
  nir: 'B08.tif',
  nir08: 'B8A.tif',
  swir16: 'B11.tif',
  swir22: 'B12.tif',
  scl: 'SCL.tif',
};

/**
 * Writes a local STAC catalog of simulated Sentinel-2 L2A scenes over the fields: `catalog.json`, a collection
 * `sentinel-2-l2a`, and per site and date an item with the 11 bands the engine reads as tiled GeoTIFFs. Items look
 * like Earth Search v1's (processing baseline 05.10, `earthsearch:boa_offset_applied`), so the engine reads them
 * through the same search, reflectance rule and COG reads as real imagery. Fields are grouped into sites with a
 * scene each, in their own UTM zone (`groupIntoSites`).
 */
export async function writeDemoCatalog(request: DemoCatalogRequest): Promise<DemoCatalogSummary> {
  checkRequest(request);
  const seed = request.seed ?? DEFAULT_SEED;
  const dates = revisitDates(request.from, request.to);
  const directory = path.resolve(request.directory);
  await prepareDirectory(directory);
  const collectionDirectory = path.join(directory, COLLECTION_ID);

  const sites = groupIntoSites(request.fields);
  const layouts = sites.map((site) => layOutSite(site, seed));
  const footprints = sites.map(footprintOf);
  const items: DemoCatalogSummary['items'] = [];
  let fileCount = 0;
  let totalBytes = 0;
  const write = async (file: string, contents: string | Buffer) => {
    await writeFile(file, contents);
    fileCount += 1;
    totalBytes += Buffer.byteLength(contents);
  };

  for (const date of dates) {
    for (const [s, layout] of layouts.entries()) {
      const site = layout.site;
      const scene = renderScene(layout, date);
      const id = `S2SIM_${site.id}_${date.replaceAll('-', '')}_L2A`;
      const itemDirectory = path.join(collectionDirectory, id);
      await mkdir(itemDirectory, { recursive: true });
      for (const band of Object.keys(BAND_FILES) as Sentinel2BandName[]) {
        const pixelSizeM = BAND_PIXEL_M[band];
        const placement = { epsg: site.grid10m.epsg, originX: site.grid10m.originX, originY: site.grid10m.originY, pixelSizeM };
        await write(path.join(itemDirectory, BAND_FILES[band]), encodeTiledGeoTiff(scene.bands[band], placement));
      }
      const datetime = overpassTime(date, footprints[s]!.centre);
      const item = stacItem({ id, site, date, datetime, footprint: footprints[s]!, cloudCoverPct: scene.cloudCoverPct });
      await write(path.join(itemDirectory, `${id}.json`), JSON.stringify(item, null, 2));
      items.push({
        id,
        siteId: site.id,
        datetime,
        sky: scene.sky,
        cloudCoverPct: scene.cloudCoverPct,
        clearShareByField: scene.clearShareByField,
      });
    }
  }

  await write(path.join(collectionDirectory, 'collection.json'), JSON.stringify(stacCollection(items, footprints, dates), null, 2));
  const catalogPath = path.join(directory, 'catalog.json');
  await write(catalogPath, JSON.stringify(stacCatalog(), null, 2));

  return {
    catalogPath,
    dates,
    sites: sites.map((site) => ({
      id: site.id,
      epsg: site.grid10m.epsg,
      fieldIds: site.fields.map((field) => field.id),
      widthPx10m: site.grid10m.width,
      heightPx10m: site.grid10m.height,
    })),
    fields: layouts.flatMap((layout) =>
      layout.site.fields.map((field, k) => ({
        id: field.id,
        name: field.name,
        crop: field.crop,
        siteId: layout.site.id,
        stressedPatch: layout.patches[k]!,
      })),
    ),
    items,
    fileCount,
    totalBytes,
  };
}

const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));

function checkRequest({ fields, from, to }: DemoCatalogRequest): void {
  for (const [name, day] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (!isDay(day)) throw new RangeError(`"${name}" must be a day as YYYY-MM-DD, not "${day}".`);
  }
  if (from > to) throw new RangeError(`The demo season starts (${from}) after it ends (${to}).`);
  if (fields.length === 0) throw new RangeError('The demo catalog needs at least one field.');
  const ids = new Set<string>();
  for (const field of fields) {
    if (ids.has(field.id)) throw new RangeError(`Field id "${field.id}" is given twice.`);
    ids.add(field.id);
    if (!demoCrops.includes(field.crop))
      throw new RangeError(`Field "${field.id}": the demo grows ${demoCrops.join(', ')}, not "${field.crop}".`);
    if (field.peakCover !== undefined && !(field.peakCover > 0.05 && field.peakCover <= 0.95))
      throw new RangeError(`Field "${field.id}": its peak green cover is a share above 0.05 and at most 0.95, not ${field.peakCover}.`);
    if (!isDay(field.plantingDate))
      throw new RangeError(`Field "${field.id}": the planting date must be YYYY-MM-DD, not "${field.plantingDate}".`);
  }
}

/** Every fifth day from `from` up to `to`. */
function revisitDates(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let day = dayNumber(from); day <= dayNumber(to); day += REVISIT_DAYS)
    dates.push(new Date(day * 86_400_000).toISOString().slice(0, 10));
  return dates;
}

/** Refuses to write into a folder that holds anything but an earlier demo catalog, whose scenes it removes. */
async function prepareDirectory(directory: string): Promise<void> {
  const entries = await readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries.length > 0) {
    const catalog = await readFile(path.join(directory, 'catalog.json'), 'utf8').then(
      (text) => JSON.parse(text) as { id?: unknown },
      () => null,
    );
    if (catalog?.id !== DEMO_CATALOG_ID) {
      throw new Error(`${directory} is not empty and holds no demo imagery catalog; choose an empty folder.`);
    }
    await rm(path.join(directory, COLLECTION_ID), { recursive: true, force: true });
  }
  await mkdir(directory, { recursive: true });
}

interface Footprint {
  /** Closed ring of the scene's corners, WGS 84. */
  ring: LngLat[];
  bbox: [number, number, number, number];
  centre: LngLat;
}

function footprintOf(site: DemoSite): Footprint {
  const { originX, originY, width, height, pixelSizeM, epsg } = site.grid10m;
  const toLngLat = (x: number, y: number) => utmProjection(epsg).inverse([x, y]) as LngLat;
  const east = originX + width * pixelSizeM;
  const south = originY - height * pixelSizeM;
  const corners = [toLngLat(originX, originY), toLngLat(east, originY), toLngLat(east, south), toLngLat(originX, south)];
  const lngs = corners.map(([lng]) => lng);
  const lats = corners.map(([, lat]) => lat);
  return {
    ring: [...corners, corners[0]!],
    bbox: [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)],
    centre: toLngLat((originX + east) / 2, (originY + south) / 2),
  };
}

/** Sentinel-2 crosses the equator at 10:30 mean local solar time (ESA): UTC = 10:30 − longitude / 15°. */
function overpassTime(date: string, [lng]: LngLat): string {
  const seconds = Math.round((10.5 - lng / 15) * 3600);
  return new Date(dayNumber(date) * 86_400_000 + seconds * 1000).toISOString().replace('.000Z', 'Z');
}

const stacExtensions = [
  'https://stac-extensions.github.io/eo/v1.1.0/schema.json',
  'https://stac-extensions.github.io/projection/v1.1.0/schema.json',
  'https://stac-extensions.github.io/raster/v1.1.0/schema.json',
  'https://stac-extensions.github.io/view/v1.0.0/schema.json',
];

function stacItem(scene: { id: string; site: DemoSite; date: string; datetime: string; footprint: Footprint; cloudCoverPct: number }) {
  const { epsg, originX, originY, width, height } = scene.site.grid10m;
  const assets: Record<string, unknown> = {};
  for (const band of Object.keys(BAND_FILES) as Sentinel2BandName[]) {
    const pixelSizeM = BAND_PIXEL_M[band];
    assets[band] = {
      href: `./${BAND_FILES[band]}`,
      type: COG_MEDIA_TYPE,
      roles: band === 'scl' ? ['data'] : ['data', 'reflectance'],
      gsd: pixelSizeM,
      'proj:shape': [(height * 10) / pixelSizeM, (width * 10) / pixelSizeM],
      'proj:transform': [pixelSizeM, 0, originX, 0, -pixelSizeM, originY],
      'raster:bands': [
        band === 'scl'
          ? { nodata: 0, data_type: 'uint8', spatial_resolution: pixelSizeM, unit: 'none' }
          : // The pixels are reflectance × 10,000 with no offset, so scale and offset describe them exactly
            // (Earth Search's own items say offset −0.1 although their pixels are already shifted, science.md §1.2).
            { nodata: 0, data_type: 'uint16', spatial_resolution: pixelSizeM, scale: 0.0001, offset: 0 },
      ],
    };
  }
  return {
    type: 'Feature',
    stac_version: STAC_VERSION,
    stac_extensions: stacExtensions,
    id: scene.id,
    collection: COLLECTION_ID,
    bbox: scene.footprint.bbox,
    geometry: { type: 'Polygon', coordinates: [scene.footprint.ring] },
    properties: {
      datetime: scene.datetime,
      platform: Math.floor(dayNumber(scene.date) / REVISIT_DAYS) % 2 === 0 ? 'sentinel-2a' : 'sentinel-2b',
      constellation: 'sentinel-2',
      instruments: ['msi'],
      'eo:cloud_cover': scene.cloudCoverPct,
      'proj:epsg': epsg,
      'view:sun_azimuth': SUN_AZIMUTH_DEG,
      'view:sun_elevation': SUN_ELEVATION_DEG,
      's2:processing_baseline': '05.10',
      // DN = reflectance × 10,000: the engine's rule then reads DN / 10,000 (src/scene/reflectance.ts).
      'earthsearch:boa_offset_applied': true,
      'murimi:simulated': true,
    },
    links: [
      { rel: 'root', href: '../../catalog.json', type: 'application/json' },
      { rel: 'parent', href: '../collection.json', type: 'application/json' },
      { rel: 'collection', href: '../collection.json', type: 'application/json' },
    ],
    assets,
  };
}

function stacCollection(items: DemoCatalogSummary['items'], footprints: Footprint[], dates: string[]) {
  const boxes = footprints.map((footprint) => footprint.bbox);
  return {
    type: 'Collection',
    stac_version: STAC_VERSION,
    stac_extensions: stacExtensions,
    id: COLLECTION_ID,
    title: 'Simulated Sentinel-2 L2A (demo)',
    description:
      'Simulated imagery written by Murimi for demo fields: crop phenology, a stressed patch per field, clouds and shadows. ' +
      'Not observations of any place; every result from it is labelled "simulated".',
    license: 'proprietary',
    extent: {
      // The first box covers all the others, as STAC asks.
      spatial: {
        bbox: [
          [
            Math.min(...boxes.map((b) => b[0])),
            Math.min(...boxes.map((b) => b[1])),
            Math.max(...boxes.map((b) => b[2])),
            Math.max(...boxes.map((b) => b[3])),
          ],
          ...boxes,
        ],
      },
      temporal: { interval: [[`${dates[0]}T00:00:00Z`, `${dates.at(-1)}T23:59:59Z`]] },
    },
    links: [
      { rel: 'root', href: '../catalog.json', type: 'application/json' },
      { rel: 'parent', href: '../catalog.json', type: 'application/json' },
      ...items.map((item) => ({ rel: 'item', href: `./${item.id}/${item.id}.json`, type: 'application/geo+json' })),
    ],
  };
}

function stacCatalog() {
  return {
    type: 'Catalog',
    stac_version: STAC_VERSION,
    id: DEMO_CATALOG_ID,
    title: 'Murimi demo imagery',
    description: 'A local catalog of simulated Sentinel-2 L2A scenes, for working without internet.',
    links: [
      { rel: 'root', href: './catalog.json', type: 'application/json' },
      { rel: 'child', href: `./${COLLECTION_ID}/collection.json`, type: 'application/json' },
    ],
  };
}
