import { describe, expect, it } from 'vitest';
import { boundaryFrom, circleHectares, emptyBoundary, polygonFrom } from './boundary-input.ts';

const ring = [
  [31.03, -17.8],
  [31.04, -17.8],
  [31.04, -17.79],
  [31.03, -17.8],
];
const polygon = { type: 'Polygon', coordinates: [ring] };
const feature = (geometry: unknown) => ({ type: 'Feature', properties: {}, geometry });

describe('a round field typed by centre and radius', () => {
  it('reads decimal commas and gives the centre as [longitude, latitude]', () => {
    const { boundary, problems } = boundaryFrom({
      ...emptyBoundary,
      mode: 'circle',
      latitude: '-17,8',
      longitude: ' 31.03 ',
      radius: '40',
    });
    expect(problems).toEqual([]);
    expect(boundary).toEqual({ type: 'Point', coordinates: [31.03, -17.8], properties: { radius: 40, circle: true } });
  });

  it('names each missing or impossible input', () => {
    const { boundary, problems } = boundaryFrom({ ...emptyBoundary, mode: 'circle', latitude: '-91', longitude: 'east', radius: '' });
    expect(boundary).toBeNull();
    expect(problems).toEqual([
      { input: 'latitude', code: 'latitudeRange' },
      { input: 'longitude', code: 'longitudeRange' },
      { input: 'radius', code: 'radiusRequired' },
    ]);
    expect(boundaryFrom({ ...emptyBoundary, mode: 'circle', latitude: '1', longitude: '1', radius: '-5' }).problems).toEqual([
      { input: 'radius', code: 'radiusPositive' },
    ]);
  });

  it('measures π r² in hectares once the radius is a positive number', () => {
    expect(circleHectares('40')).toBeCloseTo(0.5027, 4);
    expect(circleHectares('')).toBeNull();
    expect(circleHectares('0')).toBeNull();
  });
});

describe('a pasted GeoJSON polygon', () => {
  it('finds the one polygon in a geometry, a feature, a collection or a one-part MultiPolygon', () => {
    for (const value of [polygon, feature(polygon), { type: 'FeatureCollection', features: [feature(polygon)] }]) {
      expect(polygonFrom(JSON.stringify(value)).boundary).toEqual(polygon);
    }
    expect(polygonFrom(JSON.stringify({ type: 'MultiPolygon', coordinates: [[ring]] })).boundary).toEqual(polygon);
  });

  it('drops the altitude GPS apps add as a third number', () => {
    const withAltitude = { type: 'Polygon', coordinates: [ring.map(([lng, lat]) => [lng, lat, 1480])] };
    expect(polygonFrom(JSON.stringify(withAltitude)).boundary).toEqual(polygon);
  });

  it('says what is wrong: nothing pasted, broken JSON, another shape, or more than one field', () => {
    expect(polygonFrom('  ').problems).toEqual([{ input: 'geojson', code: 'geojsonEmpty' }]);
    expect(polygonFrom('{"type": "Polygon",').problems).toEqual([{ input: 'geojson', code: 'geojsonSyntax' }]);
    expect(polygonFrom('{"type": "LineString", "coordinates": []}').problems).toEqual([
      { input: 'geojson', code: 'geojsonType', found: 'LineString' },
    ]);
    expect(polygonFrom('[1, 2]').problems).toEqual([{ input: 'geojson', code: 'geojsonType', found: 'array' }]);
    const two = {
      type: 'FeatureCollection',
      features: [feature(polygon), feature(polygon), feature({ type: 'Point', coordinates: [0, 0] })],
    };
    expect(polygonFrom(JSON.stringify(two)).problems).toEqual([{ input: 'geojson', code: 'geojsonCount', count: 2 }]);
    expect(polygonFrom(JSON.stringify({ type: 'MultiPolygon', coordinates: [[ring], [ring]] })).problems).toEqual([
      { input: 'geojson', code: 'geojsonCount', count: 2 },
    ]);
  });
});

describe('the map', () => {
  it('gives the drawn shape, or asks for one', () => {
    expect(boundaryFrom({ ...emptyBoundary, drawn: polygon as never })).toEqual({ boundary: polygon, problems: [] });
    expect(boundaryFrom(emptyBoundary).problems).toEqual([{ input: 'map', code: 'mapEmpty' }]);
  });
});
