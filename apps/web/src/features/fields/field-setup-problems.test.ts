import type { PolygonBoundary } from '@murimi/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/client.ts';
import { emptyFarm } from '../farms/components/farm-form.ts';
import { emptyBoundary } from './components/boundary-input.ts';
import { emptyFieldDetails } from './components/field-details.ts';
import { boundaryFailure, checkFieldSetup, farmFailure, fieldFailure, type FieldSetupValues } from './field-setup-problems.ts';

const ids = { farm: '2f8e5b2e-8d43-4d4b-9f0e-0a6c3b0f1a11', field: '7c1d3e52-4a4f-4a8e-b1c2-5e6f7a8b9c0d' };
const farmId = '0b3c5d7e-1f2a-4b6c-8d0e-2f4a6b8c0d1e';

/** A square of `sideDeg` degrees near Harare: 0.001° is about 110 m, so 0.0005° gives about 0.29 ha. */
const square = (sideDeg: number): PolygonBoundary => ({
  type: 'Polygon',
  coordinates: [
    [
      [31.03, -17.8],
      [31.03 + sideDeg, -17.8],
      [31.03 + sideDeg, -17.8 + sideDeg],
      [31.03, -17.8 + sideDeg],
      [31.03, -17.8],
    ],
  ],
});

const values = (changes: Partial<FieldSetupValues> = {}): FieldSetupValues => ({
  mode: 'existing',
  farmId,
  farm: emptyFarm,
  details: { ...emptyFieldDetails, name: 'North block' },
  boundary: { ...emptyBoundary, drawn: square(0.002) },
  ids,
  ...changes,
});

const refusal = (problems: ConstructorParameters<typeof ApiError>[3], status = 400) =>
  new ApiError(status, problems?.[0]?.message ?? 'Refused', 'VALIDATION_FAILED', problems);

describe('the check before Field Setup sends', () => {
  it('passes a complete form and sends the field with its client id on the chosen farm', () => {
    const { ok, body } = checkFieldSetup(values());
    expect(ok).toBe(true);
    expect(body).toMatchObject({ id: ids.field, farmId, name: 'North block', irrigated: false });
  });

  it('finds every problem at once, each where the form shows it', () => {
    const { ok, found } = checkFieldSetup(
      values({ farmId: '', details: emptyFieldDetails, boundary: { ...emptyBoundary, mode: 'circle', latitude: '95', radius: '0' } }),
    );
    expect(ok).toBe(false);
    expect(found.farmId).toBe('Choose the farm this field is on.');
    expect(found.field.name).toBe('Field name is required.');
    expect(found.boundaryInputs).toEqual({
      latitude: 'Latitude is a number between -90 and 90.',
      longitude: 'Enter the longitude of the field centre.',
      radius: 'The radius is a number of metres greater than 0.',
    });
  });

  it('checks a new farm with the farm schema and puts its problems beside the farm inputs', () => {
    const { found } = checkFieldSetup(values({ mode: 'new', farmId: ids.farm }));
    expect(found.farm.name).toBe('Farm name is required.');
    expect(found.farmId).toBeUndefined();
  });

  it('says under the boundary when a drawn shape breaks a boundary rule, in the words of the locale', () => {
    const { found } = checkFieldSetup(values({ boundary: { ...emptyBoundary, drawn: square(0.0005) } }));
    expect(found.boundary).toMatch(/^This field measures 0\.\d+ ha\. The minimum field size is 0\.5 ha \(1\.2 acres\)/);
    expect(found.field).toEqual({});
  });

  it('asks for a drawing when the map is empty', () => {
    const { found } = checkFieldSetup(values({ boundary: emptyBoundary }));
    expect(found.boundaryInputs.map).toBe('Draw the field boundary on the map (Draw polygon or Draw circle) before saving.');
  });

  it('says a harvest before planting beside the harvest date, although zod checks dates only once the rest parses', () => {
    const details = { ...emptyFieldDetails, plantingDate: '2026-11-15', expectedHarvestDate: '2026-10-01' };
    const { found } = checkFieldSetup(values({ details }));
    expect(found.field.expectedHarvestDate).toBe('The expected harvest date must be after the planting date.');
  });
});

describe("where a refused save's problems go", () => {
  it('puts a boundary problem under the boundary inputs, worded from its code, and a name problem beside the name', () => {
    const problems = fieldFailure(
      refusal([
        {
          path: 'boundary',
          message: 'This field measures 0.30 ha. …',
          code: 'FIELD_TOO_SMALL',
          params: { areaHectares: 0.3, minHectares: 0.5, minAcres: 1.2 },
        },
        { path: 'name', message: 'Field name is required.' },
      ]),
    );
    expect(problems.boundary).toBe(
      'This field measures 0.30 ha. The minimum field size is 0.5 ha (1.2 acres): smaller fields give unreliable satellite readings.',
    );
    expect(problems.field).toEqual({ name: 'Field name is required.' });
    expect(problems.form).toBeNull();
  });

  it('puts a problem deep in the boundary (a corner) under the boundary too', () => {
    const problems = fieldFailure(refusal([{ path: 'boundary.coordinates.0.3', message: 'A position is [longitude, latitude].' }]));
    expect(problems.boundary).toBe('A position is [longitude, latitude].');
    expect(problems.field).toEqual({});
  });

  it('puts a problem with an input the form does not show at the top', () => {
    const problems = fieldFailure(refusal([{ path: 'farmId', message: 'Farm not found.' }]));
    expect(problems.form).toBe('Farm not found.');
    expect(problems.field).toEqual({});
  });

  it('puts a farm problem beside the farm inputs, and a server failure at the top: its sentence, or friendly words for a crash', () => {
    expect(farmFailure(refusal([{ path: 'name', message: 'Farm name is required.' }])).farm).toEqual({ name: 'Farm name is required.' });
    const busy = farmFailure(new ApiError(503, 'The server is busy. Please try again in a moment.', 'SERVICE_UNAVAILABLE'));
    expect(busy.farm).toEqual({});
    expect(busy.form).toBe('The server is busy. Please try again in a moment.');
    const crash = farmFailure(new ApiError(500, 'Internal Server Error', 'INTERNAL'));
    expect(crash.farm).toEqual({});
    expect(crash.form).not.toBe('Internal Server Error');
    expect(crash.form).toBeTruthy();
  });

  it('says why a redrawn boundary was refused, or what else went wrong', () => {
    const crossing = refusal([{ path: 'boundary', message: 'The boundary crosses itself.', code: 'SELF_INTERSECTION', params: {} }]);
    expect(boundaryFailure(crossing)).toBe(
      'The boundary crosses itself. Redraw it so that its edges do not cross, going once around the field.',
    );
    expect(boundaryFailure(new ApiError(0, 'Unable to connect to the server.'))).toBe('Unable to connect to the server.');
  });
});
