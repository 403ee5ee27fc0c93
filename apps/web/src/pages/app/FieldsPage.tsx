import type { FieldSummary } from '@murimi/core';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { SelectInput, TextInput } from '../../components/ui/form.tsx';
import { EmptyState, Page, PageHeader, Spinner } from '../../components/ui/layout.tsx';
import { KeptCopyNote, LoadError } from '../../components/ui/QueryState.tsx';
import { useFarms } from '../../features/farms/api/farms.ts';
import { useFields } from '../../features/fields/api/fields.ts';
import { useCropName } from '../../features/fields/crop-names.ts';
import { ExportButtons } from '../../features/fields/components/ExportButtons.tsx';
import { FieldRows } from '../../features/fields/components/FieldRows.tsx';
import { useWithPending } from '../../features/offline/use-with-pending.ts';
import { usePageTitle } from '../../lib/page-title.ts';

type SortKey = 'name' | 'size-desc' | 'size-asc' | 'planting-desc' | 'planting-asc';
const sortKeys: SortKey[] = ['name', 'size-desc', 'size-asc', 'planting-desc', 'planting-asc'];

const byName = (a: FieldSummary, b: FieldSummary) => a.name.localeCompare(b.name, undefined, { numeric: true });
/** Fields without a planting date go last whichever way the dates run. */
const byPlanting = (direction: 1 | -1) => (a: FieldSummary, b: FieldSummary) => {
  if (!a.plantingDate || !b.plantingDate) return (a.plantingDate ? -1 : 0) + (b.plantingDate ? 1 : 0) || byName(a, b);
  return direction * a.plantingDate.localeCompare(b.plantingDate) || byName(a, b);
};
const comparators: Record<SortKey, (a: FieldSummary, b: FieldSummary) => number> = {
  name: byName,
  'size-desc': (a, b) => b.size_hectares - a.size_hectares || byName(a, b),
  'size-asc': (a, b) => a.size_hectares - b.size_hectares || byName(a, b),
  'planting-desc': byPlanting(-1),
  'planting-asc': byPlanting(1),
};

/** My Fields: every field with farm, crop, size and planting date; search and sort (fast for 500 fields). */
export default function FieldsPage() {
  const { t } = useTranslation('app');
  usePageTitle(t('fields.title'));
  const fields = useWithPending(useFields(), 'fields');
  const farms = useFarms();
  const cropName = useCropName();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortKey>('name');
  const query = useDeferredValue(search.trim().toLowerCase());

  const farmNames = useMemo(() => new Map((farms.data ?? []).map((farm) => [farm.id, farm.name])), [farms.data]);
  // One lower-cased text per field, built once per list rather than on every keystroke.
  const searchable = useMemo(
    () =>
      (fields.data ?? []).map((field) => ({
        field,
        text: [field.name, cropName(field.cropType), field.variety, farmNames.get(field.farmId)].filter(Boolean).join(' ').toLowerCase(),
      })),
    [fields.data, cropName, farmNames],
  );
  const shown = useMemo(() => {
    const matching = query ? searchable.filter((row) => row.text.includes(query)) : searchable;
    return matching.map((row) => row.field).sort(comparators[sort]);
  }, [searchable, query, sort]);

  const addButton = <ButtonLink to="/create-farm-field">{t('actions.addField')}</ButtonLink>;
  const importButton = (
    <ButtonLink to="/fields/import" variant="secondary">
      {t('import.title')}
    </ButtonLink>
  );
  let content;
  // What is held shows whatever the last request did (offline it fails), with its age.
  if (fields.data === undefined && fields.isError)
    content = <LoadError error={fields.error} what={t('fields.loadFailed')} onRetry={() => void fields.refetch()} />;
  else if (fields.data === undefined) content = <Spinner label={t('states.loadingFields')} />;
  else if (fields.data.length === 0)
    content = (
      <EmptyState
        title={t('fields.emptyTitle')}
        message={t('fields.empty')}
        action={
          <div className="flex flex-wrap justify-center gap-2">
            {addButton}
            {importButton}
          </div>
        }
      />
    );
  else
    content = (
      <>
        <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-[1fr_16rem]">
          <TextInput
            type="search"
            label={t('fields.search')}
            placeholder={t('fields.searchPlaceholder')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <SelectInput label={t('fields.sort')} value={sort} onChange={(event) => setSort(event.target.value as SortKey)}>
            {sortKeys.map((key) => (
              <option key={key} value={key}>
                {t(`fields.sortBy.${key}`)}
              </option>
            ))}
          </SelectInput>
        </div>
        <KeptCopyNote query={fields} />
        <p className="mb-3 text-sm text-stone-700" aria-live="polite">
          {t('fields.showing', { shown: shown.length, count: fields.data.length })}
        </p>
        {shown.length === 0 ? (
          <EmptyState title={t('fields.noMatchTitle')} message={t('fields.noMatch', { search: search.trim() })} />
        ) : (
          <FieldRows fields={shown} farmNames={farmNames} />
        )}
        <div className="mt-8">
          <ExportButtons />
        </div>
      </>
    );

  return (
    <Page>
      <PageHeader
        title={t('fields.title')}
        subtitle={t('fields.subtitle')}
        actions={
          fields.data?.length ? (
            <div className="flex flex-wrap gap-2">
              {importButton}
              {addButton}
            </div>
          ) : undefined
        }
      />
      {content}
    </Page>
  );
}
