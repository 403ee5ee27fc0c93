import { describe, expect, it } from 'vitest';
import { growBox, packMarginM, packTiles, packTileUrls, tilesOfBox, tileUrl, tileX, tileY, type LngLatBox } from './tile-math.ts';

/**
 * A box just south-east of 0°, 0°: 0.001° to 0.02° east and south. A tile at zoom z is 360 / 2^z degrees wide, and so
 * near the equator (almost) as tall, so counted by hand, with the column offset from 2^(z−1):
 *   z12–14: 0.02° is under one tile (0.088°, 0.044°, 0.022°)               → 1 × 1 each
 *   z15: 0.001 / 0.01099 = 0.09 → column 0, 0.02 / 0.01099 = 1.82 → 1       → 2 × 2 = 4
 *   z16: columns 0.18 → 0 to 3.64 → 3                                         → 4 × 4 = 16
 *   z17: 0.36 → 0 to 7.28 → 7                                                 → 8 × 8 = 64
 *   z18: 0.73 → 0 to 14.56 → 14                                               → 15 × 15 = 225
 * 1 + 1 + 1 + 4 + 16 + 64 + 225 = 312 tiles.
 */
const equatorBox: LngLatBox = { minLng: 0.001, maxLng: 0.02, minLat: -0.02, maxLat: -0.001 };
const noMargin = { marginM: () => 0 };

describe('the tiles of a field pack', () => {
  it('counts the tiles over a box at each zoom as counted by hand', () => {
    const perZoom = [12, 13, 14, 15, 16, 17, 18].map((z) => tilesOfBox(equatorBox, z).length);
    expect(perZoom).toEqual([1, 1, 1, 4, 16, 64, 225]);
    expect(packTiles([equatorBox], noMargin)).toHaveLength(312);
    // Zoom 18 starts at the tile holding 0°, 0° (column and row 2^17) and ends 14 tiles on.
    expect(tileX(0.001, 18)).toBe(131_072);
    expect(tileX(0.02, 18)).toBe(131_086);
    expect(tileY(-0.001, 18)).toBe(131_072);
    expect(tileY(-0.02, 18)).toBe(131_086);
  });

  it('finds the tile of a known place as map services number it (Harare at zoom 12: 2401, 2254)', () => {
    // 31.0335° E, 17.8252° S. x = (31.0335 + 180) / 360 × 4096 = 2401.09; y = (1 − asinh(tan φ) / π) / 2 × 4096
    // with asinh(tan(−17.8252°)) = −0.31645: (1 + 0.10073) / 2 × 4096 = 2254.16.
    expect(tileX(31.0335, 12)).toBe(2401);
    expect(tileY(-17.8252, 12)).toBe(2254);
  });

  it('grows a box by the margin in metres on the ground, wider in degrees of longitude away from the equator', () => {
    const field: LngLatBox = { minLng: 31.2, maxLng: 31.21, minLat: -17.9, maxLat: -17.89 };
    const grown = growBox(field, 1000);
    // 1 km is 0.00898° of latitude everywhere, and 0.00898 / cos(17.9°) = 0.00944° of longitude at the box's edge.
    expect(field.minLat - grown.minLat).toBeCloseTo(0.008983, 5);
    expect(grown.maxLng - field.maxLng).toBeCloseTo(0.008983 / Math.cos((17.909 * Math.PI) / 180), 4);
  });

  it('keeps at least 150 m around a small plot and half the longer side around a large field', () => {
    // A 100 m square plot near Harare.
    expect(packMarginM({ minLng: 31.2, maxLng: 31.200945, minLat: -17.9, maxLat: -17.9009 })).toBe(150);
    // The demo's centre pivot: 552 m across, so 276 m around it.
    expect(packMarginM({ minLng: 31.1986, maxLng: 31.2038, minLat: -17.893, maxLat: -17.888 })).toBeCloseTo(278, -1);
  });

  it('takes each field on its own: two fields far apart cost the sum of their tiles, not the land between them', () => {
    // Six zoom-12 tiles east (6 × 360 / 4096°): the same place in the tile grid at every zoom, so the same 312 tiles.
    const shift = (6 * 360) / 4096;
    const east = { ...equatorBox, minLng: equatorBox.minLng + shift, maxLng: equatorBox.maxLng + shift };
    const tiles = packTiles([equatorBox, east], noMargin);
    expect(tiles).toHaveLength(624);
    const oneBoxOverBoth = packTiles([{ ...equatorBox, maxLng: east.maxLng }], noMargin);
    expect(oneBoxOverBoth.length).toBeGreaterThan(5000);
  });

  it('keeps a tile shared by neighbouring fields once', () => {
    const twice = packTiles([equatorBox, equatorBox], noMargin);
    expect(twice).toHaveLength(312);
    const neighbour = { ...equatorBox, minLng: 0.015, maxLng: 0.03 };
    const keys = packTiles([equatorBox, neighbour], noMargin).map((t) => `${t.z}/${t.x}/${t.y}`);
    expect(new Set(keys).size).toBe(keys.length);
    // They share the zoom 12–14 tiles at least, so fewer than twice 312.
    expect(keys.length).toBeLessThan(2 * 312);
  });

  it('writes URLs from the basemap template as the map asks for them, {s} included', () => {
    expect(tileUrl('https://tiles.example/imagery/{z}/{y}/{x}.jpg', { z: 15, x: 19_033, y: 18_021 })).toBe(
      'https://tiles.example/imagery/15/18021/19033.jpg',
    );
    // Leaflet's subdomain rule: (x + y) % 3 of a, b, c.
    expect(tileUrl('https://{s}.tiles.example/{z}/{x}/{y}.png', { z: 3, x: 1, y: 1 })).toBe('https://c.tiles.example/3/1/1.png');
    expect(tileUrl('https://{s}.tiles.example/{z}/{x}/{y}.png', { z: 3, x: 1, y: 2 })).toBe('https://a.tiles.example/3/1/2.png');
    const urls = packTileUrls('https://tiles.example/{z}/{x}/{y}', [equatorBox], noMargin);
    expect(urls).toHaveLength(312);
    expect(urls[0]).toBe('https://tiles.example/12/2048/2048');
  });

  it('has no tiles to fetch when no satellite imagery is configured', () => {
    expect(packTileUrls(null, [equatorBox])).toEqual([]);
  });
});
