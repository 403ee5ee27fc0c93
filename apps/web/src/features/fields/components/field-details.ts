import type { FieldSummary, FieldCreateInput } from '@murimi/core';
import { blankToNull } from '../../../lib/form-errors.ts';

/** The descriptive inputs of a field (everything but farm and boundary), as the form holds them. */
export interface FieldDetailsValues {
  name: string;
  cropType: string;
  variety: string;
  plantingDate: string;
  expectedHarvestDate: string;
  actualHarvestDate: string;
  soilTexture: string;
  irrigated: boolean;
}

export const fieldDetailInputs = [
  'name',
  'cropType',
  'variety',
  'plantingDate',
  'expectedHarvestDate',
  'actualHarvestDate',
  'soilTexture',
  'irrigated',
] as const;

export const emptyFieldDetails: FieldDetailsValues = {
  name: '',
  cropType: '',
  variety: '',
  plantingDate: '',
  expectedHarvestDate: '',
  actualHarvestDate: '',
  soilTexture: '',
  irrigated: false,
};

export function fieldDetailsOf(field: FieldSummary): FieldDetailsValues {
  return {
    name: field.name,
    cropType: field.cropType ?? '',
    variety: field.variety ?? '',
    plantingDate: field.plantingDate ?? '',
    expectedHarvestDate: field.expectedHarvestDate ?? '',
    actualHarvestDate: field.actualHarvestDate ?? '',
    soilTexture: field.soilTexture ?? '',
    irrigated: field.irrigated,
  };
}

/** The request body for these inputs; empty inputs are sent as null ("not given"). */
export function fieldDetailsBody(values: FieldDetailsValues, withActualHarvest: boolean) {
  const body: Partial<FieldCreateInput> = {
    name: values.name,
    cropType: blankToNull(values.cropType),
    variety: blankToNull(values.variety),
    plantingDate: blankToNull(values.plantingDate),
    expectedHarvestDate: blankToNull(values.expectedHarvestDate),
    soilTexture: blankToNull(values.soilTexture) as FieldCreateInput['soilTexture'],
    irrigated: values.irrigated,
  };
  if (withActualHarvest) body.actualHarvestDate = blankToNull(values.actualHarvestDate);
  return body;
}
