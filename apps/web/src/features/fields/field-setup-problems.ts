import { farmCreateSchema, fieldCreateSchema, fieldDateProblem, type FieldCreateInput } from '@murimi/core';
import { describeError, serverFieldErrors, splitServerErrors, unplacedMessage, validate, type FieldErrors } from '../../lib/form-errors.ts';
import i18next from '../../lib/i18n.ts';
import { farmBody, farmInputs, type FarmValues } from '../farms/components/farm-form.ts';
import { boundaryFrom, type BoundaryInputKey, type BoundaryInputProblem, type BoundaryValues } from './components/boundary-input.ts';
import { fieldDetailInputs, fieldDetailsBody, type FieldDetailsValues } from './components/field-details.ts';

/**
 * Where Field Setup shows each problem: beside the farm's inputs, the field's, the boundary inputs (latitude,
 * radius, pasted GeoJSON, the map, the walked or typed corners, the file), under the boundary as a whole, beside the farm choice, or at the top.
 */
export interface FieldSetupProblems {
  farm: FieldErrors;
  field: FieldErrors;
  boundaryInputs: Partial<Record<BoundaryInputKey, string>>;
  boundary?: string | undefined;
  farmId?: string | undefined;
  form?: string | null;
}

export const noProblems: FieldSetupProblems = { farm: {}, field: {}, boundaryInputs: {} };

/** Errors keyed "boundary" or "boundary.coordinates.0…" belong beside the boundary inputs. */
export const isBoundaryPath = (path: string) => path === 'boundary' || path.startsWith('boundary.');

function boundaryMessage(errors: FieldErrors): string | undefined {
  const key = Object.keys(errors).find(isBoundaryPath);
  return key ? errors[key] : undefined;
}

const withoutBoundary = (errors: FieldErrors): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([path]) => !isBoundaryPath(path)));

/** Whether anything is said about the boundary: beside its inputs or under it as a whole. */
export const hasBoundaryProblem = (problems: FieldSetupProblems) =>
  Boolean(problems.boundary) || Object.keys(problems.boundaryInputs).length > 0;

/**
 * The problems once the boundary has been changed: what was said about the old boundary no longer holds, so it
 * goes at once rather than staying until Save is pressed again; the other problems stay where they are.
 */
export function withoutBoundaryProblems(problems: FieldSetupProblems): FieldSetupProblems {
  return { ...problems, boundaryInputs: {}, boundary: undefined };
}

/** A failed farm save: the server's problems beside the farm's inputs, the rest at the top. */
export function farmFailure(error: unknown): FieldSetupProblems {
  const server = splitServerErrors(error, farmInputs);
  return { ...noProblems, farm: server.fields, form: server.form };
}

/** A failed field save: problems with the boundary under the boundary inputs, the others beside the field's. */
export function fieldFailure(error: unknown): FieldSetupProblems {
  const all = serverFieldErrors(error);
  const boundaryKeys = Object.keys(all).filter(isBoundaryPath);
  const server = splitServerErrors(error, [...fieldDetailInputs, ...boundaryKeys]);
  return { ...noProblems, field: withoutBoundary(server.fields), boundary: boundaryMessage(all), form: server.form };
}

/** A refused boundary redrawn on the map: the server's problem with the boundary, any other failure as it is. */
export function boundaryFailure(error: unknown): string {
  const problem = Object.entries(serverFieldErrors(error)).find(([path]) => isBoundaryPath(path));
  return problem?.[1] ?? describeError(error);
}

/** What is wrong with a boundary input, in the person's language (`boundary.problems.<code>` of the app texts). */
export function describeBoundaryInputProblem(problem: BoundaryInputProblem): string {
  return i18next.t(`boundary.problems.${problem.code}`, {
    ns: 'app',
    found: problem.found ?? '',
    count: problem.count ?? 0,
    line: problem.line ?? 0,
  });
}

/** The first problem per boundary input, worded. */
export function boundaryInputErrors(problems: readonly BoundaryInputProblem[]): Partial<Record<BoundaryInputKey, string>> {
  const errors: Partial<Record<BoundaryInputKey, string>> = {};
  for (const problem of problems) errors[problem.input] ??= describeBoundaryInputProblem(problem);
  return errors;
}

export interface FieldSetupValues {
  /** Whether the field goes on a farm that exists or on a new one saved first. */
  mode: 'existing' | 'new';
  farmId: string;
  farm: FarmValues;
  details: FieldDetailsValues;
  boundary: BoundaryValues;
  /** Client ids chosen once per form, so a retried save finds the same farm and field. */
  ids: { farm: string; field: string };
}

/**
 * The check before sending, with the same schemas as the server: every problem found at once, each where the form
 * shows it, and the field's request body.
 */
export function checkFieldSetup(values: FieldSetupValues): { ok: boolean; found: FieldSetupProblems; body: FieldCreateInput } {
  const { mode, farmId, ids } = values;
  const chooseFarm = i18next.t('setup.chooseFarm', { ns: 'app' });
  const found: FieldSetupProblems = { farm: {}, field: {}, boundaryInputs: {} };
  if (mode === 'new') found.farm = validate(farmCreateSchema, { id: ids.farm, ...farmBody(values.farm) }).errors ?? {};
  else if (!farmId) found.farmId = chooseFarm;
  const shape = boundaryFrom(values.boundary);
  found.boundaryInputs = boundaryInputErrors(shape.problems);
  const body: FieldCreateInput = {
    id: ids.field,
    farmId,
    ...fieldDetailsBody(values.details, false),
    name: values.details.name,
    irrigated: values.details.irrigated,
    boundary: shape.boundary ?? { type: 'Polygon', coordinates: [] },
  };
  const fieldErrors = validate(fieldCreateSchema, body).errors ?? {};
  // zod runs the cross-field date check only once every input parses; say it now, with the rest.
  const dateProblem = fieldDateProblem(body);
  if (dateProblem) fieldErrors[dateProblem.path] ??= dateProblem.message;
  if (shape.boundary) found.boundary = boundaryMessage(fieldErrors);
  const { farmId: farmIdError, ...fieldOnly } = withoutBoundary(fieldErrors);
  if (farmIdError) found.farmId ??= chooseFarm;
  found.field = fieldOnly;
  found.form = unplacedMessage(fieldOnly, fieldDetailInputs);
  const ok =
    Object.keys(found.farm).length === 0 &&
    Object.keys(found.field).length === 0 &&
    Object.keys(found.boundaryInputs).length === 0 &&
    !found.boundary &&
    !found.farmId &&
    !found.form;
  return { ok, found, body };
}
