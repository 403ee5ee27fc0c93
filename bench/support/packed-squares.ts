/** A square field's boundary, west to east and north to south from its north-west corner. */
export interface SquareBoundary {
  type: 'Polygon';
  coordinates: [number, number][][];
}

/**
 * Square fields of these sizes (ha), in the order given, packed in rows `gapM` apart, eastwards and then southwards
 * from `[lng, lat]`, in a block about as wide as it is tall: a demo scene over them is no bigger than it must be
 * (the catalog's time is its pixels).
 */
export function packSquares([lng, lat]: [number, number], hectares: readonly number[], gapM: number): SquareBoundary[] {
  const sideOf = (area: number) => Math.sqrt(area * 10_000);
  const rowWidthM = Math.sqrt(hectares.reduce((sum, area) => sum + (sideOf(area) + gapM) ** 2, 0)) * 1.02;
  const metresPerLat = 110_750;
  const metresPerLng = 111_320 * Math.cos((lat * Math.PI) / 180);
  let [x, y, rowHeight] = [0, 0, 0];
  return hectares.map((area) => {
    const side = sideOf(area);
    if (x + side > rowWidthM) [x, y, rowHeight] = [0, y + rowHeight + gapM, 0];
    const [west, east] = [lng + x / metresPerLng, lng + (x + side) / metresPerLng];
    const [north, south] = [lat - y / metresPerLat, lat - (y + side) / metresPerLat];
    x += side + gapM;
    rowHeight = Math.max(rowHeight, side);
    const ring: [number, number][] = [
      [west, south],
      [east, south],
      [east, north],
      [west, north],
      [west, south],
    ];
    return { type: 'Polygon', coordinates: [ring] };
  });
}
