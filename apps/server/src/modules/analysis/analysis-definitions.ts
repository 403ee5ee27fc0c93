import {
  fertilizerResultSchema,
  healthResultSchema,
  irrigationResultSchema,
  yieldResultSchema,
  type AnalysisResults,
  type AnalysisType,
  type RecordedHarvest,
} from '@murimi/core';
import type { z } from 'zod';
import type { JobContext } from '../../jobs/job-queue.ts';
import { findSeasonHarvest } from '../harvests/harvests.service.ts';
import type { AnalysisProgress } from './analysis-progress.ts';
import {
  loadFieldInSeason,
  loadImagery,
  loadLatestSoilTest,
  loadSeasonFertilizerApplications,
  loadSeasonWeather,
  requestOptions,
  seasonEndedMessage,
  type AnalysisRequest,
  type FertilizerApplicationRecord,
  type FieldInSeason,
  type SoilTestRecord,
} from './analysis-inputs.ts';
import { needsFieldDetails, type AnalysisOutcome } from './analysis-types.ts';
import { runFertilizerAnalysis, type ProductChoice } from './fertilizer-analysis.ts';
import { runHealthAnalysis } from './health-analysis.ts';
import type { ImageryAccess } from './imagery.ts';
import { runIrrigationAnalysis } from './irrigation-analysis.ts';
import { seasonImagery } from './season-imagery.ts';
import type { SeasonWeather } from './season-weather.ts';
import { runYieldAnalysis } from './yield-analysis.ts';

/** What `load` found: the inputs to run on, or the answer already (the field lacks what the analysis needs). */
export type LoadedInputs<Inputs> = { inputs: Inputs; answer?: undefined } | { answer: AnalysisOutcome; inputs?: undefined };

/**
 * One analysis type: what it reads (`load`: the field, its season, weather, imagery, records), how it works out its
 * answer from them (`run`: the agronomy in core and the imagery engine; `progress` reports its stages and carries
 * the cancel signal to the imagery reads), and the schema its result must pass before it is stored. A new input is
 * loaded by the definitions that need it, with the loaders in `analysis-inputs.ts`.
 */
export interface AnalysisDefinition<Type extends AnalysisType = AnalysisType, Inputs = unknown> {
  type: Type;
  load(request: AnalysisRequest, context: JobContext, progress?: AnalysisProgress): Promise<LoadedInputs<Inputs>>;
  run(inputs: Inputs, progress?: AnalysisProgress): Promise<AnalysisOutcome>;
  result: z.ZodType<AnalysisResults[Type]>;
}

/** Advice for a season that has ended speaks of a crop no longer there: such a field is answered with what to add. */
function endedSeasonAnswer(advice: 'irrigation' | 'yield' | 'fertilizer', { season, today }: FieldInSeason) {
  const message = seasonEndedMessage(advice, season);
  return message ? { answer: needsFieldDetails(today, message) } : null;
}

interface HealthInputs {
  place: FieldInSeason;
  imagery: ImageryAccess;
}

/** Crop health (`health-analysis`): the season's imagery of the field, and earlier seasons at the same time of year. */
export const healthAnalysis: AnalysisDefinition<'health', HealthInputs> = {
  type: 'health',
  async load(request, context) {
    const place = await loadFieldInSeason(request, context);
    return { inputs: { place, imagery: await loadImagery(context, place) } };
  },
  run: ({ place, imagery }, progress) => runHealthAnalysis({ boundary: place.boundary }, place.season, imagery, progress),
  result: healthResultSchema,
};

interface WaterInputs {
  place: FieldInSeason;
  weather: SeasonWeather;
}

/** Irrigation advice (`irrigation-recommendation`): the season's water balance and the forecast. */
export const irrigationAnalysis: AnalysisDefinition<'irrigation', WaterInputs> = {
  type: 'irrigation',
  async load(request, context, progress) {
    const place = await loadFieldInSeason(request, context);
    return endedSeasonAnswer('irrigation', place) ?? { inputs: { place, weather: await loadSeasonWeather(context, place, progress) } };
  },
  async run({ place, weather }, progress) {
    await progress?.report('computing');
    return runIrrigationAnalysis(place.field, weather, place.today);
  },
  result: irrigationResultSchema,
};

interface CanopyInputs extends WaterInputs {
  imagery: ImageryAccess;
}

interface YieldInputs extends CanopyInputs {
  /** The harvest recorded for this season, set beside the estimate. */
  harvest: RecordedHarvest | null;
}

/** Season yield (`unified-yield-analysis`): the season's NDVI, sunshine and water stress, and any recorded harvest. */
export const yieldAnalysis: AnalysisDefinition<'yield', YieldInputs> = {
  type: 'yield',
  async load(request, context, progress) {
    const place = await loadFieldInSeason(request, context);
    const { plantingDate, cropType } = place.field;
    return (
      endedSeasonAnswer('yield', place) ?? {
        inputs: {
          place,
          imagery: await loadImagery(context, place),
          weather: await loadSeasonWeather(context, place, progress),
          harvest: plantingDate
            ? await findSeasonHarvest(context.database.db, request.orgId, request.fieldId, { plantingDate, cropType })
            : null,
        },
      }
    );
  },
  async run({ place, imagery, weather, harvest }, progress) {
    const images = await seasonImagery(place.boundary, imagery, place.season.from, place.today, progress);
    await progress?.report('computing');
    return runYieldAnalysis(place.field, images, weather, place.today, harvest);
  },
  result: yieldResultSchema,
};

interface FertilizerInputs extends CanopyInputs {
  soilTest: SoilTestRecord | null;
  applications: FertilizerApplicationRecord[];
  /** The products the farmer named with the run; the usual ones when absent. */
  products: ProductChoice[] | undefined;
}

/** Fertilizer advice (`fertilizer-recommendation`): soil test, the season's applications, NDRE, rain and waterlogging. */
export const fertilizerAnalysis: AnalysisDefinition<'fertilizer', FertilizerInputs> = {
  type: 'fertilizer',
  async load(request, context, progress) {
    const place = await loadFieldInSeason(request, context);
    return (
      endedSeasonAnswer('fertilizer', place) ?? {
        inputs: {
          place,
          soilTest: await loadLatestSoilTest(context, request),
          applications: await loadSeasonFertilizerApplications(context, request, place),
          imagery: await loadImagery(context, place),
          weather: await loadSeasonWeather(context, place, progress),
          products: requestOptions(request).products,
        },
      }
    );
  },
  async run({ place, imagery, weather, soilTest, applications, products }, progress) {
    const images = await seasonImagery(place.boundary, imagery, place.season.from, place.today, progress);
    await progress?.report('computing');
    return runFertilizerAnalysis({
      field: place.field,
      soilTest,
      applications,
      imagery: images,
      weather,
      products,
      today: place.today,
    });
  },
  result: fertilizerResultSchema,
};

/** Each type's definition, by type. */
export const analysisDefinitions: { [Type in AnalysisType]: AnalysisDefinition<Type> } = {
  health: healthAnalysis,
  irrigation: irrigationAnalysis,
  yield: yieldAnalysis,
  fertilizer: fertilizerAnalysis,
};
