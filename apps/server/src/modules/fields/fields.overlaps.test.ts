import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { circleToPolygon, measureFieldBoundary, type LngLat, type PolygonBoundary } from '@murimi/core';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readBoundaryFile, type FieldImportDraft } from './fields.import.ts';
import { findOverlaps } from './fields.overlaps.ts';

/** A rectangle from its south-west corner, sides in degrees. */
const rectangle = (lng: number, lat: number, widthDegrees: number, heightDegrees: number): PolygonBoundary => ({
  type: 'Polygon',
  coordinates: [
    [
      [lng, lat],
      [lng + widthDegrees, lat],
      [lng + widthDegrees, lat + heightDegrees],
      [lng, lat + heightDegrees],
      [lng, lat],
    ],
  ],
});

const hectares = (polygon: PolygonBoundary) => {
  const measured = measureFieldBoundary(polygon);
  if (measured.ok) return measured.value.areaHectares;
  return measured.problem.areaHectares!;
};

const draft = (index: number, name: string, boundary: PolygonBoundary, status: 'ready' | 'invalid' = 'ready'): FieldImportDraft => ({
  index,
  name,
  boundary,
  areaHectares: status === 'ready' ? hectares(boundary) : null,
  status,
  reasons: [],
  overlaps: [],
  overlapsChecked: true,
});

const overlapsOf = (...args: Parameters<typeof findOverlaps>) => findOverlaps(...args).drafts;

