import { analysisTypes, type AnalysisType } from '@murimi/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { SelectInput } from '../../../components/ui/form.tsx';
import { Card } from '../../../components/ui/layout.tsx';
import { showToast } from '../../toasts/toast-store.ts';
import { runAnalysis } from '../analysis-runs.ts';

const isAnalysisType = (value: string): value is AnalysisType => (analysisTypes as readonly string[]).includes(value);

/**
 * The dashboard's run control (spec §5): a field, an analysis type, Run. Either missing, it warns and starts nothing;
 * the progress shows on the floating cards.
 */
export function RunAnalysisTile({ fields, selectedFieldId }: { fields: { id: string; name: string }[]; selectedFieldId: string | null }) {
  const { t } = useTranslation('app');
  const [fieldId, setFieldId] = useState(selectedFieldId ?? '');
  const [type, setType] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const field = fields.find((f) => f.id === fieldId);
    if (!field || !isAnalysisType(type)) {
      showToast(t('dashboard.run.missing'), { type: 'warning' });
      return;
    }
    runAnalysis({ fieldId: field.id, fieldName: field.name, type });
  };

  return (
    <Card title={t('dashboard.run.title')}>
      <form
        onSubmit={submit}
        noValidate
        aria-label={t('dashboard.run.title')}
        className="grid grid-cols-1 items-end gap-3 sm:grid-cols-[1fr_1fr_auto]"
      >
        <SelectInput label={t('dashboard.run.field')} value={fieldId} onChange={(event) => setFieldId(event.target.value)}>
          <option value="">{t('dashboard.run.choose')}</option>
          {fields.map((field) => (
            <option key={field.id} value={field.id}>
              {field.name}
            </option>
          ))}
        </SelectInput>
        <SelectInput label={t('dashboard.run.type')} value={type} onChange={(event) => setType(event.target.value)}>
          <option value="">{t('dashboard.run.choose')}</option>
          {analysisTypes.map((choice) => (
            <option key={choice} value={choice}>
              {t(`analysisProgress.typeNames.${choice}`)}
            </option>
          ))}
        </SelectInput>
        <Button type="submit">{t('dashboard.run.submit')}</Button>
      </form>
    </Card>
  );
}
