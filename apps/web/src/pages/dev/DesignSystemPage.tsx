import { Badge } from '../../components/ui/Badge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { SelectInput, TextInput } from '../../components/ui/form.tsx';
import { Card, EmptyState, Page, PageHeader, Spinner } from '../../components/ui/layout.tsx';
import { useDevTexts } from '../../features/dev-pages/dev-texts.ts';
import { showToast, type ToastType } from '../../features/toasts/toast-store.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { DevOnly } from './DevOnly.tsx';

const TOAST_TYPES: ToastType[] = ['info', 'success', 'warning', 'error'];

function DesignSystem() {
  const { t } = useDevTexts();
  usePageTitle(t('design.title'));
  return (
    <Page>
      <PageHeader title={t('design.title')} subtitle={t('design.subtitle')} />
      <Card title={t('design.buttons')}>
        <div className="flex flex-wrap gap-2">
          <Button>{t('design.primary')}</Button>
          <Button variant="secondary">{t('design.secondary')}</Button>
          <Button variant="danger">{t('design.danger')}</Button>
          <Button variant="ghost">{t('design.ghost')}</Button>
          <Button disabled>{t('design.disabled')}</Button>
        </div>
      </Card>
      <Card title={t('design.badges')} className="mt-4">
        <div className="flex flex-wrap gap-2">
          <Badge tone="good">{t('design.good')}</Badge>
          <Badge tone="warning">{t('design.warning')}</Badge>
          <Badge tone="info">{t('design.info')}</Badge>
        </div>
      </Card>
      <Card title={t('design.inputs')} className="mt-4">
        <div className="grid gap-3 sm:grid-cols-3">
          <TextInput label={t('design.textLabel')} hint={t('design.textHint')} defaultValue="Vlei Block" />
          <TextInput label={t('design.errorLabel')} error={t('design.errorText')} defaultValue="0.3" inputMode="decimal" />
          <SelectInput label={t('design.selectLabel')} defaultValue="maize">
            <option value="maize">Maize</option>
            <option value="soybean">Soybean</option>
            <option value="tobacco">Tobacco</option>
          </SelectInput>
        </div>
      </Card>
      <Card title={t('design.toasts')} className="mt-4">
        <div className="flex flex-wrap gap-2">
          {TOAST_TYPES.map((type) => (
            <Button key={type} variant="secondary" onClick={() => showToast(t('design.toastText', { type }), { type })}>
              {t('design.showToast', { type })}
            </Button>
          ))}
        </div>
      </Card>
      <Card title={t('design.states')} className="mt-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <EmptyState title={t('design.emptyTitle')} message={t('design.emptyText')} />
          <Spinner label={t('design.loading')} />
        </div>
      </Card>
    </Page>
  );
}

/** `/test-design-system` (spec §2.3): the components the screens are built from. */
export default function DesignSystemPage() {
  return (
    <DevOnly>
      <DesignSystem />
    </DevOnly>
  );
}
