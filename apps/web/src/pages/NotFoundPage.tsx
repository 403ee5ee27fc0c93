import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../lib/page-title.ts';
import { ButtonLink } from '../components/ui/Button.tsx';

/** Any unknown path (spec §2.1). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('errors.notFoundTitle'));
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{t('errors.notFoundTitle')}</h1>
      <p className="text-lg text-stone-700">{t('errors.notFound')}</p>
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/dashboard">{t('errors.goToDashboard')}</ButtonLink>
        <ButtonLink to="/" variant="secondary">
          {t('errors.goHome')}
        </ButtonLink>
      </div>
    </div>
  );
}
