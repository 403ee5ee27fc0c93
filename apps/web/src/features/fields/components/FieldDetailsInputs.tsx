import { cropCatalogue, soilTextures, type CropType } from '@murimi/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectInput, TextInput } from '../../../components/ui/form.tsx';
import { useCropTypes } from '../api/fields.ts';
import type { FieldErrors } from '../../../lib/form-errors.ts';
import { Checkbox } from '../../../components/ui/Choice.tsx';
import type { FieldDetailsValues } from './field-details.ts';

const categoryOrder: CropType['category'][] = [
  'cereal',
  'legume',
  'oilseed',
  'industrial',
  'fibre',
  'root-tuber',
  'vegetable',
  'fruit',
  'forage',
];

/** Crops grouped by category, by name within each group. */
function groupCrops(crops: readonly CropType[]) {
  return categoryOrder
    .map((category) => ({
      category,
      crops: crops.filter((crop) => crop.category === category).sort((a, b) => a.name.localeCompare(b.name)),
    }))
    .filter((group) => group.crops.length > 0);
}

/** The crop list from the API; the same catalogue bundled with the app stands in when it cannot load. */
function CropSelect({ value, error, onChange }: { value: string; error?: string | undefined; onChange: (value: string) => void }) {
  const { t } = useTranslation('app');
  const { data, isPending, isError } = useCropTypes();
  const groups = useMemo(() => groupCrops(data ?? (isError ? cropCatalogue : [])), [data, isError]);
  return (
    <SelectInput
      label={t('field.crop')}
      hint={t('field.cropHint')}
      value={value}
      error={error}
      disabled={isPending && !isError}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{isPending && !isError ? t('states.loadingCrops') : t('field.cropNone')}</option>
      {groups.map((group) => (
        <optgroup key={group.category} label={t(`cropCategories.${group.category}`)}>
          {group.crops.map((crop) => (
            <option key={crop.id} value={crop.id}>
              {crop.name}
            </option>
          ))}
        </optgroup>
      ))}
    </SelectInput>
  );
}

/** Name, crop, variety, dates, soil texture and irrigation of a field, for Field Setup and the field's edit form. */
export function FieldDetailsInputs({
  values,
  errors,
  onChange,
  withActualHarvest = false,
}: {
  values: FieldDetailsValues;
  errors: FieldErrors;
  onChange: (values: FieldDetailsValues) => void;
  withActualHarvest?: boolean;
}) {
  const { t } = useTranslation('app');
  const set =
    <K extends keyof FieldDetailsValues>(key: K) =>
    (value: FieldDetailsValues[K]) =>
      onChange({ ...values, [key]: value });
  const text = (key: Exclude<keyof FieldDetailsValues, 'irrigated'>) => (event: { target: { value: string } }) =>
    set(key)(event.target.value);
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <div className="md:col-span-2">
        <TextInput label={t('field.name')} hint={t('field.nameHint')} value={values.name} error={errors.name} onChange={text('name')} />
      </div>
      <CropSelect value={values.cropType} error={errors.cropType} onChange={set('cropType')} />
      <TextInput
        label={t('field.variety')}
        hint={t('field.varietyHint')}
        value={values.variety}
        error={errors.variety}
        onChange={text('variety')}
      />
      <TextInput
        type="date"
        label={t('field.plantingDate')}
        value={values.plantingDate}
        error={errors.plantingDate}
        onChange={text('plantingDate')}
      />
      <TextInput
        type="date"
        label={t('field.expectedHarvestDate')}
        value={values.expectedHarvestDate}
        error={errors.expectedHarvestDate}
        onChange={text('expectedHarvestDate')}
      />
      {withActualHarvest && (
        <TextInput
          type="date"
          label={t('field.actualHarvestDate')}
          hint={t('field.actualHarvestHint')}
          value={values.actualHarvestDate}
          error={errors.actualHarvestDate}
          onChange={text('actualHarvestDate')}
        />
      )}
      <SelectInput label={t('field.soilTexture')} value={values.soilTexture} error={errors.soilTexture} onChange={text('soilTexture')}>
        <option value="">{t('field.soilTextureNone')}</option>
        {soilTextures.map((texture) => (
          <option key={texture} value={texture}>
            {t(`soilTextures.${texture}`)}
          </option>
        ))}
      </SelectInput>
      <div className="md:col-span-2">
        <Checkbox label={t('field.irrigated')} hint={t('field.irrigatedHint')} checked={values.irrigated} onChange={set('irrigated')} />
        {errors.irrigated && <p className="text-sm font-medium text-red-700">{errors.irrigated}</p>}
      </div>
    </div>
  );
}
