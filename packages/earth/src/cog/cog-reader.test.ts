import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fromFile } from 'geotiff';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sharedBlockCache } from './block-memory-cache.ts';
import { CogError } from './cog-error.ts';
import { openCog, type PixelWindow, type RasterSamples } from './cog-reader.ts';
import { startRangeServer, type RangeServer } from './testing/range-server.ts';

// Each test starts as a fresh process would: no decoded blocks in memory, so request counts are its own.
beforeEach(() => sharedBlockCache.clear());
import { TileCache } from './tile-cache.ts';
import { useZlibDeflateInGeoTiff } from './zlib-decoder.ts';

const fixtures = fileURLToPath(new URL('../../test/fixtures/cog/', import.meta.url));
const fixture = (name: string) => path.join(fixtures, name);

/** GDAL (through /usr/bin/python3) as the independent reader every read is compared with. */
const gdalScript = `
import base64, json, sys
from osgeo import gdal
gdal.UseExceptions()
dataset = gdal.Open(sys.argv[1])
band = dataset.GetRasterBand(1)
if sys.argv[2] == 'info':
    block = band.GetBlockSize()
    print(json.dumps({
        'width': dataset.RasterXSize, 'height': dataset.RasterYSize, 'blockSize': block,
        'geoTransform': dataset.GetGeoTransform(), 'epsg': int(dataset.GetSpatialRef().GetAuthorityCode(None)),
        'nodata': band.GetNoDataValue(), 'dataType': gdal.GetDataTypeName(band.DataType),
    }))
elif sys.argv[2] == 'block':
    column, row = sys.argv[3], sys.argv[4]
    print(json.dumps([int(band.GetMetadataItem(f'BLOCK_{key}_{column}_{row}', 'TIFF')) for key in ('OFFSET', 'SIZE')]))
else:
    x, y, width, height = (int(v) for v in sys.argv[3:7])
    values = band.ReadAsArray(x, y, width, height)
    print(base64.b64encode(values.astype(values.dtype.newbyteorder('<')).tobytes()).decode())
`;
const gdal = (...args: string[]) => execFileSync('/usr/bin/python3', ['-c', gdalScript, ...args], { encoding: 'utf8' });

/** GDAL's ReadAsArray of a window, as little-endian bytes. */
function gdalWindowBytes(file: string, { x, y, width, height }: PixelWindow): Buffer {
  return Buffer.from(gdal(file, 'window', String(x), String(y), String(width), String(height)).trim(), 'base64');
}

const bytesOf = (values: RasterSamples) => Buffer.from(values.buffer, values.byteOffset, values.byteLength);

const tileBorders: PixelWindow = { x: 230, y: 240, width: 40, height: 30 }; // four 256 × 256 tiles
const bottomRightEdge: PixelWindow = { x: 570, y: 490, width: 30, height: 30 }; // the last, ragged tile
const nodataCorner: PixelWindow = { x: 0, y: 0, width: 50, height: 50 };
const insideOneTile: PixelWindow = { x: 300, y: 20, width: 25, height: 25 }; // tile column 1, row 0

