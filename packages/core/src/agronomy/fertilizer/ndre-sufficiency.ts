/**
 * NDRE sufficiency index (science brief §5 ✖): SI = field NDRE ÷ reference NDRE, the reference being an
 * N-rich strip or the field's own 95th percentile. SI below 0.95 suggests the crop is short of N and a top-dress
 * may pay; 0.95 or more suggests no extra N. A low NDRE can also come from drought, disease, weeds or
 * waterlogging, so the advice says to look at the field first.
 */
import { NDRE_SUFFICIENCY_THRESHOLD, type SourceStanding } from './coefficients.ts';

export interface NdreReading {
  /** Mean NDRE of the field's crop pixels in the latest clear image. */
  fieldNdre: number;
  /** Reference NDRE: an N-rich strip, or the field's 95th percentile. */
  referenceNdre: number;
}

export interface NdreAssessment {
  sufficiencyIndex: number;
  threshold: number;
  topDressSuggested: boolean;
  explanation: string;
  standing: SourceStanding;
}

/** SI = field NDRE ÷ reference NDRE, and whether it asks for a top-dress (SI < 0.95 ✖). */
export function assessNdreSufficiency(reading: NdreReading): NdreAssessment {
  const { fieldNdre, referenceNdre } = reading;
  if (!Number.isFinite(fieldNdre) || !Number.isFinite(referenceNdre) || referenceNdre <= 0) {
    throw new RangeError(`NDRE sufficiency needs a finite field NDRE and a reference above 0; got ${fieldNdre} and ${referenceNdre}.`);
  }
  const sufficiencyIndex = Math.round((fieldNdre / referenceNdre) * 1000) / 1000;
  const threshold = NDRE_SUFFICIENCY_THRESHOLD.value;
  const topDressSuggested = sufficiencyIndex < threshold;
  // NDRE to two decimals in the sentence: more digits than the sensor can tell apart only read as noise.
  const ratio = `NDRE sufficiency index ${sufficiencyIndex.toFixed(2)} (field ${fieldNdre.toFixed(2)} ÷ reference ${referenceNdre.toFixed(2)})`;
  return {
    sufficiencyIndex,
    threshold,
    topDressSuggested,
    explanation: topDressSuggested
      ? `${ratio} is below ${threshold}, a research guide not calibrated for your field: the crop is paler than the best part of the field and may be short of nitrogen. Walk the field first — drought, disease, weeds or waterlogging also lower NDRE.`
      : `${ratio} is ${threshold} or more (a research guide, not calibrated for your field): the crop looks as green as the best part of the field; no extra nitrogen is suggested from imagery.`,
    standing: NDRE_SUFFICIENCY_THRESHOLD.standing,
  };
}
