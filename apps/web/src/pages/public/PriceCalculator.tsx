import {
  BULK_MINIMUM_FARMS,
  BULK_PRICE_PER_FARM_USD,
  bulkMonthlyPriceUsd,
  FARM_BASE_HECTARES,
  FARM_BASE_PRICE_USD,
  farmMonthlyPriceUsd,
  PRICE_PER_EXTRA_HECTARE_USD,
} from '@murimi/core';
import { useState, type ReactNode } from 'react';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { TextInput } from '../../components/ui/form.tsx';
import { formatNumber, formatUsd, formatUsdShort } from '../../lib/format.ts';
import { usePublicTexts } from './public-texts.ts';

const MIN_HECTARES = 0.5;

/** The result box of a calculator: read out politely when it changes; `testId` marks the price (or the reason there is none). */
function Result({ testId, price, message, detail }: { testId: string; price: string | null; message: string; detail: ReactNode }) {
  const { t } = usePublicTexts();
  return (
    <div aria-live="polite" className="mt-4 rounded-lg bg-leaf-50 p-4">
      <p className="text-sm font-medium text-stone-700">{t('pricing.calculator.result')}</p>
      {price ? (
        <>
          <p data-testid={testId} className="text-3xl font-bold text-leaf-900 tabular-nums">
            {price}
          </p>
          <p className="mt-1 text-sm text-stone-700">{detail}</p>
        </>
      ) : (
        <p data-testid={testId} className="mt-1 font-medium text-stone-900">
          {message}
        </p>
      )}
    </div>
  );
}

export function FarmCalculator() {
  const { t } = usePublicTexts();
  const hydrated = useHydrated();
  const [value, setValue] = useState(String(FARM_BASE_HECTARES));
  const hectares = Number(value);
  const valid = value.trim() !== '' && Number.isFinite(hectares) && hectares >= MIN_HECTARES;
  const extraHectares = hectares - FARM_BASE_HECTARES;
  const detail =
    extraHectares > 0
      ? t('pricing.calculator.farmBreakdown', {
          base: formatUsdShort(FARM_BASE_PRICE_USD),
          baseHectares: FARM_BASE_HECTARES,
          extraHectares: formatNumber(extraHectares),
          rate: formatUsdShort(PRICE_PER_EXTRA_HECTARE_USD),
        })
      : t('pricing.calculator.farmBase', { hectares: FARM_BASE_HECTARES });
  return (
    <div>
      <TextInput
        label={t('pricing.calculator.farmLabel')}
        hint={t('pricing.calculator.farmHint')}
        type="number"
        inputMode="decimal"
        min={MIN_HECTARES}
        step={0.5}
        value={value}
        disabled={!hydrated}
        onChange={(event) => setValue(event.target.value)}
      />
      <Result
        testId="farm-price"
        price={valid ? formatUsd(farmMonthlyPriceUsd(hectares)) : null}
        message={t('pricing.calculator.farmInvalid')}
        detail={detail}
      />
    </div>
  );
}

export function BulkCalculator() {
  const { t } = usePublicTexts();
  const hydrated = useHydrated();
  const [value, setValue] = useState(String(BULK_MINIMUM_FARMS));
  const farms = Number(value);
  const valid = value.trim() !== '' && Number.isInteger(farms) && farms >= 1;
  const price = valid ? bulkMonthlyPriceUsd(farms) : null;
  const message = valid
    ? t('pricing.calculator.bulkTooFew', { farms: formatNumber(BULK_MINIMUM_FARMS) })
    : t('pricing.calculator.bulkInvalid');
  return (
    <div>
      <TextInput
        label={t('pricing.calculator.bulkLabel')}
        hint={t('pricing.calculator.bulkHint', { farms: formatNumber(BULK_MINIMUM_FARMS) })}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={value}
        disabled={!hydrated}
        onChange={(event) => setValue(event.target.value)}
      />
      <Result
        testId="bulk-price"
        price={price === null ? null : formatUsd(price)}
        message={message}
        detail={t('pricing.calculator.bulkBreakdown', { farms: formatNumber(farms), rate: formatUsdShort(BULK_PRICE_PER_FARM_USD) })}
      />
    </div>
  );
}