describe('openCog on files', () => {
  it.each(['b04-10m.tif', 'b05-20m.tif', 'ndvi-f32.tif'])(
    'reads size, tiles, geotransform, EPSG and NoData of %s as GDAL does',
    async (name) => {
      const info = JSON.parse(gdal(fixture(name), 'info')) as {
        width: number;
        height: number;
        blockSize: [number, number];
        geoTransform: number[];
        epsg: number;
        nodata: number;
        dataType: string;
      };
      const cog = await openCog(fixture(name));
      expect({
        width: cog.width,
        height: cog.height,
        tileWidth: cog.tileWidth,
        tileHeight: cog.tileHeight,
        epsg: cog.epsg,
        nodata: cog.nodata,
      }).toEqual({
        width: info.width,
        height: info.height,
        tileWidth: info.blockSize[0],
        tileHeight: info.blockSize[1],
        epsg: info.epsg,
        nodata: info.nodata,
      });
      const t = cog.geoTransform!;
      expect([t.originX, t.pixelSizeX, t.rotationX, t.originY, t.rotationY, t.pixelSizeY]).toEqual(info.geoTransform);
      expect(cog.dataType).toBe(info.dataType.toLowerCase());
      expect(cog.bandCount).toBe(1);
    },
  );

  it('reads the 10 m band as UTM 36S with 10 m pixels and NoData 0', async () => {
    const cog = await openCog(fixture('b04-10m.tif'));
    expect(cog.epsg).toBe(32736);
    expect(cog.geoTransform).toEqual({ originX: 300000, originY: 8030000, pixelSizeX: 10, pixelSizeY: -10, rotationX: 0, rotationY: 0 });
    expect(cog.nodata).toBe(0);
  });

  it.each([
    ['a window across four tiles', tileBorders],
    ['a window at the bottom-right edge (ragged tile)', bottomRightEdge],
    ['a window in the NoData corner', nodataCorner],
    ['the whole band', { x: 0, y: 0, width: 600, height: 520 }],
  ])('reads %s of the 10 m band exactly as GDAL', async (_, window) => {
    const cog = await openCog(fixture('b04-10m.tif'));
    const read = await cog.readWindow(window);
    expect(read.width).toBe(window.width);
    expect(read.height).toBe(window.height);
    expect(read.values).toBeInstanceOf(Uint16Array);
    expect(read.values.length).toBe(window.width * window.height);
    expect(bytesOf(read.values).equals(gdalWindowBytes(fixture('b04-10m.tif'), window))).toBe(true);
  });

  it('reads the 20 m band and the Float32 band (floating-point predictor) exactly as GDAL', async () => {
    for (const [name, window] of [
      ['b05-20m.tif', { x: 0, y: 0, width: 300, height: 260 }],
      ['b05-20m.tif', { x: 250, y: 200, width: 50, height: 60 }],
      ['ndvi-f32.tif', { x: 0, y: 0, width: 160, height: 120 }],
      ['ndvi-f32.tif', { x: 100, y: 10, width: 40, height: 100 }],
    ] as const) {
      const read = await (await openCog(fixture(name))).readWindow(window);
      expect(bytesOf(read.values).equals(gdalWindowBytes(fixture(name), window)), `${name} ${JSON.stringify(window)}`).toBe(true);
    }
    const ndvi = await (await openCog(fixture('ndvi-f32.tif'))).readWindow({ x: 0, y: 0, width: 5, height: 1 });
    expect(ndvi.values).toBeInstanceOf(Float32Array);
    expect(Array.from(ndvi.values.subarray(0, 4))).toEqual([-9999, -9999, -9999, -9999]);
  });

  it('fills the part of a window beyond the edge with NoData', async () => {
    const cog = await openCog(fixture('b04-10m.tif'));
    const read = await cog.readWindow({ x: 570, y: 490, width: 40, height: 35 });
    const edgeBytes = gdalWindowBytes(fixture('b04-10m.tif'), bottomRightEdge);
    const inside = new Uint16Array(new Uint8Array(edgeBytes).buffer);
    for (let row = 0; row < 35; row++) {
      for (let column = 0; column < 40; column++) {
        const expected = row < 30 && column < 30 ? inside[row * 30 + column] : 0;
        expect(read.values[row * 40 + column], `row ${row} column ${column}`).toBe(expected);
      }
    }
    const topLeft = await cog.readWindow({ x: -3, y: -2, width: 10, height: 10 });
    expect(topLeft.values[0]).toBe(0);
    expect(topLeft.values[9 * 10 + 9]).toBe(gdalWindowBytes(fixture('b04-10m.tif'), { x: 6, y: 7, width: 1, height: 1 }).readUInt16LE(0));
  });

  it('refuses a window with no pixel on the raster, a bad window and a missing band', async () => {
    const cog = await openCog(fixture('b04-10m.tif'));
    await expect(cog.readWindow({ x: 600, y: 0, width: 10, height: 10 })).rejects.toThrow(
      /^Window 10×10 at \(600, 0\) lies outside the 600×520 raster .*b04-10m\.tif$/,
    );
    await expect(cog.readWindow({ x: -10, y: 5, width: 10, height: 10 })).rejects.toThrow(RangeError);
    await expect(cog.readWindow({ x: 0, y: 0, width: 0, height: 10 })).rejects.toThrow(RangeError);
    await expect(cog.readWindow({ x: 0.5, y: 0, width: 10, height: 10 })).rejects.toThrow(RangeError);
    await expect(cog.readWindow({ x: 0, y: 0, width: 1, height: 1 }, 1)).rejects.toThrow('Band 1 does not exist');
  });

  it('answers not-found for a missing file and unsupported for a file that is not a TIFF', async () => {
    await expect(openCog(fixture('missing.tif'))).rejects.toMatchObject({ name: 'CogError', kind: 'not-found' });
    await expect(openCog(fixture('make-fixtures.sh'))).rejects.toMatchObject({ kind: 'unsupported' });
  });

  it.each(['NONE', 'LZW', 'ZSTD'])('reads a COG compressed with %s, with the predictor, as GDAL does', async (compress) => {
    const folder = await mkdtemp(path.join(tmpdir(), 'murimi-cog-'));
    try {
      const file = path.join(folder, `b05-${compress}.tif`);
      const predictor = compress === 'NONE' ? [] : ['-co', 'PREDICTOR=2'];
      execFileSync('gdal_translate', [
        '-q',
        '-of',
        'COG',
        '-co',
        `COMPRESS=${compress}`,
        ...predictor,
        '-co',
        'BLOCKSIZE=128',
        fixture('b05-20m.tif'),
        file,
      ]);
      const whole = { x: 0, y: 0, width: 300, height: 260 };
      const read = await (await openCog(file)).readWindow(whole);
      expect(bytesOf(read.values).equals(gdalWindowBytes(file, whole))).toBe(true);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('refuses a compression it does not handle, saying which', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'murimi-cog-'));
    try {
      const file = path.join(folder, 'b05-lerc.tif');
      execFileSync('gdal_translate', ['-q', '-of', 'COG', '-co', 'COMPRESS=LERC', fixture('b05-20m.tif'), file]);
      await expect(openCog(file)).rejects.toMatchObject({
        kind: 'unsupported',
        message: expect.stringContaining('TIFF compression 34887'),
      });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('reads file: URLs', async () => {
    const cog = await openCog(new URL('../../test/fixtures/cog/b05-20m.tif', import.meta.url).href);
    expect(cog.width).toBe(300);
  });

  it('lets geotiff.js decode with the same zlib decoder, to the same values', async () => {
    useZlibDeflateInGeoTiff();
    const image = await (await fromFile(fixture('b04-10m.tif'))).getImage(0);
    const { x, y, width, height } = tileBorders;
    const [expected] = (await image.readRasters({ window: [x, y, x + width, y + height], samples: [0] })) as unknown as [Uint16Array];
    const read = await (await openCog(fixture('b04-10m.tif'))).readWindow(tileBorders);
    expect(Array.from(read.values)).toEqual(Array.from(expected));
  });
});

describe('openCog over HTTP', () => {
  let server: RangeServer;
  let cacheFolder: string;
  const fast = { retries: 1, retryDelayMs: 1, timeoutMs: 2000 };

  beforeAll(async () => {
    server = await startRangeServer(fixtures);
    cacheFolder = await mkdtemp(path.join(tmpdir(), 'murimi-cog-cache-'));
  });
  afterAll(async () => {
    await server.close();
    await rm(cacheFolder, { recursive: true, force: true });
  });
  afterEach(() => {
    server.clearFaults();
    server.clearRequests();
  });

  const tileRange = (column: number, row: number) => {
    const [offset, size] = JSON.parse(gdal(fixture('b04-10m.tif'), 'block', String(column), String(row))) as [number, number];
    return `bytes=${offset}-${offset + size - 1}`;
  };

  it('reads what the file read gives, with one header request and one request per tile the window touches', async () => {
    const cog = await openCog(server.url('b04-10m.tif'));
    expect(server.requests.map((r) => r.range)).toEqual(['bytes=0-16383']);
    expect(cog.epsg).toBe(32736);

    server.clearRequests();
    const one = await cog.readWindow(insideOneTile);
    expect(server.requests.map((r) => [r.range, r.status])).toEqual([[tileRange(1, 0), 206]]);
    expect(bytesOf(one.values).equals(gdalWindowBytes(fixture('b04-10m.tif'), insideOneTile))).toBe(true);

    // Read again: the decoded tile is in memory, no request.
    server.clearRequests();
    await cog.readWindow(insideOneTile);
    expect(server.requests).toEqual([]);

    server.clearRequests();
    sharedBlockCache.clear();
    const four = await cog.readWindow(tileBorders);
    expect(server.requests.map((r) => r.range).sort()).toEqual([tileRange(0, 0), tileRange(1, 0), tileRange(0, 1), tileRange(1, 1)].sort());
    const fromFile = await (await openCog(fixture('b04-10m.tif'))).readWindow(tileBorders);
    expect(Array.from(four.values)).toEqual(Array.from(fromFile.values));

    server.clearRequests();
    sharedBlockCache.clear();
    const whole = await cog.readWindow({ x: 0, y: 0, width: 600, height: 520 });
    expect(server.requests).toHaveLength(9);
    expect(bytesOf(whole.values).equals(gdalWindowBytes(fixture('b04-10m.tif'), { x: 0, y: 0, width: 600, height: 520 }))).toBe(true);
  });

  it('fetches a tile once for windows read at the same time', async () => {
    const cog = await openCog(server.url('b04-10m.tif'));
    server.clearRequests();
    await Promise.all([cog.readWindow(insideOneTile), cog.readWindow({ ...insideOneTile, x: 340 })]);
    expect(server.requests).toHaveLength(1);
  });

  it('reads a second time from the disk cache without touching the network', async () => {
    const first = await openCog(server.url('b05-20m.tif'), {
      cache: await TileCache.open({ directory: cacheFolder, maxBytes: 10_000_000 }),
    });
    const window = { x: 200, y: 150, width: 50, height: 40 };
    const fetched = await first.readWindow(window);
    expect(server.requests.length).toBe(2); // header + one tile

    server.clearRequests();
    const reopenedCache = await TileCache.open({ directory: cacheFolder, maxBytes: 10_000_000 });
    const second = await openCog(server.url('b05-20m.tif'), { cache: reopenedCache });
    const cached = await second.readWindow(window);
    expect(server.requests).toEqual([]);
    expect(Array.from(cached.values)).toEqual(Array.from(fetched.values));
    expect(bytesOf(cached.values).equals(gdalWindowBytes(fixture('b05-20m.tif'), window))).toBe(true);
  });

  it('answers a window read again after a restart from the disk cache without decoding its tile', async () => {
    const window = { x: 20, y: 30, width: 64, height: 48 };
    const first = await openCog(server.url('b04-10m.tif'), {
      cache: await TileCache.open({ directory: cacheFolder, maxBytes: 10_000_000 }),
    });
    const fetched = await first.readWindow(window);

    // A new process: nothing decoded in memory, the cache folder opened afresh.
    sharedBlockCache.clear();
    const second = await openCog(server.url('b04-10m.tif'), {
      cache: await TileCache.open({ directory: cacheFolder, maxBytes: 10_000_000 }),
    });
    const again = await second.readWindow(window);
    expect(sharedBlockCache.sizeBytes).toBe(0);
    expect(again.values).toBeInstanceOf(Uint16Array);
    expect(bytesOf(again.values).equals(bytesOf(fetched.values))).toBe(true);
    expect(bytesOf(again.values).equals(gdalWindowBytes(fixture('b04-10m.tif'), window))).toBe(true);

    // Another window of the same tile is decoded from the cached tile bytes, not taken from the first window.
    const other = await second.readWindow({ ...window, x: 21 });
    expect(sharedBlockCache.sizeBytes).toBeGreaterThan(0);
    expect(bytesOf(other.values).equals(gdalWindowBytes(fixture('b04-10m.tif'), { ...window, x: 21 }))).toBe(true);
  });

  it('answers a 403 at once as CogError http 403, without retrying', async () => {
    server.injectFault({ status: 403 });
    const error = await openCog(server.url('b04-10m.tif'), { retries: 3, retryDelayMs: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CogError);
    expect(error).toMatchObject({ kind: 'http', status: 403, url: server.url('b04-10m.tif') });
    expect(server.requests).toHaveLength(1);

    server.clearFaults();
    const cog = await openCog(server.url('b04-10m.tif'), fast);
    server.injectFault({ status: 403 });
    await expect(cog.readWindow(insideOneTile)).rejects.toMatchObject({ kind: 'http', status: 403 });
  });

  it('answers not-found for a 404', async () => {
    await expect(openCog(server.url('nothing-here.tif'), fast)).rejects.toMatchObject({ kind: 'not-found', status: 404 });
  });

  it('answers truncated when a tile arrives short, after retrying; never zeros', async () => {
    const cog = await openCog(server.url('b04-10m.tif'), fast);
    server.clearRequests();
    server.injectFault({ cutAfterBytes: 100 });
    const error = await cog.readWindow(insideOneTile).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'CogError', kind: 'truncated', status: 206 });
    expect((error as Error).message).toMatch(/connection closed before the end of bytes=\d+-\d+ \(2 attempts\)$/);
    expect(server.requests).toHaveLength(2);
  });

  it('retries a 503 and then reads the tile', async () => {
    const cog = await openCog(server.url('b04-10m.tif'), fast);
    server.clearRequests();
    server.injectFault({ status: 503, times: 1 });
    const read = await cog.readWindow(insideOneTile);
    expect(server.requests.map((r) => r.status)).toEqual([503, 206]);
    expect(bytesOf(read.values).equals(gdalWindowBytes(fixture('b04-10m.tif'), insideOneTile))).toBe(true);
  });

  it('gives up on a slow server with a timeout, and on a closed port with a network error', async () => {
    server.injectFault({ delayMs: 400 });
    await expect(openCog(server.url('b04-10m.tif'), { retries: 0, timeoutMs: 100 })).rejects.toMatchObject({ kind: 'timeout' });

    const closed = await startRangeServer(fixtures);
    const url = closed.url('b04-10m.tif');
    await closed.close();
    await expect(openCog(url, { retries: 1, retryDelayMs: 1 })).rejects.toMatchObject({ kind: 'network', url });
  });

  it('refuses a server that ignores Range for tile reads', async () => {
    const file = await (await import('node:fs/promises')).readFile(fixture('b04-10m.tif'));
    const wholeFile: typeof fetch = async () => new Response(file, { status: 200, headers: { 'Content-Length': String(file.byteLength) } });
    await expect(openCog('https://imagery.invalid/b04.tif', { fetch: wholeFile })).rejects.toMatchObject({
      kind: 'unsupported',
      status: 200,
    });
  });

  it('keeps no more requests in flight than its concurrency', async () => {
    let active = 0;
    let mostActive = 0;
    const counting: typeof fetch = async (input, init) => {
      active++;
      mostActive = Math.max(mostActive, active);
      try {
        const response = await fetch(input, init);
        // Hold the slot while the body is read, as the reader does.
        const body = await response.arrayBuffer();
        return new Response(body, { status: response.status, headers: response.headers });
      } finally {
        active--;
      }
    };
    server.injectFault({ delayMs: 20 });
    const cog = await openCog(server.url('b04-10m.tif'), { fetch: counting, concurrency: 2 });
    await cog.readWindow({ x: 0, y: 0, width: 600, height: 520 });
    expect(mostActive).toBe(2);
    expect(server.requests).toHaveLength(10);
  });

  it('shares a process-wide limit of 8 requests between readers by default', async () => {
    let active = 0;
    let mostActive = 0;
    const counting: typeof fetch = async (input, init) => {
      active++;
      mostActive = Math.max(mostActive, active);
      try {
        const response = await fetch(input, init);
        return new Response(await response.arrayBuffer(), { status: response.status, headers: response.headers });
      } finally {
        active--;
      }
    };
    const readers = await Promise.all([
      openCog(server.url('b04-10m.tif'), { fetch: counting }),
      openCog(server.url('b05-20m.tif'), { fetch: counting }),
    ]);
    server.injectFault({ delayMs: 30 });
    await Promise.all([
      readers[0].readWindow({ x: 0, y: 0, width: 600, height: 520 }),
      readers[1].readWindow({ x: 0, y: 0, width: 300, height: 260 }),
    ]);
    expect(mostActive).toBe(8);
  });
});

describe('openCog on a file that is not what its header says', () => {
  it('answers truncated when a tile lies past the end of the file', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'murimi-cog-'));
    try {
      const whole = await (await import('node:fs/promises')).readFile(fixture('b04-10m.tif'));
      const cut = path.join(folder, 'cut.tif');
      await writeFile(cut, whole.subarray(0, whole.byteLength - 2000));
      const cog = await openCog(cut);
      await expect(cog.readWindow({ x: 590, y: 510, width: 10, height: 10 })).rejects.toMatchObject({ kind: 'truncated', url: cut });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
