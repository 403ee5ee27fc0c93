import type { LngLat } from '@murimi/core';

/**
 * Shifts to WGS 84 for the older survey datums of southern and eastern Africa. A .prj written by ESRI tools
 * (and by GDAL for them) names its datum but carries no shift, and without one a field in Arc 1950 lands about
 * 130 m from where it is. Parameters, accuracies and areas of use are the EPSG dataset's three-parameter
 * transformations; like PROJ (and so GDAL), the most accurate one whose area holds the fields is used.
 */
export interface DatumShift {
  /** Name as a .prj gives it in DATUM["…"]. */
  datum: string;
  /** Geocentric translation dX, dY, dZ in metres (WKT TOWGS84). */
  towgs84: [number, number, number];
  /** The EPSG transformation, for the note the farmer sees. */
  source: string;
  accuracyM: number;
  /** Area of use as EPSG bounds it: south, west, north, east in degrees. */
  bounds: [number, number, number, number];
}

const SHIFTS: DatumShift[] = [
  { datum: 'D_Arc_1950', towgs84: [-143, -90, -294], source: 'EPSG:1113', accuracyM: 44, bounds: [-30.66, 19.99, -8.19, 35.93] },
  { datum: 'D_Arc_1950', towgs84: [-147, -74, -283], source: 'EPSG:1120 (Zambia)', accuracyM: 41, bounds: [-18.08, 21.99, -8.19, 33.71] },
  {
    datum: 'D_Arc_1950',
    towgs84: [-138, -105, -289],
    source: 'EPSG:1114 (Botswana)',
    accuracyM: 7,
    bounds: [-26.88, 19.99, -17.78, 29.38],
  },
  {
    datum: 'D_Arc_1950',
    towgs84: [-145, -97, -292],
    source: 'EPSG:6906 (Zimbabwe)',
    accuracyM: 17,
    bounds: [-22.42, 25.23, -15.61, 33.08],
  },
  { datum: 'D_Arc_1950', towgs84: [-161, -73, -317], source: 'EPSG:1117 (Malawi)', accuracyM: 27, bounds: [-17.14, 32.68, -9.37, 35.93] },
  {
    datum: 'D_Arc_1950',
    towgs84: [-134, -105, -295],
    source: 'EPSG:1118 (Eswatini)',
    accuracyM: 26,
    bounds: [-27.32, 30.79, -25.72, 32.14],
  },
  { datum: 'D_Arc_1960', towgs84: [-160, -6, -302], source: 'EPSG:1122', accuracyM: 35, bounds: [-11.75, 29.34, 4.63, 41.91] },
  { datum: 'D_Cape', towgs84: [-136, -108, -292], source: 'EPSG:1128', accuracyM: 9, bounds: [-34.88, 16.45, -22.13, 32.95] },
  { datum: 'D_Schwarzeck', towgs84: [616, 97, -251], source: 'EPSG:1226', accuracyM: 35, bounds: [-30.64, 8.24, -16.95, 25.27] },
  { datum: 'D_Tete', towgs84: [-80, -100, -228], source: 'EPSG:6901', accuracyM: 17, bounds: [-26.87, 30.21, -10.42, 40.9] },
];

/** Datums that are WGS 84 for field work (within a metre or so): no shift needed. */
const WGS84_LIKE = new Set([
  'D_WGS_1984',
  'WGS_1984',
  'WGS84',
  'D_Hartebeesthoek_1994',
  'D_Moznet',
  'D_ITRF_2005',
  'D_ITRF_2008',
  'D_ITRF_2014',
]);

/**
 * NAD83 in its names as ESRI tools and GDAL write them. It is not WGS 84, but NAD83(2011) lies within 1–2 m of WGS 84
 * (G1762) (NGS: the two differ by a transformation whose translations are about 1–2 m), far inside what a field
 * boundary needs, so it is read as WGS 84 with a note saying by how much it may differ.
 */
const NAD83 = /North_American_1983|NAD_?1983|NAD83/i;

export type DatumCheck =
  | { kind: 'wgs84' }
  | { kind: 'known'; datum: string; shifts: DatumShift[] }
  | { kind: 'within-metres'; datum: string; note: string }
  | { kind: 'unknown'; datum: string };

/** What a .prj needs before conversion: nothing (WGS 84, or a shift already written in it), one of our shifts, or a warning. */
export function checkDatum(prj: string): DatumCheck {
  const datum = /DATUM\[\s*"([^"]+)"/i.exec(prj)?.[1];
  if (!datum || WGS84_LIKE.has(datum) || /TOWGS84\[/i.test(prj)) return { kind: 'wgs84' };
  if (NAD83.test(datum)) {
    return {
      kind: 'within-metres',
      datum,
      note:
        'The .prj uses NAD83, which lies within 1–2 m of WGS 84 (NAD83(2011) against WGS 84 (G1762)): the positions were read ' +
        'as WGS 84, well within what a field boundary needs.',
    };
  }
  const shifts = SHIFTS.filter((shift) => shift.datum.toLowerCase() === datum.toLowerCase());
  return shifts.length > 0 ? { kind: 'known', datum, shifts } : { kind: 'unknown', datum };
}

/** The most accurate shift whose area of use holds `position`; the first (regional) one when none does. */
export function bestShift(shifts: DatumShift[], [lng, lat]: LngLat): DatumShift {
  const covering = shifts.filter(({ bounds: [south, west, north, east] }) => lat >= south && lat <= north && lng >= west && lng <= east);
  return [...covering].sort((a, b) => a.accuracyM - b.accuracyM)[0] ?? shifts[0]!;
}

/** The .prj with the shift written in: TOWGS84 goes inside DATUM, after its SPHEROID. */
export function withShift(prj: string, shift: DatumShift): string {
  return prj.replace(/(DATUM\[\s*"[^"]+"\s*,\s*SPHEROID\[[^\]]*\])/i, `$1,TOWGS84[${shift.towgs84.join(',')},0,0,0,0]`);
}
