import { findCropType } from '@murimi/core';

/** Crops the demo imagery can grow. */
export const demoCrops = ['maize', 'soybean', 'tobacco'] as const;
export type DemoCrop = (typeof demoCrops)[number];

/** Green cover of a field before emergence and after harvest: weeds and a little green residue (illustrative). */
const BARE_FIELD_COVER = 0.03;

interface CropSeason {
  /** The crop-catalogue entry whose FAO stage lengths set the season. */
  cropTypeId: string;
  /** Fractional green cover at the height of the season, 0–1 (illustrative typical values). */
  peakCover: number;
}

const seasons: Record<DemoCrop, CropSeason> = {
  // A dense rain-fed maize canopy closes almost completely; 140 days (the catalogue's Zimbabwe summer-maize default).
  maize: { cropTypeId: 'maize-grain', peakCover: 0.92 },
  // Soybean in narrow rows closes a little less; 140 days (FAO-56 Table 11, central USA row).
  soybean: { cropTypeId: 'soybean', peakCover: 0.88 },
  // Tobacco in wide ridges, topped and reaped from the bottom, never closes; 105 days from transplanting (FAO-33).
  tobacco: { cropTypeId: 'tobacco-flue-cured', peakCover: 0.78 },
};

/**
 * The double-logistic season of a crop (Zhang et al. 2003; Beck et al. 2006): cover rises through the FAO
 * development stage and falls through the late-season stage. Each logistic is centred on the middle of its stage
 * and its time scale is a sixth of the stage, so the rise (or fall) goes from 5 % to 95 % within the stage.
 */
export interface PhenologyCurve {
  crop: DemoCrop;
  peakCover: number;
  /** Days after planting at which cover is half-way up and half-way down. */
  greenUpDay: number;
  senescenceDay: number;
  riseDays: number;
  fallDays: number;
  seasonDays: number;
}

export function phenologyCurve(crop: DemoCrop, peakCoverOfField?: number): PhenologyCurve {
  const { cropTypeId, peakCover: cropPeakCover } = seasons[crop];
  const peakCover = peakCoverOfField ?? cropPeakCover;
  const cropType = findCropType(cropTypeId);
  if (!cropType) throw new Error(`The crop catalogue has no "${cropTypeId}" for ${crop}.`);
  const { initial, development, midSeason, lateSeason } = cropType.stageLengthsDays;
  return {
    crop,
    peakCover,
    greenUpDay: initial + development / 2,
    senescenceDay: initial + development + midSeason + lateSeason / 2,
    riseDays: development / 6,
    fallDays: lateSeason / 6,
    seasonDays: initial + development + midSeason + lateSeason,
  };
}

const logistic = (day: number, middle: number, scale: number) => 1 / (1 + Math.exp(-(day - middle) / scale));

/** Fractional green cover (0–1) of a healthy crop `daysAfterPlanting` days after planting; bare before and after. */
export function greenCoverFraction(curve: PhenologyCurve, daysAfterPlanting: number): number {
  const season =
    logistic(daysAfterPlanting, curve.greenUpDay, curve.riseDays) - logistic(daysAfterPlanting, curve.senescenceDay, curve.fallDays);
  return BARE_FIELD_COVER + (curve.peakCover - BARE_FIELD_COVER) * Math.max(0, season);
}
