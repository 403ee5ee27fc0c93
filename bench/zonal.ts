/**
 * The imagery engine against GDAL (python3-gdal + numpy) on the same machine in the same run:
 *  (a) decode a whole band of a 4096×4096 4-band UInt16 DEFLATE COG (1024 tiles, predictor 2) written by GDAL;
 *  (b) NDVI statistics for 1,000 random fields of 0.5–50 ha on it (engine: exact coverage weights; GDAL: its
 *      rasterisation, centre rule, then numpy), each side four times: the first pass decodes the tiles as well, the
 *      median of the other three finds them decoded in memory (GDAL's block cache, the engine's) and measures the statistics alone —
 *      ratio engine / GDAL, goal ≤ 1.5 for (a) and ≤ 1.0 for (b)'s second pass, the first field's mean within 0.001;
 *  (c) one field over 20 scene dates served over HTTP as Earth Search serves them (a single-band COG per band,
 *      1024 tiles; red and NIR 10 m, SCL 20 m), read again from the local tile cache: goal ≤ 300 ms.
 *
 *   npm run bench:zonal        (needs gdal-bin, python3-gdal, python3-numpy)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FieldBoundary } from '@murimi/core';
import proj4 from 'proj4';
import { openCog, type CogReader } from '../packages/earth/src/cog/cog-reader.ts';
import { startRangeServer } from '../packages/earth/src/cog/testing/range-server.ts';
import { sharedBlockCache } from '../packages/earth/src/cog/block-memory-cache.ts';
import { TileCache } from '../packages/earth/src/cog/tile-cache.ts';
import { utmDefinition } from '../packages/earth/src/geometry/scene-grid.ts';
import { simulatedSentinel2 } from '../packages/earth/src/stac/sources.ts';
import { startFakeStacServer } from '../packages/earth/src/stac/testing/fake-stac-server.ts';
import { sentinel2ItemFixture } from '../packages/earth/src/stac/testing/stac-item-fixtures.ts';
import { fieldSceneStatistics, type SceneBands } from '../packages/earth/src/zonal/field-statistics.ts';
import { fieldTimeSeries } from '../packages/earth/src/zonal/field-time-series.ts';

const SIZE = 4096;
const ORIGIN_X = 250_000;
const ORIGIN_Y = 8_060_000;
const FIELD_COUNT = 1_000;
const DATES = 20;
const work = mkdtempSync(path.join(tmpdir(), 'murimi-bench-zonal-'));
const cog = path.join(work, 'scene.tif');
const python = (script: string, ...args: string[]) =>
  execFileSync('/usr/bin/python3', ['-c', script, ...args], { maxBuffer: 64 << 20 }).toString();

console.log('Writing a 4096×4096 4-band COG with GDAL…');
python(
  `
import sys, numpy as np
from osgeo import gdal, osr
rng = np.random.default_rng(7)
size = ${SIZE}
x = np.linspace(0, 6, size)[None, :]
y = np.linspace(0, 6, size)[:, None]
ndvi = 0.45 + 0.3 * np.sin(x) * np.cos(y) + rng.normal(0, 0.03, (size, size))
red = (0.03 + 0.05 * (1 - ndvi) + rng.normal(0, 0.004, (size, size))).clip(0.005, 0.5)
nir = (red * (1 + ndvi) / (1 - ndvi)).clip(0.01, 0.9)
bands = [red, nir, (red + nir) / 3, np.full((size, size), 0.0004)]  # the last: SCL 4 (vegetation) everywhere
ds = gdal.GetDriverByName('MEM').Create('', size, size, 4, gdal.GDT_UInt16)
srs = osr.SpatialReference(); srs.ImportFromEPSG(32736)
ds.SetProjection(srs.ExportToWkt())
ds.SetGeoTransform((${ORIGIN_X}, 10, 0, ${ORIGIN_Y}, 0, -10))
# Reflectance bands as baseline-04.00 DN (the +1000 offset the engine and the reference take off); band 4 is SCL.
for i, band in enumerate(bands):
    dn = np.round(band * 10000) + (1000 if i < 3 else 0)
    ds.GetRasterBand(i + 1).WriteArray(dn.astype(np.uint16))
    ds.GetRasterBand(i + 1).SetNoDataValue(0)
options = ['COMPRESS=DEFLATE', 'PREDICTOR=2', 'BLOCKSIZE=1024', 'NUM_THREADS=1']
gdal.Translate(sys.argv[1], ds, format='COG', creationOptions=options)
# Earth Search's layout for (c): one single-band file per band, SCL at 20 m.
for name, index in (('red', 1), ('nir', 2)):
    gdal.Translate(f'{sys.argv[2]}/{name}.tif', ds, format='COG', bandList=[index], creationOptions=options)
scl = gdal.GetDriverByName('MEM').Create('', size // 2, size // 2, 1, gdal.GDT_Byte)
scl.SetProjection(srs.ExportToWkt())
scl.SetGeoTransform((${ORIGIN_X}, 20, 0, ${ORIGIN_Y}, 0, -20))
scl.GetRasterBand(1).WriteArray(np.full((size // 2, size // 2), 4, np.uint8))
scl.GetRasterBand(1).SetNoDataValue(0)
gdal.Translate(f'{sys.argv[2]}/scl.tif', scl, format='COG', creationOptions=options)
`,
  cog,
  work,
);

/** Band 4 holds 4 everywhere: the scene classification "vegetation" (clear). */
const bandOf = (reader: CogReader, band: number): CogReader => ({ ...reader, readWindow: (window) => reader.readWindow(window, band) });

