import { gradeLabel, type FieldSummary } from '@murimi/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { SelectInput, TextInput } from '../../../components/ui/form.tsx';
import { formatNumber, todayIso } from '../../../lib/format.ts';
import { applicationPrefill, type FertilizerEvent } from '../advice-model.ts';
import { bagCalculation, catalogueProducts, gradeIsValid, rateToSupply, type ProductGrade } from '../bag-calculator.ts';
import type { ApplicationPrefill } from './ApplicationForm.tsx';

const OWN = 'own';

interface OwnGrade {
  name: string;
  n: string;
  p: string;
  k: string;
}

const decimal = (text: string) => {
  const value = Number(text.replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(value) ? NaN : value;
};

/** The product the advice used first, else the usual one for the kind of application. */
function startingProduct(event: FertilizerEvent | null): { choice: string; own: OwnGrade } {
  const planned = event?.plan?.lines[0]?.product;
  const blankOwn = { name: '', n: '', p: '', k: '' };
  if (planned && catalogueProducts.some((product) => product.id === planned.id)) return { choice: planned.id, own: blankOwn };
  if (planned)
    return {
      choice: OWN,
      own: { name: planned.name, n: String(planned.nitrogenPct), p: String(planned.phosphatePct), k: String(planned.potashPct) },
    };
  return { choice: event?.kind === 'basal' ? 'compound-d' : 'ammonium-nitrate', own: blankOwn };
}

/**
 * 50 kg bags of the farmer's product for the field: a product of the catalogue or their own N-P-K grade, at the rate
 * that meets the advice (or their own), with the nutrients it supplies per hectare and over the field; and a way to
 * log it.
 */
export function BagCalculator({
  field,
  event,
  onLog,
}: {
  field: Pick<FieldSummary, 'id' | 'name' | 'size_hectares'>;
  event: FertilizerEvent | null;
  onLog: (prefill: ApplicationPrefill) => void;
}) {
  const { t } = useTranslation('app');
  const [start] = useState(() => startingProduct(event));
  const [choice, setChoice] = useState(start.choice);
  const [own, setOwn] = useState<OwnGrade>(start.own);

  const gradeOf = (id: string, ownGrade: OwnGrade): (ProductGrade & { source: string | null }) | null => {
    if (id === OWN)
      return {
        name: ownGrade.name.trim() || t('fertilizerAdvice.calculator.ownDefault'),
        nitrogenPct: decimal(ownGrade.n || '0'),
        phosphatePct: decimal(ownGrade.p || '0'),
        potashPct: decimal(ownGrade.k || '0'),
        source: null,
      };
    const product = catalogueProducts.find((candidate) => candidate.id === id);
    return product ? { ...product, source: product.gradeSource } : null;
  };
  const suggestion = (grade: ProductGrade | null) =>
    grade && event && gradeIsValid(grade) ? rateToSupply(grade, event.nutrients, event.kind) : null;

  const [rate, setRate] = useState(() => {
    const planned = event?.plan?.lines[0];
    if (planned) return String(planned.rateKgPerHa);
    const suggested = suggestion(gradeOf(start.choice, start.own));
    return suggested ? String(suggested.rateKgPerHa) : '';
  });

  const grade = gradeOf(choice, own);
  const valid = grade !== null && gradeIsValid(grade);
  const rateKgPerHa = decimal(rate);
  const result = valid ? bagCalculation(grade, rateKgPerHa, field.size_hectares) : null;
  const suggested = suggestion(grade);
  const choose = (next: string, nextOwn: OwnGrade = own) => {
    setChoice(next);
    const proposal = suggestion(gradeOf(next, nextOwn));
    if (proposal) setRate(String(proposal.rateKgPerHa));
  };
  const sizedTo = suggested && Number(rate) === suggested.rateKgPerHa ? suggested.sizedTo : null;

  return (
    <section aria-labelledby="bag-calculator-title" className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm md:p-5">
      <h2 id="bag-calculator-title" className="text-lg font-semibold text-stone-900">
        {t('fertilizerAdvice.calculator.title')}
      </h2>
      <p className="mb-3 text-stone-700">
        {t('fertilizerAdvice.calculator.intro', { name: field.name, hectares: formatNumber(field.size_hectares, 2) })}
      </p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-1">
        <SelectInput label={t('fertilizerAdvice.calculator.product')} value={choice} onChange={(e) => choose(e.target.value)}>
          {catalogueProducts.map((product) => (
            <option key={product.id} value={product.id}>
              {product.name} {gradeLabel(product)}
            </option>
          ))}
          <option value={OWN}>{t('fertilizerAdvice.calculator.ownGrade')}</option>
        </SelectInput>
        <TextInput
          label={t('fertilizerAdvice.calculator.rate')}
          hint={event ? t('fertilizerAdvice.calculator.rateHint') : undefined}
          inputMode="decimal"
          value={rate}
          onChange={(e) => setRate(e.target.value)}
        />
      </div>
      {choice === OWN && (
        <div className="mt-4 grid grid-cols-3 gap-3 sm:grid-cols-[2fr_1fr_1fr_1fr] xl:grid-cols-3">
          <div className="col-span-3 sm:col-span-1 xl:col-span-3">
            <TextInput
              label={t('fertilizerAdvice.calculator.ownName')}
              placeholder={t('fertilizerAdvice.calculator.ownNamePlaceholder')}
              value={own.name}
              onChange={(e) => setOwn({ ...own, name: e.target.value })}
            />
          </div>
          {(['n', 'p', 'k'] as const).map((key) => (
            <TextInput
              key={key}
              label={t(key === 'n' ? 'fertilizer.nPct' : key === 'p' ? 'fertilizer.pPct' : 'fertilizer.kPct')}
              inputMode="decimal"
              value={own[key]}
              onChange={(e) => {
                const next = { ...own, [key]: e.target.value };
                setOwn(next);
                choose(OWN, next);
              }}
            />
          ))}
        </div>
      )}
      <div aria-live="polite" data-testid="bag-calculation" className="mt-4 rounded-lg bg-stone-100 p-3 text-stone-900">
        {!valid ? (
          <p>{t('fertilizerAdvice.calculator.gradeInvalid')}</p>
        ) : !result ? (
          <p>{t('fertilizerAdvice.calculator.rateMissing')}</p>
        ) : (
          <>
            <p className="text-2xl font-bold tabular-nums" data-bags={result.bagsToBuy}>
              {t('fertilizerAdvice.calculator.bags', { count: result.bagsToBuy })}
            </p>
            <p className="mt-1">
              {t('fertilizerAdvice.calculator.total', {
                kg: formatNumber(result.fieldKg, 1),
                rate: formatNumber(result.rateKgPerHa, 1),
                hectares: formatNumber(result.fieldAreaHectares, 2),
                left: formatNumber(result.leftoverKg, 1),
              })}
            </p>
            <p className="mt-1">
              {t('fertilizerAdvice.calculator.perHa', {
                n: formatNumber(result.perHectare.nitrogenKgPerHa, 1),
                p: formatNumber(result.perHectare.phosphateKgPerHa, 1),
                k: formatNumber(result.perHectare.potashKgPerHa, 1),
              })}
            </p>
            <p className="mt-1">
              {t('fertilizerAdvice.calculator.wholeField', {
                n: formatNumber(result.wholeField.nitrogenKg, 0),
                p: formatNumber(result.wholeField.phosphateKg, 0),
                k: formatNumber(result.wholeField.potashKg, 0),
              })}
            </p>
            {sizedTo && (
              <p className="mt-1 text-sm text-stone-700">
                {t('fertilizerAdvice.calculator.sizedTo', { nutrient: t(`fertilizerAdvice.nutrients.${sizedTo}`) })}
              </p>
            )}
            {event && !suggested && (
              <p className="mt-1 text-sm text-amber-900">{t('fertilizerAdvice.calculator.cannotSupply', { product: grade.name })}</p>
            )}
            {grade.source && (
              <p className="mt-1 text-sm text-stone-700">{t('fertilizerAdvice.calculator.gradeSource', { source: grade.source })}</p>
            )}
          </>
        )}
      </div>
      {result && grade && (
        <div className="mt-3">
          <Button
            variant="secondary"
            onClick={() =>
              onLog(
                applicationPrefill({
                  fieldId: field.id,
                  product: grade,
                  rateKgPerHa: result.rateKgPerHa,
                  kind: event?.kind ?? null,
                  today: todayIso(),
                }),
              )
            }
          >
            {t('fertilizerAdvice.logThisProduct', { product: grade.name })}
          </Button>
        </div>
      )}
    </section>
  );
}
