import type { LngLat } from '@murimi/core';
import type { DemoField } from '../demo-sites.ts';

/** A north-up rectangle `widthDeg` × `heightDeg` from its north-west corner. */
function rectangle(west: number, north: number, widthDeg: number, heightDeg: number): DemoField['boundary'] {
  const ring: LngLat[] = [
    [west, north],
    [west + widthDeg, north],
    [west + widthDeg, north - heightDeg],
    [west, north - heightDeg],
    [west, north],
  ];
  return { type: 'Polygon', coordinates: [ring] };
}

/** Demo fields at the three sites of the product's pilots (about 4–7 ha each). */
export const harareMaize: DemoField = {
  id: 'harare-maize',
  name: 'Mukuvisi maize',
  crop: 'maize',
  plantingDate: '2024-11-10',
  boundary: rectangle(31.05, -17.83, 0.002, 0.002),
};

export const harareSoybean: DemoField = {
  id: 'harare-soybean',
  name: 'Pivot soybean',
  crop: 'soybean',
  plantingDate: '2024-11-25',
  boundary: { type: 'Point', coordinates: [31.0565, -17.8335], properties: { radius: 130, circle: true } },
};

export const lusakaSoybean: DemoField = {
  id: 'lusaka-soybean',
  name: 'Chongwe soybean',
  crop: 'soybean',
  plantingDate: '2024-12-01',
  boundary: rectangle(28.3, -15.4, 0.0025, 0.002),
};

export const lilongweTobacco: DemoField = {
  id: 'lilongwe-tobacco',
  name: 'Mitundu tobacco',
  crop: 'tobacco',
  plantingDate: '2024-11-15',
  boundary: rectangle(33.8, -14.0, 0.002, 0.0018),
};