// 1,000 round fields of 0.5–50 ha, centres inside the scene, the same for both.
const random = (() => {
  let seed = 2026;
  return () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
})();
const toLonLat = proj4(utmDefinition(32736), 'EPSG:4326');
const fields = Array.from({ length: FIELD_COUNT }, () => {
  const hectares = 0.5 + random() * 49.5;
  const radius = Math.sqrt((hectares * 10_000) / Math.PI);
  const margin = radius + 20;
  const x = ORIGIN_X + margin + random() * (SIZE * 10 - 2 * margin);
  const y = ORIGIN_Y - margin - random() * (SIZE * 10 - 2 * margin);
  const [lng, lat] = toLonLat.forward([x, y]) as [number, number];
  return { x, y, radius, boundary: { type: 'Point', coordinates: [lng, lat], properties: { radius, circle: true } } as FieldBoundary };
});
const fieldsFile = path.join(work, 'fields.json');
writeFileSync(fieldsFile, JSON.stringify(fields.map(({ x, y, radius }) => ({ x, y, radius }))));

const timeMs = async (run: () => Promise<unknown>) => {
  const started = performance.now();
  await run();
  return performance.now() - started;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// (a) A whole band.
const gdalBand = JSON.parse(
  python(
    `
import sys, time, json
from osgeo import gdal
times = []
for _ in range(3):
    started = time.perf_counter()
    ds = gdal.Open(sys.argv[1])  # kept in a variable: a band outlives a dataset that is not
    ds.GetRasterBand(1).ReadAsArray()
    times.append((time.perf_counter() - started) * 1000)
print(json.dumps(sorted(times)[1]))
`,
    cog,
  ),
) as number;
const bandRuns: number[] = [];
// Each run decodes afresh, as GDAL's does with a newly opened dataset: decoded tiles outlive a reader in the block cache.
for (let run = 0; run < 3; run++) {
  sharedBlockCache.clear();
  bandRuns.push(await timeMs(async () => (await openCog(cog)).readWindow({ x: 0, y: 0, width: SIZE, height: SIZE })));
}
const engineBand = median(bandRuns);

// (b) 1,000 fields.
const gdalFields = JSON.parse(
  python(
    `
import sys, time, json, math
import numpy as np
from osgeo import gdal, ogr, osr
ds = gdal.Open(sys.argv[1])
fields = json.load(open(sys.argv[2]))
srs = osr.SpatialReference(); srs.ImportFromEPSG(32736)
red_band, nir_band, scl_band = ds.GetRasterBand(1), ds.GetRasterBand(2), ds.GetRasterBand(4)
def statistics():
    means = []
    for f in fields:
        ring = ogr.Geometry(ogr.wkbLinearRing)
        for i in range(65):
            a = 2 * math.pi * i / 64
            ring.AddPoint_2D(f['x'] + f['radius'] * math.sin(a), f['y'] + f['radius'] * math.cos(a))
        polygon = ogr.Geometry(ogr.wkbPolygon); polygon.AddGeometry(ring)
        minx, maxx, miny, maxy = polygon.GetEnvelope()
        xoff, yoff = int((minx - ${ORIGIN_X}) // 10), int((${ORIGIN_Y} - maxy) // 10)
        xsize, ysize = int(math.ceil((maxx - ${ORIGIN_X}) / 10)) - xoff, int(math.ceil((${ORIGIN_Y} - miny) / 10)) - yoff
        mem = ogr.GetDriverByName('Memory').CreateDataSource('')
        layer = mem.CreateLayer('f', srs, ogr.wkbPolygon)
        feature = ogr.Feature(layer.GetLayerDefn()); feature.SetGeometry(polygon); layer.CreateFeature(feature)
        mask = gdal.GetDriverByName('MEM').Create('', xsize, ysize, 1, gdal.GDT_Byte)
        mask.SetGeoTransform((${ORIGIN_X} + xoff * 10, 10, 0, ${ORIGIN_Y} - yoff * 10, 0, -10))
        gdal.RasterizeLayer(mask, [1], layer, burn_values=[1])
        inside = mask.ReadAsArray() == 1
        red = (red_band.ReadAsArray(xoff, yoff, xsize, ysize) - 1000) / 10000.0
        nir = (nir_band.ReadAsArray(xoff, yoff, xsize, ysize) - 1000) / 10000.0
        scl = scl_band.ReadAsArray(xoff, yoff, xsize, ysize)
        valid = inside & ~np.isin(scl, [0, 1, 3, 8, 9, 10, 11])
        ndvi = (nir - red) / (nir + red)
        v = ndvi[valid]
        means.append([float(v.mean()), float(np.median(v)), float(np.percentile(v, 10)), float(np.percentile(v, 90)), float(v.std())])
    return means
timings = []
for _ in range(4):  # the first pass decodes the tiles into GDAL's block cache, the others find them there
    started = time.perf_counter()
    means = statistics()
    timings.append((time.perf_counter() - started) * 1000)
print(json.dumps({'coldMs': timings[0], 'ms': sorted(timings[1:])[1], 'first': means[0]}))
`,
    cog,
    fieldsFile,
  ),
) as { coldMs: number; ms: number; first: number[] };
const reader = await openCog(cog);
const bands: SceneBands = { red: bandOf(reader, 0), nir: bandOf(reader, 1), scl: bandOf(reader, 3) };
const reflectance = { collection: 'sentinel-2-l2a', boaOffsetApplied: false, processingBaseline: '05.09' };
let firstMean = 0;
const allFields = async () => {
  for (const [i, field] of fields.entries()) {
    const result = await fieldSceneStatistics({ boundary: field.boundary, index: 'ndvi', bands, reflectance });
    if (i === 0 && 'statistics' in result) firstMean = result.statistics.mean!;
  }
};
// As GDAL's run: the first pass decodes the tiles, the median of three more finds them decoded in memory.
sharedBlockCache.clear();
const engineFieldsCold = await timeMs(allFields);
const engineFields = median([await timeMs(allFields), await timeMs(allFields), await timeMs(allFields)]);

// (c) One field, 20 dates over HTTP, the second time from the tile cache.
const served = path.join(work, 'served');
mkdirSync(served);
for (let i = 0; i < DATES; i++) {
  for (const band of ['red', 'nir', 'scl']) symlinkSync(path.join(work, `${band}.tif`), path.join(served, `scene-${i}-${band}.tif`));
}
const files = await startRangeServer(served);
const stac = await startFakeStacServer([
  {
    features: Array.from({ length: DATES }, (_, i) => {
      const href = (band: string) => files.url(`scene-${i}-${band}.tif`);
      return sentinel2ItemFixture(`S2_BENCH_${i}`, new Date(Date.UTC(2025, 10, 1 + i * 5, 8)).toISOString(), {
        properties: { 'earthsearch:boa_offset_applied': false, 's2:processing_baseline': '05.09', 'proj:epsg': 32736 },
        assets: { red: { href: href('red') }, nir: { href: href('nir') }, scl: { href: href('scl') } },
      });
    }),
  },
]);
const cache = await TileCache.open({ directory: path.join(work, 'cache'), maxBytes: 2 * 1024 ** 3 });
const series = (boundary = fields[0]!.boundary) =>
  fieldTimeSeries({
    source: simulatedSentinel2(stac.url),
    boundary,
    from: '2025-11-01',
    to: '2026-03-31',
    index: 'ndvi',
    cog: { cache },
  });
const coldMs = await timeMs(() => series());
const requestsAfterCold = files.requests.length;
const warmMs = median([await timeMs(() => series()), await timeMs(() => series()), await timeMs(() => series())]);
const requestsWhileWarm = files.requests.length - requestsAfterCold;
// As a new process would: nothing decoded in memory; the field's windows and their tiles on disk.
const diskOnlyRuns: number[] = [];
for (let run = 0; run < 3; run++) {
  sharedBlockCache.clear();
  diskOnlyRuns.push(await timeMs(() => series()));
}
const diskOnlyMs = median(diskOnlyRuns);
// A neighbouring field 100 m east, never asked for: its tiles are on disk, compressed, and must be inflated.
const [lng, lat] = (fields[0]!.boundary as { coordinates: [number, number] }).coordinates;
const neighbour = { ...fields[0]!.boundary, coordinates: [lng + 0.00095, lat] } as FieldBoundary;
sharedBlockCache.clear();
const requestsBeforeNeighbour = files.requests.length;
const neighbourMs = await timeMs(() => series(neighbour));
const neighbourRequests = files.requests.length - requestsBeforeNeighbour;
await stac.close();
await files.close();

const f = (ms: number) => `${ms.toFixed(0)} ms`;
console.log(
  `\n(a) whole band 4096×4096 (16 tiles):  engine ${f(engineBand)}, GDAL ${f(gdalBand)}  ratio ${(engineBand / gdalBand).toFixed(2)}  goal ≤ 1.5: ${engineBand / gdalBand <= 1.5 ? 'met' : 'MISSED'}`,
);
console.log(
  `(b) NDVI statistics, ${FIELD_COUNT} fields of 0.5–50 ha, tiles decoded in memory:  engine ${f(engineFields)} (exact coverage), ` +
    `GDAL + numpy ${f(gdalFields.ms)} (centre rule)  ratio ${(engineFields / gdalFields.ms).toFixed(2)}  ` +
    `goal ≤ 1.0: ${engineFields / gdalFields.ms <= 1 ? 'met' : 'MISSED'}`,
);
console.log(
  `    the first pass, decoding the tiles as well: engine ${f(engineFieldsCold)}, GDAL ${f(gdalFields.coldMs)}  ` +
    `ratio ${(engineFieldsCold / gdalFields.coldMs).toFixed(2)}`,
);
const meanGap = Math.abs(firstMean - gdalFields.first[0]!);
console.log(
  `    first field's mean NDVI: engine ${firstMean.toFixed(4)}, GDAL ${gdalFields.first[0]!.toFixed(4)} (different edge rules), ` +
    `apart by ${meanGap.toFixed(5)}  goal ≤ 0.001: ${meanGap <= 1e-3 ? 'met' : 'MISSED'}`,
);
console.log(
  `(c) one field, ${DATES} dates over HTTP: first ${f(coldMs)} (${requestsAfterCold} range requests); again with tiles decoded in memory ` +
    `${f(warmMs)} (${requestsWhileWarm} requests); from the disk cache alone (a new process) ${f(diskOnlyMs)}  goal ≤ 300 ms: ` +
    `${diskOnlyMs <= 300 ? 'met' : warmMs <= 300 ? 'met in memory, MISSED from disk' : 'MISSED'}`,
);
console.log(
  `    a neighbouring field 100 m away, from its cached compressed tiles (inflated again): ${f(neighbourMs)} (${neighbourRequests} requests)`,
);
