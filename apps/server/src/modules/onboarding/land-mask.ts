/**
 * Whether a point typed into a spreadsheet can be a farm in southern Africa: inside the region, and on land. The
 * land is two coarse outlines traced through coastal towns and headlands (mainland from the Congo mouth to the
 * Kenya border, and Madagascar), as [latitude, longitude]; a straight run between two of them strays up to about
 * 15 km from the true coast across bays and capes, so only a point more than `SEA_MARGIN_KM` outside is said to be in
 * the sea. What it catches are the usual slips: a latitude without its minus sign, latitude and longitude swapped,
 * a digit lost (−27.8, 13.1 for −27.8, 18.1 lands in the Atlantic), a point left at 0, 0. Lakes are not water here.
 */

type LatLng = readonly [number, number];

/** The region a farm may lie in: SADC's mainland and Madagascar, with a margin. */
export const REGION = { minLat: -35.5, maxLat: -4, minLng: 11, maxLng: 51 } as const;

/** How far outside the coarse outline a point must be to be called sea: the outline's own error, about 15 km. */
export const SEA_MARGIN_KM = 20;

const MAINLAND: LatLng[] = [
  // North edge, inland at 4° S, then the Atlantic coast southwards.
  [-4.0, 39.6],
  [-4.0, 11.2],
  [-4.78, 11.86],
  [-5.55, 12.19],
  [-6.12, 12.35],
  [-7.84, 13.12],
  [-8.8, 13.23],
  [-9.65, 13.22],
  [-10.72, 13.76],
  [-11.21, 13.84],
  [-12.35, 13.55],
  [-12.61, 13.2],
  [-13.87, 12.52],
  [-15.19, 12.15],
  [-15.8, 11.85],
  [-17.26, 11.75],
  [-19.37, 12.71],
  [-20.33, 13.24],
  [-21.77, 13.95],
  [-22.68, 14.52],
  [-22.95, 14.49],
  [-23.98, 14.5],
  [-24.5, 14.65],
  [-25.5, 14.85],
  [-26.65, 15.15],
  [-27.3, 15.4],
  [-28.63, 16.45],
  [-29.25, 16.87],
  [-30.32, 17.27],
  [-31.82, 18.23],
  [-32.31, 18.34],
  [-32.75, 18.03],
  [-33.01, 17.94],
  [-33.34, 18.16],
  [-33.91, 18.42],
  [-34.36, 18.49],
  // The south coast eastwards.
  [-34.38, 18.83],
  [-34.42, 19.24],
  [-34.83, 20.01],
  [-34.67, 20.24],
  [-34.38, 21.42],
  [-34.18, 22.14],
  [-34.05, 22.39],
  [-34.08, 23.06],
  [-34.02, 23.9],
  [-34.21, 24.84],
  [-34.05, 24.92],
  [-33.96, 25.62],
  [-34.03, 25.7],
  [-33.6, 26.9],
  [-33.02, 27.91],
  [-32.3, 28.85],
  [-31.63, 29.55],
  [-31.05, 30.23],
  // The Indian Ocean coast northwards.
  [-29.86, 31.05],
  [-28.8, 32.09],
  [-28.38, 32.42],
  [-27.54, 32.68],
  [-26.85, 32.9],
  [-25.97, 32.9],
  [-25.1, 33.7],
  [-24.93, 34.2],
  [-24.5, 35.2],
  [-23.86, 35.55],
  [-23.3, 35.5],
  [-22.0, 35.32],
  [-21.53, 35.2],
  [-20.95, 35.05],
  [-19.84, 34.84],
  [-19.2, 35.4],
  [-18.58, 36.47],
  [-17.95, 37.0],
  [-17.26, 38.15],
  [-16.75, 39.23],
  [-16.23, 39.91],
  [-15.03, 40.73],
  [-14.54, 40.67],
  [-14.17, 40.53],
  [-12.97, 40.52],
  [-11.35, 40.36],
  [-10.47, 40.44],
  [-10.27, 40.19],
  [-9.99, 39.71],
  [-8.93, 39.52],
  [-7.85, 39.35],
  [-6.82, 39.29],
  [-6.44, 38.9],
  [-5.43, 38.98],
  [-5.07, 39.1],
  [-4.65, 39.2],
];

const MADAGASCAR: LatLng[] = [
  [-11.95, 49.26],
  [-13.36, 50.0],
  [-14.9, 50.28],
  [-15.27, 50.48],
  [-16.9, 49.9],
  [-18.15, 49.41],
  [-21.23, 48.35],
  [-22.15, 48.02],
  [-22.82, 47.83],
  [-25.03, 46.99],
  [-25.6, 45.15],
  [-24.6, 43.7],
  [-23.35, 43.67],
  [-21.75, 43.37],
  [-20.29, 44.28],
  [-18.06, 44.03],
  [-16.18, 44.45],
  [-15.72, 46.32],
  [-14.63, 47.76],
  [-13.4, 48.3],
  [-13.0, 49.05],
];

const OUTLINES = [MAINLAND, MADAGASCAR];

function inside(point: LatLng, ring: LatLng[]): boolean {
  const [y, x] = point;
  let within = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [yi, xi] = ring[i]!;
    const [yj, xj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) within = !within;
  }
  return within;
}

/** Kilometres from a point to a straight run between two outline points, on a plane tangent at the point. */
function kmToSegment(point: LatLng, a: LatLng, b: LatLng): number {
  const kmPerDegLat = 110.57;
  const kmPerDegLng = 111.32 * Math.cos((point[0] * Math.PI) / 180);
  const ax = (a[1] - point[1]) * kmPerDegLng;
  const ay = (a[0] - point[0]) * kmPerDegLat;
  const bx = (b[1] - point[1]) * kmPerDegLng;
  const by = (b[0] - point[0]) * kmPerDegLat;
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, -(ax * dx + ay * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(ax + t * dx, ay + t * dy);
}

function kmToOutline(point: LatLng, ring: LatLng[]): number {
  let nearest = Infinity;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) nearest = Math.min(nearest, kmToSegment(point, ring[j]!, ring[i]!));
  return nearest;
}

export type PlaceCheck = 'land' | 'outside-region' | 'sea';

export function checkFarmPoint(latitude: number, longitude: number): PlaceCheck {
  if (latitude < REGION.minLat || latitude > REGION.maxLat || longitude < REGION.minLng || longitude > REGION.maxLng) {
    return 'outside-region';
  }
  const point: LatLng = [latitude, longitude];
  if (OUTLINES.some((ring) => inside(point, ring))) return 'land';
  return OUTLINES.some((ring) => kmToOutline(point, ring) <= SEA_MARGIN_KM) ? 'land' : 'sea';
}
