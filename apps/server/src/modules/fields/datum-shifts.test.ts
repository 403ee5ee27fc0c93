import { describe, expect, it } from 'vitest';
import { bestShift, checkDatum, withShift } from './datum-shifts.ts';

const arc1950 =
  'PROJCS["Arc_1950_UTM_Zone_36S",GEOGCS["GCS_Arc_1950",DATUM["D_Arc_1950",SPHEROID["Clarke_1880_Arc",6378249.145,293.4663077]],' +
  'PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],UNIT["Meter",1.0]]';

describe('datum shifts', () => {
  it('needs none for WGS 84 or a .prj that carries its own', () => {
    expect(checkDatum('GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]]]')).toEqual({
      kind: 'wgs84',
    });
    expect(checkDatum(withShift(arc1950, { towgs84: [1, 2, 3] } as never))).toEqual({ kind: 'wgs84' });
  });

  it('chooses the most accurate Arc 1950 shift whose area holds the fields, as PROJ does', () => {
    const check = checkDatum(arc1950);
    if (check.kind !== 'known') throw new Error(check.kind);
    expect(bestShift(check.shifts, [31.05, -17.83]).source).toBe('EPSG:6906 (Zimbabwe)'); // Harare
    expect(bestShift(check.shifts, [28.28, -15.42]).source).toBe('EPSG:1120 (Zambia)'); // Lusaka
    expect(bestShift(check.shifts, [25.91, -24.65]).source).toBe('EPSG:1114 (Botswana)'); // Gaborone
    expect(bestShift(check.shifts, [27.5, -29.3]).source).toBe('EPSG:1113'); // Maseru: only the regional one
    expect(withShift(arc1950, check.shifts[0]!)).toContain(
      'SPHEROID["Clarke_1880_Arc",6378249.145,293.4663077],TOWGS84[-143,-90,-294,0,0,0,0]]',
    );
  });

  it('reports a datum it has no shift for', () => {
    expect(checkDatum(arc1950.replace('D_Arc_1950', 'D_Adindan'))).toEqual({ kind: 'unknown', datum: 'D_Adindan' });
  });
});
