import type { FieldPixels } from '@murimi/earth';
import { describe, expect, it } from 'vitest';
import { seasonComposite, seasonZones, type SeasonImage } from './zones.composite.ts';

// A 2 × 1 window on a UTM 36S grid; another tile of the same zone (origin 10 km west) and the neighbouring zone.
const zone36 = { epsg: 32736, originX: 300_000, originY: 8_000_000, pixelSizeM: 10, width: 10_980, height: 10_980 };
const zone36West = { ...zone36, originX: 290_000 };
const zone35 = { ...zone36, epsg: 32735, originX: 800_000 };

function image(date: string, values: number[], grid = zone36, column = 100, clearFraction = 1): SeasonImage {
  const pixels: FieldPixels = {
    grid,
    column,
    row: 50,
    width: 2,
    height: 1,
    values: Float32Array.from(values),
    fractions: Float64Array.from([1, 0.5]),
  };
  return { date, sceneId: `S2_${date}_${grid.epsg}_${grid.originX}`, clearFraction, pixels };
}

describe('seasonComposite', () => {
  it('takes the per-pixel median of the dates on one grid, oldest first', () => {
    const composite = seasonComposite([image('2026-02-10', [0.5, NaN]), image('2026-01-01', [0.3, 0.2]), image('2026-01-20', [0.7, 0.4])])!;
    expect(Array.from(composite.window.values)).toEqual([0.5, expect.closeTo(0.3, 6)]);
    expect(composite.dates).toEqual(['2026-01-01', '2026-01-20', '2026-02-10']);
    expect(composite.sceneIds[0]).toBe('S2_2026-01-01_32736_300000');
    expect(Array.from(composite.window.fractions)).toEqual([1, 0.5]);
    expect(composite.datesOnOtherGrid).toEqual([]);
  });

  it('leaves out and counts the dates on another UTM zone, keeping the grid with more dates', () => {
    const composite = seasonComposite([
      image('2026-01-01', [0.3, 0.3]),
      image('2026-01-03', [0.9, 0.9], zone35, 7),
      image('2026-01-11', [0.5, 0.5]),
      image('2026-01-13', [0.9, 0.9], zone35, 7),
      image('2026-01-21', [0.7, 0.7]),
    ])!;
    expect(composite.dates).toEqual(['2026-01-01', '2026-01-11', '2026-01-21']);
    expect(composite.datesOnOtherGrid).toEqual(['2026-01-03', '2026-01-13']);
    expect(composite.window.grid.epsg).toBe(32736);
    expect(Array.from(composite.window.values)).toEqual([0.5, 0.5]);
  });

  it('treats two tiles of one zone as one grid, and a date seen on both once, from the clearer tile', () => {
    // Column 100 on the eastern tile is column 1100 on the tile 10 km west: the same pixels on the ground.
    const composite = seasonComposite([
      image('2026-01-01', [0.2, 0.2], zone36, 100, 0.85),
      image('2026-01-01', [0.4, 0.4], zone36West, 1100, 0.95),
      image('2026-01-11', [0.6, 0.6], zone36West, 1100),
    ])!;
    expect(composite.dates).toEqual(['2026-01-01', '2026-01-11']);
    expect(composite.sceneIds).toEqual(['S2_2026-01-01_32736_290000', 'S2_2026-01-11_32736_290000']);
    expect(Array.from(composite.window.values)).toEqual([expect.closeTo(0.5, 6), expect.closeTo(0.5, 6)]);
    expect(composite.datesOnOtherGrid).toEqual([]);
  });

  it('on a tie between grids keeps the one with the latest date, and is null without images', () => {
    const composite = seasonComposite([image('2026-01-01', [0.3, 0.3]), image('2026-01-05', [0.9, 0.9], zone35, 7)])!;
    expect(composite.dates).toEqual(['2026-01-05']);
    expect(composite.datesOnOtherGrid).toEqual(['2026-01-01']);
    expect(seasonComposite([])).toBeNull();
  });
});

describe('seasonZones', () => {
  it('classifies the composite, and makes no zones without an image or without a pixel of value', () => {
    const made = seasonZones([image('2026-01-01', [0.2, 0.8]), image('2026-01-11', [0.3, 0.7])], 3);
    expect(made.composite?.dates).toEqual(['2026-01-01', '2026-01-11']);
    expect(made.zones?.zoneCount).toBe(3);
    // The low pixel is zone 1, the high one the top zone.
    expect(made.zones!.labels[0]).toBeLessThan(made.zones!.labels[1]!);
    expect(seasonZones([image('2026-01-01', [NaN, NaN])], 3)).toMatchObject({ composite: { dates: ['2026-01-01'] }, zones: null });
    expect(seasonZones([], 3)).toEqual({ composite: null, zones: null });
  });
});
