import { describe, expect, it } from 'vitest';
import { viewingGeometryFromGranuleMetadata } from './viewing-geometry.ts';

/** The parts of a Sentinel-2 MTD_TL.xml the angles come from (ESA product specification layout), trimmed. */
const granuleMetadata = (views: string) => `<?xml version="1.0" encoding="UTF-8"?>
<n1:Level-2A_Tile_ID xmlns:n1="https://psd-14.sentinel2.eo.esa.int/PSD/S2_PDI_Level-2A_Tile_Metadata.xsd">
  <n1:Geometric_Info>
    <Tile_Angles>
      <Sun_Angles_Grid>
        <Zenith><COL_STEP unit="m">5000</COL_STEP><Values_List><VALUES>31.2 31.3</VALUES></Values_List></Zenith>
      </Sun_Angles_Grid>
      <Mean_Sun_Angle>
        <ZENITH_ANGLE unit="deg">31.4559</ZENITH_ANGLE>
        <AZIMUTH_ANGLE unit="deg">97.1432</AZIMUTH_ANGLE>
      </Mean_Sun_Angle>
      <Mean_Viewing_Incidence_Angle_List>
${views}
      </Mean_Viewing_Incidence_Angle_List>
    </Tile_Angles>
  </n1:Geometric_Info>
</n1:Level-2A_Tile_ID>`;
const view = (band: number, zenith: number, azimuth: number) => `        <Mean_Viewing_Incidence_Angle bandId="${band}">
          <ZENITH_ANGLE unit="deg">${zenith}</ZENITH_ANGLE>
          <AZIMUTH_ANGLE unit="deg">${azimuth}</AZIMUTH_ANGLE>
        </Mean_Viewing_Incidence_Angle>`;

describe('viewing geometry from granule metadata', () => {
  it('takes the mean sun angles and averages the bands’ view angles', () => {
    const geometry = viewingGeometryFromGranuleMetadata(granuleMetadata([view(0, 5, 100), view(1, 7, 110), view(2, 6, 105)].join('\n')));
    expect(geometry).not.toBeNull();
    expect(geometry!.sunZenithDeg).toBeCloseTo(31.4559, 10);
    expect(geometry!.sunAzimuthDeg).toBeCloseTo(97.1432, 10);
    expect(geometry!.viewZenithDeg).toBeCloseTo(6, 10);
    expect(geometry!.viewAzimuthDeg).toBeCloseTo(105, 10);
  });

  it('averages azimuths either side of north as directions', () => {
    const geometry = viewingGeometryFromGranuleMetadata(granuleMetadata([view(0, 5, 358), view(1, 5, 4)].join('\n')));
    expect(geometry!.viewAzimuthDeg).toBeCloseTo(1, 10);
  });

  it('gives nothing when the view angles are missing, so the empirical LAI is used', () => {
    expect(viewingGeometryFromGranuleMetadata(granuleMetadata(''))).toBeNull();
    expect(viewingGeometryFromGranuleMetadata('<html>Access denied</html>')).toBeNull();
  });
});
