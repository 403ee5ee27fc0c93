/**
 * Every alert rule for one field in one pass: the scheduled evaluation and the one after a new analysis both call
 * this, so a field is judged the same way whichever woke it. Each group of rules runs only with the data it needs
 * (weather, the water balance, imagery); the answer names the rules that ran, so the caller can tell an episode
 * that is over (its rule ran and no longer finds it) from one whose data was missing this time (its rule did not run).
 */
import type { CropType } from '../crops/crop-catalogue.ts';
import type { AlertRuleId, Alert } from './alert.ts';
import {
  depletionWaterStressAlerts,
  irrigationDueAlerts,
  ndviDropAlerts,
  ndwiWaterStressAlerts,
  nitrogenAlerts,
  type AlertWaterBalanceDay,
  type CropAlertThresholds,
  type IndexReading,
  type NdreIndexReading,
} from './crop-alerts.ts';
import { fallArmywormAlerts, greyLeafSpotAlerts, maizeStalkBorerAlerts, soybeanRustAlerts } from './pest-alerts.ts';
import { weatherAlerts, type AlertWeatherDay, type WeatherAlertThresholds } from './weather-alerts.ts';

export type AlertCategory = 'weather' | 'crop' | 'pest';
export const ALERT_CATEGORIES: readonly AlertCategory[] = ['weather', 'crop', 'pest'];

/** Which list and which preference an alert falls under: weather, the crop's own state, or pests and diseases. */
export const ALERT_CATEGORY_OF_RULE: Record<AlertRuleId, AlertCategory> = {
  frost: 'weather',
  heat: 'weather',
  'heavy-rain': 'weather',
  'dry-spell': 'weather',
  'strong-wind': 'weather',
  'ndvi-drop': 'crop',
  'water-stress-depletion': 'crop',
  'water-stress-ndwi': 'crop',
  nitrogen: 'crop',
  'irrigation-due': 'crop',
  'fall-armyworm': 'pest',
  'maize-stalk-borer': 'pest',
  'grey-leaf-spot': 'pest',
  'soybean-rust': 'pest',
};

export const ALERT_RULE_IDS = Object.keys(ALERT_CATEGORY_OF_RULE) as AlertRuleId[];

const WEATHER_RULES: AlertRuleId[] = ['frost', 'heat', 'heavy-rain', 'dry-spell', 'strong-wind'];
const PEST_RULES: AlertRuleId[] = ['fall-armyworm', 'maize-stalk-borer', 'grey-leaf-spot', 'soybean-rust'];
const IMAGERY_RULES: AlertRuleId[] = ['ndvi-drop', 'water-stress-ndwi', 'nitrogen'];

/** A user-adjustable threshold: its default, unit and where it comes from live with the rule (`…_THRESHOLDS`). */
export interface AlertThresholdOverrides {
  weather?: Partial<WeatherAlertThresholds>;
  crop?: Partial<CropAlertThresholds>;
}

export interface FieldAlertInputs {
  fieldId: string;
  /** YYYY-MM-DD, the field's own today (its local date). */
  today: string;
  crop: CropType | null;
  /** YYYY-MM-DD or null. */
  plantingDate: string | null;
  irrigated: boolean;
  /**
   * The season as `seasonWindow` gives it: the days a crop is in the ground. Weather alerts speak only of those days
   * (unless `weatherOnFallowLand`), dry spells always.
   */
  season: { seasonStart: string | null; seasonEnd: string | null } | null;
  /**
   * Daily weather, oldest first: from planting (for degree-days) or at least the last few weeks (for a dry spell
   * that began before today), through the forecast. Null when the weather could not be had. `simulated` when it was
   * made up (the demo's weather): its alerts are labelled so and sent by no SMS or e-mail.
   */
  weather: { days: readonly AlertWeatherDay[]; dataSource: string; simulated: boolean } | null;
  /** The FAO-56 root-zone balance from planting through the forecast's last day; null without crop or planting. */
  waterBalance: { days: readonly AlertWaterBalanceDay[]; dataSource: string; simulated: boolean } | null;
  /** Field means of the season's images; null when no imagery analysis has run this season. */
  imagery: {
    ndvi: readonly IndexReading[];
    ndwi: readonly IndexReading[];
    ndre: readonly NdreIndexReading[];
    dataSource: string;
    simulated: boolean;
  } | null;
  thresholds?: AlertThresholdOverrides;
  /** The organisation asks for frost, heat, heavy rain and wind on days without a crop in the ground too. */
  weatherOnFallowLand?: boolean;
  /**
   * The field's today when its weather and pest rules last ran, null if never: a pest generation reached since then
   * on a day no run saw is told now (late) rather than never.
   */
  lastEvaluatedOn?: string | null;
}