describe('overlaps of imported drafts', () => {
  it('reports the area two drafts share on both of them, measured like a field', () => {
    const west = rectangle(31, -17.8, 0.004, 0.003);
    const east = rectangle(31.003, -17.8, 0.004, 0.003);
    const [first, second] = overlapsOf([draft(0, 'West', west), draft(1, 'East', east)], []);
    const shared = hectares(rectangle(31.003, -17.8, 0.001, 0.003));
    expect(shared).toBeGreaterThan(3);
    expect(first!.overlaps).toEqual([{ draftIndex: 1, name: 'East', overlapHectares: Number(shared.toFixed(4)) }]);
    expect(second!.overlaps).toEqual([{ draftIndex: 0, name: 'West', overlapHectares: Number(shared.toFixed(4)) }]);
  });

  it('measures overlaps smaller than a field, and ignores slivers under 0.01 ha along a shared edge', () => {
    // 0.0001° × 0.003° ≈ 10.6 m × 332 m ≈ 0.35 ha: too small for a field, but land counted twice.
    const [field] = overlapsOf(
      [draft(0, 'Field', rectangle(31, -17.8, 0.004, 0.003)), draft(1, 'Small', rectangle(31.0039, -17.8, 0.003, 0.003))],
      [],
    );
    const expected = hectares(rectangle(31.0039, -17.8, 0.0001, 0.003));
    expect(expected).toBeGreaterThan(0.3);
    expect(expected).toBeLessThan(0.5);
    expect(field!.overlaps).toEqual([{ draftIndex: 1, name: 'Small', overlapHectares: Number(expected.toFixed(4)) }]);
    // The same edge drawn 5 cm apart: ~17 m² shared.
    const [left, right] = overlapsOf(
      [draft(0, 'Left', rectangle(31, -17.8, 0.004, 0.003)), draft(1, 'Right', rectangle(31.0039995, -17.8, 0.004, 0.003))],
      [],
    );
    expect(left!.overlaps).toEqual([]);
    expect(right!.overlaps).toEqual([]);
  });

  it('checks existing fields, circles as their traced polygon, and leaves invalid drafts out', () => {
    const pivotCentre: LngLat = [31.0, -17.8];
    const drafts = [
      draft(0, 'Over the pivot', rectangle(31.0, -17.8, 0.004, 0.003)),
      draft(1, 'Bad', rectangle(31.0, -17.8, 0.004, 0.003), 'invalid'),
      draft(2, 'Far away', rectangle(32, -18, 0.004, 0.003)),
    ];
    const [over, bad, far] = overlapsOf(drafts, [
      { id: 'f-1', name: 'Pivot', boundary: { type: 'Point', coordinates: pivotCentre, properties: { radius: 200, circle: true } } },
    ]);
    // The north-east quarter of the 64-corner circle.
    const quarter = hectares(circleToPolygon(pivotCentre, 200)) / 4;
    expect(over!.overlaps).toHaveLength(1);
    expect(over!.overlaps[0]).toMatchObject({ fieldId: 'f-1', name: 'Pivot' });
    expect(over!.overlaps[0]!.overlapHectares).toBeCloseTo(quarter, 2);
    expect(bad!.overlaps).toEqual([]);
    expect(far!.overlaps).toEqual([]);
  });

  it('counts the hole of a field as not shared', () => {
    const withDam: PolygonBoundary = {
      type: 'Polygon',
      coordinates: [rectangle(31, -17.8, 0.006, 0.006).coordinates[0]!, rectangle(31.002, -17.798, 0.002, 0.002).coordinates[0]!],
    };
    const [result] = overlapsOf([draft(0, 'Covers all', rectangle(30.999, -17.801, 0.008, 0.008)), draft(1, 'Dam field', withDam)], []);
    expect(result!.overlaps[0]!.overlapHectares).toBeCloseTo(hectares(withDam), 3);
  });

  it('finds the overlap of neighbours whose shared edge a GIS reprojected (edges that nearly coincide)', () => {
    // Two plots drawn with 8 corners a side, the first 20 m too wide; reprojected to UTM 36S by GDAL, their
    // common edge no longer matches exactly, and the clipper alone gives up on this pair.
    const plot = (lng: number, lat: number, widthDegrees: number, heightDegrees: number): LngLat[] => {
      const corners: LngLat[] = [
        [lng, lat],
        [lng + widthDegrees, lat],
        [lng + widthDegrees, lat + heightDegrees],
        [lng, lat + heightDegrees],
      ];
      const ring = corners.flatMap(([x, y], c) => {
        const [nx, ny] = corners[(c + 1) % 4]!;
        return Array.from({ length: 8 }, (_, k): LngLat => [x + ((nx - x) * k) / 8, y + ((ny - y) * k) / 8]);
      });
      return [...ring, ring[0]!];
    };
    const folder = mkdtempSync(path.join(tmpdir(), 'murimi-neighbours-'));
    const collection = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name: 'Wide' }, geometry: { type: 'Polygon', coordinates: [plot(31, -17.79, 0.0022, 0.002)] } },
        { type: 'Feature', properties: { name: 'Next' }, geometry: { type: 'Polygon', coordinates: [plot(31.002, -17.79, 0.002, 0.002)] } },
      ],
    };
    writeFileSync(path.join(folder, 'plots.geojson'), JSON.stringify(collection));
    execFileSync('ogr2ogr', ['-t_srs', 'EPSG:32736', path.join(folder, 'plots.shp'), path.join(folder, 'plots.geojson')]);
    const parts = Object.fromEntries(
      ['shp', 'shx', 'dbf', 'prj'].map((e) => [`plots.${e}`, new Uint8Array(readFileSync(path.join(folder, `plots.${e}`)))]),
    );
    const [wide, next] = overlapsOf(readBoundaryFile(zipSync(parts), 'plots.zip').drafts, []);
    const expected = Number(hectares(rectangle(31.002, -17.79, 0.0002, 0.002)).toFixed(4));
    expect(wide!.overlaps).toEqual([{ draftIndex: 1, name: 'Next', overlapHectares: expect.closeTo(expected, 3) }]);
    expect(next!.overlaps).toEqual([{ draftIndex: 0, name: 'Wide', overlapHectares: expect.closeTo(expected, 3) }]);
  });
});
