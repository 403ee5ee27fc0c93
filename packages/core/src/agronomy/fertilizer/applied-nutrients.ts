/**
 * Nutrients already put on this season, from the fertilizer application records.
 * A record carries the nutrients it delivered (kg/ha); a record that holds only a product grade and rate is
 * converted here: nutrient kg/ha = rate kg/ha × grade % ÷ 100.
 */
import type { FertilizerApplication } from '../../schemas/fertilizer-application.ts';
import { daysBetween, formatDayMonth } from '../../dates.ts';
import type { NutrientAmounts } from './products.ts';

/** The parts of an application record the engine reads; any of the nutrient or grade fields may be missing. */
export type LoggedFertilizerApplication = Pick<FertilizerApplication, 'applicationDate'> &
  Partial<{
    [
      K in
        'product' | 'nitrogenPct' | 'phosphatePct' | 'potashPct' | 'rateKgPerHa' | 'nitrogenKgPerHa' | 'phosphateKgPerHa' | 'potashKgPerHa'
    ]: FertilizerApplication[K] | null;
  }>;

export interface AppliedNutrients extends NutrientAmounts {
  /** Date of the latest application that carried N, if any. */
  lastNitrogenApplicationDate: string | null;
  /** Records that could not be counted, or were counted with an assumption. */
  notes: string[];
}

const isAmount = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

function nutrientOf(
  record: LoggedFertilizerApplication,
  amountKey: 'nitrogenKgPerHa' | 'phosphateKgPerHa' | 'potashKgPerHa',
  gradeKey: 'nitrogenPct' | 'phosphatePct' | 'potashPct',
): number | null {
  const amount = record[amountKey];
  if (isAmount(amount)) return amount;
  const rate = record.rateKgPerHa;
  const grade = record[gradeKey];
  if (isAmount(rate) && isAmount(grade)) return (rate * grade) / 100;
  return null;
}

/**
 * Sums N, P₂O₅ and K₂O (kg/ha) of this season's applications dated on or before `today`.
 * The caller passes only this season's records; later-dated records are left out (not yet applied).
 */
export function sumAppliedNutrients(applications: readonly LoggedFertilizerApplication[], today: string): AppliedNutrients {
  const total: AppliedNutrients = {
    nitrogenKgPerHa: 0,
    phosphateKgPerHa: 0,
    potashKgPerHa: 0,
    lastNitrogenApplicationDate: null,
    notes: [],
  };
  for (const record of applications) {
    const label = `${record.product ?? 'Fertilizer'} on ${formatDayMonth(record.applicationDate, today)}`;
    if (daysBetween(record.applicationDate, today) < 0) {
      total.notes.push(`${label} is dated after today and is not counted as applied.`);
      continue;
    }
    const nitrogen = nutrientOf(record, 'nitrogenKgPerHa', 'nitrogenPct');
    const phosphate = nutrientOf(record, 'phosphateKgPerHa', 'phosphatePct');
    const potash = nutrientOf(record, 'potashKgPerHa', 'potashPct');
    if (nitrogen === null && phosphate === null && potash === null) {
      total.notes.push(`${label} has no rate and grade, so its nutrients are not counted.`);
      continue;
    }
    total.nitrogenKgPerHa += nitrogen ?? 0;
    total.phosphateKgPerHa += phosphate ?? 0;
    total.potashKgPerHa += potash ?? 0;
    if ((nitrogen ?? 0) > 0 && (total.lastNitrogenApplicationDate === null || record.applicationDate > total.lastNitrogenApplicationDate)) {
      total.lastNitrogenApplicationDate = record.applicationDate;
    }
  }
  return total;
}
