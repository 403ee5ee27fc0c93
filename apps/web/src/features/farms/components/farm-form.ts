import type { Farm } from '@murimi/core';
import { blankToNull } from '../../../lib/form-errors.ts';

export interface FarmValues {
  name: string;
  location: string;
  district: string;
  country: string;
  notes: string;
}

export const farmInputs = ['name', 'location', 'district', 'country', 'notes'] as const;

export const emptyFarm: FarmValues = { name: '', location: '', district: '', country: '', notes: '' };

export const farmValuesOf = (farm: Farm): FarmValues => ({
  name: farm.name,
  location: farm.location ?? '',
  district: farm.district ?? '',
  country: farm.country ?? '',
  notes: farm.notes ?? '',
});

export const farmBody = (values: FarmValues) => ({
  name: values.name,
  location: blankToNull(values.location),
  district: blankToNull(values.district),
  country: blankToNull(values.country),
  notes: blankToNull(values.notes),
});
