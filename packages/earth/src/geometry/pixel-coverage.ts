/** A position in pixel units of a raster: x to the right (columns), y downwards (rows); pixel (c, r) spans [c, c+1] × [r, r+1]. */
export type PixelPoint = [number, number];

/** The pixels a field touches and the share of each pixel's area inside it (0–1], row by row. */
export interface PixelCoverage {
  /** First column and row of the window holding the field, and its size. */
  column: number;
  row: number;
  width: number;
  height: number;
  /** width × height shares, row-major; 0 for pixels the field does not touch. */
  fractions: Float64Array;
}

/** Signed area of a ring (shoelace); positive or negative by winding. */
export function signedArea(ring: PixelPoint[]): number {
  let twice = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) twice += (ring[j]![0] - ring[i]![0]) * (ring[j]![1] + ring[i]![1]);
  return twice / 2;
}

/**
 * Clips a ring to one side of an axis-aligned line (Sutherland–Hodgman): keeps points whose `axis` coordinate is
 * at most `limit` (`keepBelow`) or at least it. Plain loops without closures: it runs for every pixel of a field.
 */
function clipRing(ring: PixelPoint[], axis: 0 | 1, limit: number, keepBelow: boolean): PixelPoint[] {
  const out: PixelPoint[] = [];
  if (ring.length === 0) return out;
  const other = axis === 0 ? 1 : 0;
  let previous = ring[ring.length - 1]!;
  let previousIn = keepBelow ? previous[axis] <= limit : previous[axis] >= limit;
  for (let i = 0; i < ring.length; i++) {
    const current = ring[i]!;
    const currentIn = keepBelow ? current[axis] <= limit : current[axis] >= limit;
    if (currentIn !== previousIn) {
      const t = (limit - previous[axis]) / (current[axis] - previous[axis]);
      const crossing: PixelPoint = [0, 0];
      crossing[axis] = limit;
      crossing[other] = previous[other] + t * (current[other] - previous[other]);
      out.push(crossing);
    }
    if (currentIn) out.push(current);
    previous = current;
    previousIn = currentIn;
  }
  return out;
}

const openRing = (ring: PixelPoint[]) =>
  ring.length > 1 && ring[0]![0] === ring.at(-1)![0] && ring[0]![1] === ring.at(-1)![1] ? ring.slice(0, -1) : ring;

/**
 * The exact share of each pixel covered by a polygon (outer ring, then holes) given in pixel units: each ring is
 * clipped to each row and then to each pixel, and the signed areas summed, so holes subtract and a 0.5 ha field's
 * edge pixels count for what they hold (as exactextract weights them). Clipping a ring to a box gives the exact
 * intersection area even for concave rings.
 */
export function pixelCoverage(rings: PixelPoint[][], rasterWidth: number, rasterHeight: number): PixelCoverage | null {
  const open = rings.map(openRing).filter((ring) => ring.length >= 3);
  if (open.length === 0) return null;
  const xs = open[0]!.map(([x]) => x);
  const ys = open[0]!.map(([, y]) => y);
  const column = Math.max(0, Math.floor(Math.min(...xs)));
  const row = Math.max(0, Math.floor(Math.min(...ys)));
  const endColumn = Math.min(rasterWidth, Math.ceil(Math.max(...xs)));
  const endRow = Math.min(rasterHeight, Math.ceil(Math.max(...ys)));
  if (endColumn <= column || endRow <= row) return null;
  const width = endColumn - column;
  const height = endRow - row;
  const fractions = new Float64Array(width * height);
  // The outer ring's winding decides the sign: holes wound the other way subtract.
  const sign = Math.sign(signedArea(open[0]!)) || 1;
  for (let r = row; r < endRow; r++) {
    const strips = open.map((ring) => clipRing(clipRing(ring, 1, r, false), 1, r + 1, true)).filter((strip) => strip.length >= 3);
    if (strips.length === 0) continue;
    for (let c = column; c < endColumn; c++) {
      let area = 0;
      for (const strip of strips) {
        const cell = clipRing(clipRing(strip, 0, c, false), 0, c + 1, true);
        if (cell.length >= 3) area += signedArea(cell);
      }
      const fraction = area * sign;
      if (fraction > 1e-12) fractions[(r - row) * width + (c - column)] = Math.min(1, fraction);
    }
  }
  return { column, row, width, height, fractions };
}

/** Whether a point lies inside a ring (even–odd rule). */
function insideRing(x: number, y: number, ring: PixelPoint[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * Whole pixels whose centre lies inside the polygon (holes excluded), as GDAL rasterises by default: the rule
 * used to compare with GDAL. Same window as `pixelCoverage`, fractions 0 or 1.
 */
export function pixelCentresInside(rings: PixelPoint[][], rasterWidth: number, rasterHeight: number): PixelCoverage | null {
  const window = pixelCoverage(rings, rasterWidth, rasterHeight);
  if (!window) return null;
  const open = rings.map(openRing);
  for (let r = 0; r < window.height; r++) {
    for (let c = 0; c < window.width; c++) {
      const x = window.column + c + 0.5;
      const y = window.row + r + 0.5;
      const inside = insideRing(x, y, open[0]!) && !open.slice(1).some((hole) => insideRing(x, y, hole));
      window.fractions[r * window.width + c] = inside ? 1 : 0;
    }
  }
  return window;
}