export interface FieldAlertEvaluation {
  alerts: Alert[];
  /** The rules that ran with their data: an open alert of one of these whose episode is not in `alerts` is over. */
  evaluatedRules: AlertRuleId[];
}

/** Runs every rule whose data is there; see the module note. */
export function evaluateFieldAlerts(inputs: FieldAlertInputs): FieldAlertEvaluation {
  const context = { fieldId: inputs.fieldId, today: inputs.today };
  // A recorded harvest ends the season before the crop's table length does: after it there is no crop for a pest to
  // attack or to lose its green, so pest and imagery alerts speak only of days up to it.
  const seasonEnd = inputs.season?.seasonEnd ?? null;
  const whileInTheGround = (found: Alert[]) => found.filter((alert) => seasonEnd === null || alert.date <= seasonEnd);
  const alerts: Alert[] = [];
  const evaluatedRules: AlertRuleId[] = [];
  const { weather, waterBalance, imagery } = inputs;

  if (weather) {
    const weatherContext = { ...context, days: weather.days, dataSource: weather.dataSource, simulated: weather.simulated };
    alerts.push(
      ...weatherAlerts({
        ...weatherContext,
        season: inputs.season,
        onFallowLand: inputs.weatherOnFallowLand === true,
        crop: inputs.crop,
        plantingDate: inputs.plantingDate,
        thresholds: inputs.thresholds?.weather,
      }),
    );
    const pest = {
      ...weatherContext,
      crop: inputs.crop,
      plantingDate: inputs.plantingDate,
      lastEvaluatedOn: inputs.lastEvaluatedOn ?? null,
    };
    alerts.push(
      ...whileInTheGround([
        ...fallArmywormAlerts(pest),
        ...maizeStalkBorerAlerts(pest),
        ...greyLeafSpotAlerts(pest),
        ...soybeanRustAlerts(pest),
      ]),
    );
    evaluatedRules.push(...WEATHER_RULES, ...PEST_RULES);
  }

  if (waterBalance) {
    const options = { ...context, days: waterBalance.days, dataSource: waterBalance.dataSource, simulated: waterBalance.simulated };
    // An irrigated field is told when to water; a rain-fed one that its crop is short of water.
    if (inputs.irrigated) {
      alerts.push(...irrigationDueAlerts(options));
      evaluatedRules.push('irrigation-due', 'water-stress-depletion');
    } else {
      // Today's state is the balance at the end of today with today's forecast, as the irrigation advice reads it.
      alerts.push(...depletionWaterStressAlerts(options));
      evaluatedRules.push('water-stress-depletion', 'irrigation-due');
    }
  }

  if (imagery) {
    const options = {
      ...context,
      crop: inputs.crop,
      plantingDate: inputs.plantingDate,
      dataSource: imagery.dataSource,
      simulated: imagery.simulated,
      thresholds: inputs.thresholds?.crop,
    };
    alerts.push(
      ...whileInTheGround([
        ...ndviDropAlerts({ ...options, readings: imagery.ndvi }),
        ...ndwiWaterStressAlerts({ ...options, readings: imagery.ndwi }),
        ...nitrogenAlerts({ ...options, readings: imagery.ndre }),
      ]),
    );
    evaluatedRules.push(...IMAGERY_RULES);
  }

  return { alerts, evaluatedRules };
}
