import type { CogReader } from '../cog-reader.ts';

/**
 * A band of one value everywhere, held in memory on the grid of the Sentinel-2 test scene (UTM 36S, top-left corner
 * 292000, 8029000): for tests that need exact, uniform reflectance.
 */
export function memoryBand(size: number, pixelSizeM: number, value: number): CogReader {
  return {
    location: `memory:${value}`,
    width: size,
    height: size,
    bandCount: 1,
    dataType: 'uint16',
    tileWidth: size,
    tileHeight: size,
    geoTransform: { originX: 292000, originY: 8029000, pixelSizeX: pixelSizeM, pixelSizeY: -pixelSizeM, rotationX: 0, rotationY: 0 },
    epsg: 32736,
    nodata: 0,
    readWindow: async (window) => ({
      values: new Uint16Array(window.width * window.height).fill(value),
      width: window.width,
      height: window.height,
    }),
  };
}
