import { describe, expect, it } from 'vitest';
import { managementZones } from './management-zones.ts';
import { variableRatePrescription } from './prescription.ts';
import { fieldWindow } from './testing/field-window.ts';

describe('variable-rate prescription', () => {
  // Bands of 7, 11 and 12 columns over 20 rows (1.4, 2.2 and 2.4 ha of 10 m pixels); the last column half in the field.
  const window = fieldWindow(
    30,
    20,
    (column) => (column < 7 ? 0.7 : column < 18 ? 0.3 : 0.5),
    (column) => (column === 29 ? 0.5 : 1),
  );
  const zones = managementZones(window);

  it('gives each zone rate × area, and the field the sum', () => {
    const prescription = variableRatePrescription(zones, [120, 90, 60]);
    expect(prescription.rows).toEqual([
      { zone: 1, rateKgPerHa: 120, areaHa: expect.closeTo(2.2, 12), totalKg: expect.closeTo(264, 9) },
      { zone: 2, rateKgPerHa: 90, areaHa: expect.closeTo(2.3, 12), totalKg: expect.closeTo(207, 9) },
      { zone: 3, rateKgPerHa: 60, areaHa: expect.closeTo(1.4, 12), totalKg: expect.closeTo(84, 9) },
    ]);
    for (const row of prescription.rows) expect(row.totalKg).toBe(row.rateKgPerHa * row.areaHa);
    expect(prescription.areaHa).toBeCloseTo(5.9, 12);
    expect(prescription.totalKg).toBeCloseTo(555, 9);
  });

  it('maps each zone polygon with its zone and rate, in GeoJSON and as Shapefile records', () => {
    const prescription = variableRatePrescription(zones, [120, 90, 60]);
    const { features } = prescription.featureCollection;
    expect(features.map((feature) => [feature.properties.zone, feature.properties.rate])).toEqual([
      [1, 120],
      [2, 90],
      [3, 60],
    ]);
    expect(features.every((feature) => feature.type === 'Feature' && feature.geometry.type === 'Polygon')).toBe(true);
    expect(features.reduce((sum, feature) => sum + feature.properties.totalKg, 0)).toBeCloseTo(prescription.totalKg, 9);
    const { columns, records } = prescription.shapefile;
    expect(columns.map((column) => column.name)).toEqual(['zone', 'rate', 'area_ha', 'total_kg']);
    expect(columns.every((column) => column.name.length <= 10)).toBe(true);
    expect(records.map((record) => record.attributes)).toEqual(
      features.map(({ properties }) => ({
        zone: properties.zone,
        rate: properties.rate,
        area_ha: properties.areaHa,
        total_kg: properties.totalKg,
      })),
    );
    expect(records[0]!.polygon).toBe(features[0]!.geometry);
  });

  it('needs one rate per zone, none negative', () => {
    expect(() => variableRatePrescription(zones, [100, 80])).toThrow(RangeError);
    expect(() => variableRatePrescription(zones, [100, -1, 50])).toThrow(RangeError);
  });
});
