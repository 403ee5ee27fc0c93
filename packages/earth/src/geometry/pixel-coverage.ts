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
 * Scratch buffers for one row's strip, grown as needed and reused from field to field: a field's coverage runs per
 * row of every field of every scene, and arrays of points made per row would keep the collector busy.
 */
let stripX = new Float64Array(64);
let stripY = new Float64Array(64);
let clippedX = new Float64Array(64);
let clippedY = new Float64Array(64);

function ensureStripCapacity(vertices: number): void {
  if (stripX.length >= vertices) return;
  const size = 2 ** Math.ceil(Math.log2(vertices));
  stripX = new Float64Array(size);
  stripY = new Float64Array(size);
  clippedX = new Float64Array(size);
  clippedY = new Float64Array(size);
}

/**
 * Clips a closed ring (`count` vertices in `xs`, `ys`) to y ≥ `limit` (`keepBelow` false) or y ≤ `limit`
 * (Sutherland–Hodgman), writing into `outX`, `outY`; returns the vertex count. Crossings get y = `limit` exactly,
 * so a pixel wholly inside sums to exactly 1.
 */
function clipToRowLine(
  xs: Float64Array,
  ys: Float64Array,
  count: number,
  limit: number,
  keepBelow: boolean,
  outX: Float64Array,
  outY: Float64Array,
): number {
  let out = 0;
  if (count === 0) return 0;
  let previousX = xs[count - 1]!;
  let previousY = ys[count - 1]!;
  let previousIn = keepBelow ? previousY <= limit : previousY >= limit;
  for (let i = 0; i < count; i++) {
    const x = xs[i]!;
    const y = ys[i]!;
    const isIn = keepBelow ? y <= limit : y >= limit;
    if (isIn !== previousIn) {
      outX[out] = previousX + ((limit - previousY) / (y - previousY)) * (x - previousX);
      outY[out++] = limit;
    }
    if (isIn) {
      outX[out] = x;
      outY[out++] = y;
    }
    previousX = x;
    previousY = y;
    previousIn = isIn;
  }
  return out;
}

const openRing = (ring: PixelPoint[]) =>
  ring.length > 1 && ring[0]![0] === ring.at(-1)![0] && ring[0]![1] === ring.at(-1)![1] ? ring.slice(0, -1) : ring;

/**
 * The window of the raster a polygon's coverage spans (its outer ring's box, cut to the raster), or null when it
 * misses the raster: what to read before the coverage is worked out.
 */
export function coverageWindow(rings: PixelPoint[][], rasterWidth: number, rasterHeight: number): Omit<PixelCoverage, 'fractions'> | null {
  const outer = rings.map(openRing).find((ring) => ring.length >= 3);
  if (!outer) return null;
  const xs = outer.map(([x]) => x);
  const ys = outer.map(([, y]) => y);
  const column = Math.max(0, Math.floor(Math.min(...xs)));
  const row = Math.max(0, Math.floor(Math.min(...ys)));
  const endColumn = Math.min(rasterWidth, Math.ceil(Math.max(...xs)));
  const endRow = Math.min(rasterHeight, Math.ceil(Math.max(...ys)));
  if (endColumn <= column || endRow <= row) return null;
  return { column, row, width: endColumn - column, height: endRow - row };
}

/**
 * Adds one strip edge's share of the row's area to the columns it spans: ∫ (y − row) dx over the part of the edge
 * above each column, signed by the edge's direction. Summed over a closed strip this is each column's covered area
 * (Green's theorem: the column's own sides are vertical and add nothing), so no pixel is clipped on its own.
 */
function addEdgeToRow(
  rowArea: Float64Array,
  column: number,
  width: number,
  row: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): void {
  if (x0 === x1) return;
  const direction = x1 > x0 ? 1 : -1;
  const left = direction > 0 ? x0 : x1;
  const right = direction > 0 ? x1 : x0;
  const slope = (y1 - y0) / (x1 - x0);
  const first = Math.max(column, Math.floor(left));
  const last = Math.min(column + width, Math.ceil(right));
  for (let c = first; c < last; c++) {
    const u0 = c > left ? c : left;
    const u1 = c + 1 < right ? c + 1 : right;
    const meanHeight = y0 + slope * ((u0 + u1) / 2 - x0) - row;
    rowArea[c - column]! += direction * (u1 - u0) * meanHeight;
  }
}

/**
 * The exact share of each pixel covered by a polygon (outer ring, then holes) given in pixel units, as exactextract
 * weights them: each ring is clipped to each row once, and the strip's edges spread their area over the columns
 * they span, so a row costs its vertices plus its width, not its pixels times its vertices. Signed areas are summed,
 * so holes wound the other way subtract, and a 0.5 ha field's edge pixels count for what they hold.
 */
export function pixelCoverage(rings: PixelPoint[][], rasterWidth: number, rasterHeight: number): PixelCoverage | null {
  const open = rings.map(openRing).filter((ring) => ring.length >= 3);
  const window = coverageWindow(rings, rasterWidth, rasterHeight);
  if (!window) return null;
  const { column, row, width, height } = window;
  const endRow = row + height;
  const fractions = new Float64Array(width * height);
  // The outer ring's winding decides the sign: holes wound the other way subtract.
  const sign = Math.sign(signedArea(open[0]!)) || 1;
  const ringsXY = open.map((ring) => ({ xs: Float64Array.from(ring, ([x]) => x), ys: Float64Array.from(ring, ([, y]) => y) }));
  ensureStripCapacity(4 * Math.max(...open.map((ring) => ring.length)));
  for (let r = row; r < endRow; r++) {
    const rowArea = fractions.subarray((r - row) * width, (r - row + 1) * width);
    for (const ring of ringsXY) {
      const belowTop = clipToRowLine(ring.xs, ring.ys, ring.xs.length, r, false, clippedX, clippedY);
      const count = clipToRowLine(clippedX, clippedY, belowTop, r + 1, true, stripX, stripY);
      if (count < 3) continue;
      for (let i = 0, j = count - 1; i < count; j = i++)
        addEdgeToRow(rowArea, column, width, r, stripX[j]!, stripY[j]!, stripX[i]!, stripY[i]!);
    }
    // Shoelace's sign is the opposite of ∫ y dx's; a pixel within a rounding error of whole counts whole.
    for (let c = 0; c < width; c++) {
      const fraction = -rowArea[c]! * sign;
      rowArea[c] = fraction > 1 - 1e-9 ? 1 : fraction > 1e-12 ? fraction : 0;
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
