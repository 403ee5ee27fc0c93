import {
  BULK_MINIMUM_FARMS,
  BULK_PRICE_PER_FARM_USD,
  FARM_BASE_HECTARES,
  FARM_BASE_PRICE_USD,
  farmMonthlyPriceUsd,
  PRICE_PER_EXTRA_HECTARE_USD,
} from '@murimi/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../lib/page-title.ts';
import { ButtonLink, buttonClass } from '../../components/ui/Button.tsx';
import { publicConfigQuery } from '../../lib/api/public-config.ts';
import { formatNumber, formatUsd, formatUsdShort } from '../../lib/format.ts';
import { CheckList, PageIntro, Section } from './parts.tsx';
import { BulkCalculator, FarmCalculator } from './PriceCalculator.tsx';
import { TrialList } from './shared-blocks.tsx';
import { usePublicTexts } from './public-texts.ts';

/** The worked examples of spec §1, computed by the same function as the calculator. */
const exampleHectares = [5, 10, 20, 50];

export default function PricingPage() {
  const { t } = usePublicTexts();
  usePageTitle(t('pricing.title'));
  return (
    <>
      <PageIntro title={t('pricing.title')} intro={t('pricing.intro')}>
        <TrialList className="mt-6" />
      </PageIntro>
      <Section id="plans" title={t('pricing.plansTitle')}>
        <div className="grid items-start gap-6 md:grid-cols-2">
          <FarmPlan />
          <BulkPlan />
        </div>
      </Section>
      <Section id="calculator" title={t('pricing.calculator.title')} tone="white">
        <div className="grid gap-6 md:grid-cols-2">
          <CalculatorPanel title={t('pricing.farm.name')}>
            <FarmCalculator />
          </CalculatorPanel>
          <CalculatorPanel title={t('pricing.bulk.name')}>
            <BulkCalculator />
          </CalculatorPanel>
        </div>
      </Section>
      <Contact />
      <Faq />
    </>
  );
}

function PlanPrice({ price }: { price: number }) {
  const { t } = usePublicTexts();
  return (
    <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
      <span className="text-5xl font-bold tracking-tight text-stone-900">{formatUsdShort(price)}</span>
      <span className="text-stone-700">{t('pricing.perFarmMonth')}</span>
    </p>
  );
}

function FarmPlan() {
  const { t } = usePublicTexts();
  return (
    <section aria-labelledby="plan-farm" className="relative rounded-2xl border-2 border-leaf-700 bg-white p-5 shadow-md md:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="plan-farm" className="text-xl font-bold text-stone-900">
          {t('pricing.farm.name')}
        </h3>
        <span className="rounded-full bg-sun-500 px-3 py-1 text-sm font-bold text-stone-900">{t('pricing.mostPopular')}</span>
      </div>
      <p className="mt-1 text-stone-700">{t('pricing.farm.audience')}</p>
      <PlanPrice price={FARM_BASE_PRICE_USD} />
      <p className="mt-1 font-medium text-stone-900">{t('pricing.farm.included', { hectares: FARM_BASE_HECTARES })}</p>
      <p className="text-stone-700">
        {t('pricing.farm.extra', { price: formatUsdShort(PRICE_PER_EXTRA_HECTARE_USD), hectares: FARM_BASE_HECTARES })}
      </p>

      <h4 className="mt-5 text-sm font-semibold text-stone-900">{t('pricing.farm.examplesTitle')}</h4>
      <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {exampleHectares.map((hectares) => (
          <div key={hectares} className="rounded-lg bg-leaf-50 px-3 py-2">
            <dt className="text-sm text-stone-700">{t('pricing.farm.exampleSize', { hectares })}</dt>
            <dd className="font-bold text-stone-900 tabular-nums">{formatUsd(farmMonthlyPriceUsd(hectares))}</dd>
          </div>
        ))}
      </dl>

      <CheckList items={Object.values(t('pricing.farm.features', { returnObjects: true }))} className="mt-5" />
      <ButtonLink to="/register" className="mt-6 w-full text-lg">
        {t('pricing.farm.cta')}
      </ButtonLink>
    </section>
  );
}

function BulkPlan() {
  const { t } = usePublicTexts();
  return (
    <section aria-labelledby="plan-bulk" className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm md:p-6">
      <h3 id="plan-bulk" className="text-xl font-bold text-stone-900">
        {t('pricing.bulk.name')}
      </h3>
      <p className="mt-1 text-stone-700">{t('pricing.bulk.audience', { farms: formatNumber(BULK_MINIMUM_FARMS) })}</p>
      <PlanPrice price={BULK_PRICE_PER_FARM_USD} />
      <CheckList items={Object.values(t('pricing.bulk.features', { returnObjects: true }))} className="mt-5" />
      {/* Demo requests and questions go to the contact details further down this page (reachable without an account). */}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <a href="#contact" className={buttonClass('primary', 'flex-1 text-lg')}>
          {t('pricing.bulk.demo')}
        </a>
        <a href="#contact" className={buttonClass('secondary', 'flex-1 text-lg')}>
          {t('pricing.bulk.contact')}
        </a>
      </div>
    </section>
  );
}

function CalculatorPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-stone-200 bg-stone-50 p-5">
      <h3 className="mb-4 text-lg font-semibold text-stone-900">{title}</h3>
      {children}
    </div>
  );
}

/** Contact e-mail and phone from the server's settings: the same cached query as the footer, so no extra request. */
function Contact() {
  const { t } = usePublicTexts();
  const { data } = useQuery(publicConfigQuery());
  const email = data?.contactEmail;
  const phone = data?.contactPhone;
  return (
    <Section id="contact" title={t('pricing.contact.title')} intro={t('pricing.contact.text')}>
      {email || phone ? (
        <dl className="flex flex-col gap-4 sm:flex-row sm:gap-10">
          {email && (
            <div>
              <dt className="text-sm font-medium text-stone-700">{t('pricing.contact.email')}</dt>
              <dd>
                <a
                  href={`mailto:${email}`}
                  className="inline-flex min-h-11 items-center text-lg font-semibold break-all text-leaf-800 underline"
                >
                  {email}
                </a>
              </dd>
            </div>
          )}
          {phone && (
            <div>
              <dt className="text-sm font-medium text-stone-700">{t('pricing.contact.phone')}</dt>
              <dd>
                <a
                  href={`tel:${phone.replace(/\s/g, '')}`}
                  className="inline-flex min-h-11 items-center text-lg font-semibold text-leaf-800 underline"
                >
                  {phone}
                </a>
              </dd>
            </div>
          )}
        </dl>
      ) : (
        <p className="text-stone-700">{t('pricing.contact.fallback')}</p>
      )}
    </Section>
  );
}

function Faq() {
  const { t } = usePublicTexts();
  const items = Object.entries(t('pricing.faq.items', { returnObjects: true }));
  return (
    <Section id="faq" title={t('pricing.faq.title')} tone="white">
      <div className="grid gap-6 md:grid-cols-2">
        {items.map(([key, item]) => (
          <div key={key}>
            <h3 className="text-lg font-semibold text-stone-900">{item.question}</h3>
            <p className="mt-1 text-stone-700">{item.answer}</p>
          </div>
        ))}
      </div>
    </Section>
  );
}
