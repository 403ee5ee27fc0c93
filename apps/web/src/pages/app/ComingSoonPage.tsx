import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/page-title.ts';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { EmptyState, PageHeader } from '../../components/ui/layout.tsx';

type ComingKey = 'placeholder';

/** A screen whose content arrives with a later release: its real title and layout, and an honest note. */
export default function ComingSoonPage({ title, coming }: { title: string; coming: ComingKey }) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <>
      <PageHeader title={title} />
      <EmptyState
        title={t('coming.title')}
        message={t(`coming.${coming}`)}
        action={
          <ButtonLink to="/fields" variant="secondary">
            {t('nav.myFields')}
          </ButtonLink>
        }
      />
    </>
  );
}
