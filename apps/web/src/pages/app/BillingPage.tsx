import {
  BULK_MINIMUM_FARMS,
  BULK_PRICE_PER_FARM_USD,
  FARM_BASE_HECTARES,
  FARM_BASE_PRICE_USD,
  PRICE_PER_EXTRA_HECTARE_USD,
  type Billing,
} from '@murimi/core';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { Card, EmptyState, Facts, Page, PageHeader, Spinner } from '../../components/ui/layout.tsx';
import { LoadError, QueryState } from '../../components/ui/QueryState.tsx';
import { useMe } from '../../features/account/api/account.ts';
import { useBilling } from '../../features/billing/api/billing.ts';
import { useBillingTexts } from '../../features/billing/billing-texts.ts';
import { formatDate, formatFixed, formatNumber, formatUsd, formatUsdShort } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/page-title.ts';

/** A programme this close to the bulk minimum is told that it is near. */
const NEAR_BULK_FARMS = 400;

function Trial({ billing }: { billing: Billing }) {
  const { t } = useBillingTexts();
  const date = formatDate(billing.trialEndsOn);
  return (
    <Card title={t('trial.title')}>
      {billing.trialDaysLeft > 0 ? (
        <>
          <p className="text-lg font-semibold text-stone-900">{t('trial.left', { count: billing.trialDaysLeft, date })}</p>
          <p className="mt-1 text-stone-700">{t('trial.leftNote')}</p>
        </>
      ) : (
        <>
          <p className="text-lg font-semibold text-stone-900">{t('trial.ended', { date })}</p>
          <p className="mt-1 text-stone-700">
            {t('trial.endedNote')}{' '}
            <Link to="/support" className="font-semibold text-leaf-800 underline">
              {t('trial.contactLink')}
            </Link>
          </p>
        </>
      )}
    </Card>
  );
}

function Plan({ billing }: { billing: Billing }) {
  const { t } = useBillingTexts();
  const rule =
    billing.plan === 'bulk'
      ? t('plan.bulkRule', { price: formatUsdShort(BULK_PRICE_PER_FARM_USD), farms: BULK_MINIMUM_FARMS })
      : t('plan.farmRule', {
          base: formatUsdShort(FARM_BASE_PRICE_USD),
          baseHectares: FARM_BASE_HECTARES,
          extra: formatUsdShort(PRICE_PER_EXTRA_HECTARE_USD),
        });
  return (
    <Card title={t('plan.title')}>
      <p className="text-xl font-bold text-stone-900">{t(`plan.${billing.plan}`)}</p>
      <p className="mt-1 flex flex-wrap items-baseline gap-x-2">
        <span className="text-4xl font-bold tracking-tight text-stone-900">{formatUsd(billing.monthlyUsd)}</span>
        <span className="text-stone-700">
          {t('plan.perMonth')}
          {billing.trialDaysLeft > 0 && `, ${t('plan.afterTrial')}`}
        </span>
      </p>
      <p className="mt-2 text-stone-700">{rule}</p>
      {billing.plan === 'farm' && billing.farms >= NEAR_BULK_FARMS && (
        <p className="mt-2 text-stone-700">
          {t('plan.towardsBulk', { farms: BULK_MINIMUM_FARMS, price: formatUsdShort(BULK_PRICE_PER_FARM_USD) })}
        </p>
      )}
      <div className="mt-4">
        <Facts
          items={[
            { label: t('plan.farms'), value: formatNumber(billing.farms, 0) },
            { label: t('plan.hectares'), value: t('hectares', { value: formatFixed(billing.hectares, 2) }) },
          ]}
        />
      </div>
      <Link to="/pricing" className="mt-4 inline-flex min-h-11 items-center font-semibold text-leaf-800 underline">
        {t('plan.pricingLink')}
      </Link>
    </Card>
  );
}

function Farms({ billing }: { billing: Billing }) {
  const { t } = useBillingTexts();
  return (
    <Card title={t('farms.title')}>
      {billing.farms > billing.largestFarms.length && (
        <p className="mb-3 text-stone-700">{t('farms.largest', { shown: billing.largestFarms.length, count: billing.farms })}</p>
      )}
      <table className="w-full text-left">
        <thead>
          <tr className="border-b border-stone-300 text-sm text-stone-600">
            <th scope="col" className="py-2 pr-2 font-medium">
              {t('farms.farm')}
            </th>
            <th scope="col" className="py-2 pr-2 text-right font-medium">
              {t('farms.size')}
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              {t('farms.price')}
            </th>
          </tr>
        </thead>
        <tbody>
          {billing.largestFarms.map((farm) => (
            <tr key={farm.id} className="border-b border-stone-200 last:border-0">
              <th scope="row" className="py-2 pr-2 font-semibold break-words text-stone-900">
                <Link to={`/farms/${farm.id}`} className="underline decoration-stone-300 hover:decoration-leaf-700">
                  {farm.name}
                </Link>
              </th>
              <td className="py-2 pr-2 text-right whitespace-nowrap text-stone-800">
                {farm.hectares > 0 ? t('hectares', { value: formatFixed(farm.hectares, 2) }) : t('farms.noFields')}
              </td>
              <td className="py-2 text-right whitespace-nowrap text-stone-900">{formatUsd(farm.monthlyUsd)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** The organisation's plan, its monthly price by the published rules and its free trial; no payment is taken. */
export default function BillingPage() {
  const { t } = useBillingTexts();
  usePageTitle(t('title'));
  const me = useMe();
  const allowed = me.data?.organisation.allowed.includes('billing.read') ?? false;
  const billing = useBilling(allowed);
  return (
    <Page narrow>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {me.isPending ? (
        <Spinner label={t('loading')} />
      ) : me.isError ? (
        <LoadError error={me.error} onRetry={() => void me.refetch()} />
      ) : !allowed ? (
        <p className="text-stone-700">{t('notAllowed', { organisation: me.data.organisation.name })}</p>
      ) : (
        <QueryState
          query={billing}
          loadingLabel={t('loading')}
          isEmpty={(data) => data.farms === 0}
          empty={
            <div className="flex flex-col gap-4">
              <Trial billing={billing.data!} />
              <EmptyState
                title={t('empty.title')}
                message={t('empty.message')}
                action={<ButtonLink to="/create-farm-field">{t('empty.action')}</ButtonLink>}
              />
            </div>
          }
        >
          {(data) => (
            <div className="flex flex-col gap-4">
              <Trial billing={data} />
              <Plan billing={data} />
              <Farms billing={data} />
            </div>
          )}
        </QueryState>
      )}
    </Page>
  );
}
