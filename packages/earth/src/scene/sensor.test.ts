import { describe, expect, it } from 'vitest';
import { earthSearchLandsat, earthSearchSentinel2, simulatedSentinel2 } from '../stac/sources.ts';
import {
  IndexNotAvailableError,
  indicesAvailableOn,
  landsatSensor,
  sensorBandsForIndex,
  sensorOfSource,
  sentinel2Sensor,
} from './sensor.ts';

describe('sensors', () => {
  it('reads Sentinel-2 indices from its own bands (B08 for NDVI, B8A for NDMI and NDRE)', () => {
    expect(sensorBandsForIndex(sentinel2Sensor, 'ndvi')).toEqual(['nir', 'red']);
    expect(sensorBandsForIndex(sentinel2Sensor, 'ndmi')).toEqual(['nir08', 'swir16']);
    expect(sensorBandsForIndex(sentinel2Sensor, 'ndre')).toEqual(['nir08', 'rededge1']);
    expect(indicesAvailableOn(sentinel2Sensor)).toEqual(['ndvi', 'ndmi', 'ndwiMcFeeters', 'ndre', 'evi', 'savi']);
  });

  it('reads Landsat indices with its one NIR band (band 5, nir08) where Sentinel-2 has B08 or B8A', () => {
    expect(sensorBandsForIndex(landsatSensor, 'ndvi')).toEqual(['nir08', 'red']);
    expect(sensorBandsForIndex(landsatSensor, 'ndmi')).toEqual(['nir08', 'swir16']);
    expect(sensorBandsForIndex(landsatSensor, 'ndwiMcFeeters')).toEqual(['green', 'nir08']);
    expect(sensorBandsForIndex(landsatSensor, 'evi')).toEqual(['nir08', 'red', 'blue']);
    expect(sensorBandsForIndex(landsatSensor, 'savi')).toEqual(['nir08', 'red']);
    expect(indicesAvailableOn(landsatSensor)).toEqual(['ndvi', 'ndmi', 'ndwiMcFeeters', 'evi', 'savi']);
  });

  it('refuses NDRE on Landsat with a typed error naming the missing band', () => {
    expect(() => sensorBandsForIndex(landsatSensor, 'ndre')).toThrow(IndexNotAvailableError);
    expect(() => sensorBandsForIndex(landsatSensor, 'ndre')).toThrow(
      'NDRE cannot be computed from Landsat Collection 2 Level-2: it has no rededge1 band.',
    );
  });

  it('knows a source’s sensor by the mask band it maps', () => {
    expect(sensorOfSource(earthSearchSentinel2)).toBe(sentinel2Sensor);
    expect(sensorOfSource(simulatedSentinel2('http://127.0.0.1:1/stac'))).toBe(sentinel2Sensor);
    expect(sensorOfSource(earthSearchLandsat)).toBe(landsatSensor);
  });

  it('masks by each sensor’s own mask: SCL classes for Sentinel-2, QA_PIXEL bits for Landsat', () => {
    expect([4, 6, 9].map((scl) => sentinel2Sensor.maskReason(scl))).toEqual([null, null, 'cloud']);
    expect([21824, 22280, 23888].map((qa) => landsatSensor.maskReason(qa))).toEqual([null, 'cloud', 'shadow']);
  });
});
