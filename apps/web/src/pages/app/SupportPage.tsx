import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Card, Page, PageHeader, Spinner } from '../../components/ui/layout.tsx';
import { LoadError } from '../../components/ui/QueryState.tsx';
import { useMe } from '../../features/account/api/account.ts';
import { SupportForm } from '../../features/support/components/SupportForm.tsx';
import { useSupportTexts } from '../../features/support/support-texts.ts';
import { publicConfigQuery } from '../../lib/api/public-config.ts';
import { usePageTitle } from '../../lib/page-title.ts';

const GUIDES = [
  { to: '/guides', label: 'guides.quickStart' },
  { to: '/features', label: 'guides.features' },
  { to: '/pricing', label: 'guides.pricing' },
  { to: '/terms', label: 'guides.terms' },
] as const;

/** Help: how to reach the people who run this server, the guides, and a message to them. */
export default function SupportPage() {
  const { t } = useSupportTexts();
  usePageTitle(t('title'));
  const me = useMe();
  const config = useQuery(publicConfigQuery());
  const email = config.data?.contactEmail ?? null;
  const phone = config.data?.contactPhone ?? null;
  return (
    <Page narrow>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="flex flex-col gap-4">
        <Card title={t('contact.title')}>
          {config.isPending ? (
            <Spinner label={t('loading')} />
          ) : email || phone ? (
            <dl className="grid gap-3 sm:grid-cols-2">
              {email && (
                <div>
                  <dt className="text-sm font-medium text-stone-700">{t('contact.email')}</dt>
                  <dd>
                    <a className="font-semibold break-all text-leaf-800 underline" href={`mailto:${email}`}>
                      {email}
                    </a>
                  </dd>
                </div>
              )}
              {phone && (
                <div>
                  <dt className="text-sm font-medium text-stone-700">{t('contact.phone')}</dt>
                  <dd>
                    <a className="font-semibold text-leaf-800 underline" href={`tel:${phone.replace(/\s+/g, '')}`}>
                      {phone}
                    </a>
                  </dd>
                </div>
              )}
            </dl>
          ) : (
            <p className="text-stone-700">{t('contact.none')}</p>
          )}
        </Card>
        <Card title={t('form.title')}>
          {me.isPending || config.isPending ? (
            <Spinner label={t('loading')} />
          ) : me.isError ? (
            <LoadError error={me.error} onRetry={() => void me.refetch()} />
          ) : email ? (
            <SupportForm userId={me.data.id} email={me.data.email} />
          ) : (
            <p className="text-stone-700">{t('form.unavailable')}</p>
          )}
        </Card>
        <Card title={t('guides.title')}>
          <p className="mb-3 text-stone-700">{t('guides.intro')}</p>
          <ul className="flex flex-col gap-2">
            {GUIDES.map((guide) => (
              <li key={guide.to}>
                <Link to={guide.to} className="inline-flex min-h-11 items-center font-semibold text-leaf-800 underline">
                  {t(guide.label)}
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </Page>
  );
}
