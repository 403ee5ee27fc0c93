import { describe, expect, it } from 'vitest';
import { describeBoundaryInputProblem } from '../field-setup-problems.ts';
import { boundaryFrom, circleHectares, cornersFrom, emptyBoundary, polygonFrom, walkFrom } from './boundary-input.ts';

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

describe('corners typed one a line', () => {
  const square = [
    [31.0335, -17.8252],
    [31.0362, -17.8252],
    [31.0362, -17.8275],
    [31.0335, -17.8275],
    [31.0335, -17.8252],
  ];

  it('reads latitude then longitude in the ways people write them, and closes the ring', () => {
    for (const text of [
      '-17.8252, 31.0335\n-17.8252, 31.0362\n-17.8275, 31.0362\n-17.8275, 31.0335',
      '-17.8252,31.0335\n\n-17.8252;31.0362\n-17.8275\t31.0362\n-17.8275 31.0335\n-17.8252, 31.0335',
      '-17,8252 31,0335\n-17,8252 31,0362\n-17,8275 31,0362\n-17,8275 31,0335',
      '17.8252°S 31.0335°E\n31.0362 E, 17.8252 S\n17.8275S 31.0362E\n17.8275 S 31.0335 E',
    ]) {
      expect(boundaryFrom({ ...emptyBoundary, mode: 'corners', corners: text })).toEqual({
        boundary: { type: 'Polygon', coordinates: [square] },
        problems: [],
      });
    }
  });

  it('names the line of each corner it cannot read, and what to write instead', () => {
    const { boundary, problems } = cornersFrom('-17.8252, 31.0335\nnear the dam\n-195, 31.03\n-17.8, 181\n131.0362, -17.8252');
    expect(boundary).toBeNull();
    expect(problems).toEqual([
      { input: 'corners', code: 'cornerFormat', line: 2, found: 'near the dam' },
      { input: 'corners', code: 'cornerLatitudeRange', line: 3, found: '-195' },
      { input: 'corners', code: 'cornerLongitudeRange', line: 4, found: '181' },
      { input: 'corners', code: 'cornerSwapped', line: 5, found: '131.0362, -17.8252' },
    ]);
    expect(describeBoundaryInputProblem(problems[0]!)).toBe(
      'Line 2 (“near the dam”) is not a corner: write its latitude, then its longitude, in decimal degrees, e.g. -17.8252, 31.0335.',
    );
    expect(describeBoundaryInputProblem(problems[3]!)).toMatch(/^Line 5 .*Write the latitude first/);
  });

  it('says the corners are the wrong way round when they read as a field far from southern Africa and swapped lie in it', () => {
    // Longitude first: read as latitude 31°, longitude -17.8° they would put the field in the Atlantic off West Africa.
    const swapped = cornersFrom('31.0335, -17.8252\n31.0362, -17.8252\n31.0362, -17.8275\n31.0335, -17.8275');
    expect(swapped).toEqual({ boundary: null, problems: [{ input: 'corners', code: 'cornersOutsideRegion', found: '31.0335, -17.8252' }] });
    expect(describeBoundaryInputProblem(swapped.problems[0]!)).toMatch(/far from southern Africa.*latitude first \(south is negative\)/);
    // The same corners the right way round are a field near Harare; corners far away either way are left alone.
    expect(cornersFrom('-17.8252, 31.0335\n-17.8252, 31.0362\n-17.8275, 31.0362').problems).toEqual([]);
    expect(cornersFrom('51.5, -0.12\n51.5, -0.11\n51.51, -0.11').problems).toEqual([]);
  });

  it('asks for something typed, and for three corners at least', () => {
    expect(cornersFrom('  \n').problems).toEqual([{ input: 'corners', code: 'cornersEmpty' }]);
    const two = cornersFrom('-17.8252, 31.0335\n-17.8275, 31.0362\n-17.8252, 31.0335');
    expect(two.problems).toEqual([{ input: 'corners', code: 'cornersTooFew', count: 2 }]);
    expect(describeBoundaryInputProblem(two.problems[0]!)).toBe('A field needs at least 3 corners; 2 are typed.');
  });
});

describe('a boundary walked with the phone', () => {
  const at = (latitude: number, longitude: number) => ({ latitude, longitude, accuracyM: 4 });

  it('becomes a closed polygon of the positions in the order walked, once there are three', () => {
    const walked = [at(-17.8252, 31.0335), at(-17.8252, 31.0362), at(-17.8275, 31.0362)];
    expect(walkFrom(walked.slice(0, 2)).problems).toEqual([{ input: 'walk', code: 'walkTooFew', count: 2 }]);
    expect(boundaryFrom({ ...emptyBoundary, mode: 'walk', walked }).boundary).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [31.0335, -17.8252],
          [31.0362, -17.8252],
          [31.0362, -17.8275],
          [31.0335, -17.8252],
        ],
      ],
    });
  });

  it('a file mode without a file asks for one', () => {
    expect(boundaryFrom({ ...emptyBoundary, mode: 'file' }).problems).toEqual([{ input: 'file', code: 'fileEmpty' }]);
  });
});
