/**
 * Weather alerts on a daily series (recent days and the forecast, oldest first): frost, heat, heavy rain, dry spell
 * and strong wind. Each day that meets a rule belongs to an episode of consecutive such days; an episode still
 * running today or in the forecast gives one alert (see `alert.ts`).
 *
 * Weather is told for the crop: only days with a crop in the ground count (planting to harvest, or to the end of the
 * season window when no harvest is recorded). An organisation may ask for frost, heat, heavy rain and wind on fallow
 * land too (a nursery, a seedbed, a field about to be planted); a dry spell always counts only in the season.
 */
import { stageEndDays } from '../agronomy/fao56/crop-coefficient.ts';
import type { SeasonWindow } from '../agronomy/season.ts';
import type { CropType } from '../crops/crop-catalogue.ts';
import { cropHeatStressOf, type CropHeatStress } from '../crops/heat-stress.ts';
import { addDays, daysBetween } from '../dates.ts';
import {
  buildAlert,
  caveat,
  consecutiveDays,
  episodesOf,
  round1,
  sortedByDate,
  withOverrides,
  type Alert,
  type AlertContext,
  type AlertSeverity,
  type Episode,
} from './alert.ts';
import type { AlertMessageKey } from './alert-messages.ts';

/** One day of weather as the weather service gives it (Open-Meteo daily variables), null where missing. */
export interface AlertWeatherDay {
  /** YYYY-MM-DD. */
  date: string;
  temperatureMaxC: number | null;
  temperatureMinC: number | null;
  precipitationMm: number | null;
  /** Highest hourly mean wind of the day at 10 m (Open-Meteo `wind_speed_10m_max`, m/s); gusts run higher. */
  windSpeedMaxMPerS?: number | null;
  relativeHumidityMaxPct?: number | null;
  relativeHumidityMinPct?: number | null;
}

/**
 * Default weather thresholds; a user may override any of them (a farmer who knows his frost pocket raises the frost
 * line). Sources:
 *   - frost: 2 °C at screen height (1.5–2 m). On clear, calm nights the crop's leaves are several degrees colder
 *     than the screen, so frost can form on the crop while the screen reads above 0 °C; 0 °C or below at the screen is
 *     an air frost and is critical. A common forecasting rule of thumb, not a measured crop limit.
 *   - heat: 35 °C maximum, for crops without a line of their own and fallow land; maize and soybean take their own
 *     line and sensitive stage from `CROP_HEAT_STRESS` (maize 35 °C, soybean 39 °C at flowering; Hatfield et al.
 *     2011), unless the organisation sets the line.
 *   - heavy rain: 25 mm in a day or 50 mm over three days (the product's alert rule): runoff, waterlogging and
 *     leaching of nitrogen.
 *   - dry spell: 10 or more consecutive days under 2 mm within the season (the product's alert rule); 2 mm is about
 *     what a day's leaves and soil surface hold and evaporate, so such a day adds nothing to the root zone.
 *   - wind: the Beaufort scale as the WMO tabulates it for mean wind at 10 m. Force 6, "strong breeze", starts at
 *     10.8 m/s (large branches move, spray drifts and sprinklers distort), a warning; force 8, "gale", starts at
 *     17.2 m/s (twigs break off trees; tall crops lodge), critical. The daily series gives the highest hourly mean,
 *     not gusts, which is what the Beaufort scale describes.
 */
export const WEATHER_ALERT_THRESHOLDS = {
  frostMinTemperatureC: 2,
  airFrostMinTemperatureC: 0,
  heatMaxTemperatureC: 35,
  heavyRainDayMm: 25,
  heavyRainThreeDayMm: 50,
  drySpellDays: 10,
  dryDayRainBelowMm: 2,
  strongWindMPerS: 10.8,
  galeWindMPerS: 17.2,
};

export type WeatherAlertThresholds = typeof WEATHER_ALERT_THRESHOLDS;

export const WEATHER_ALERT_SOURCES = {
  frost: 'Forecasting rule of thumb: a 2 °C screen minimum can mean frost on the crop on a clear, calm night',
  heat: 'Heat at flowering: maize from 35 °C, soybean from 39 °C (Hatfield et al. 2011, Agron. J. 103:351, failure temperatures for reproduction); other crops from 35 °C, a common agronomic guide',
  heavyRain: 'Product alert rule: 25 mm in a day or 50 mm over three days',
  drySpell: 'Product alert rule: 10 or more days in a row under 2 mm of rain within the season',
  wind: 'Beaufort wind scale (WMO): force 6 "strong breeze" from 10.8 m/s, force 8 "gale" from 17.2 m/s, mean wind at 10 m',
} as const;

export interface WeatherAlertOptions extends AlertContext {
  /** Recent days and the forecast; any order, one entry per date. */
  days: readonly AlertWeatherDay[];
  /** Names the data: `Open-Meteo forecast`, `simulated`. */
  dataSource: string;
  /**
   * The field's season: the days a crop is in the ground, from planting to the harvest (or the season window's end).
   * Without one (no planting date) the field is fallow.
   */
  season?: Pick<SeasonWindow, 'seasonStart' | 'seasonEnd'> | null;
  /** Frost, heat, heavy rain and wind on days without a crop in the ground too (the organisation's choice). */
  onFallowLand?: boolean;
  /** The crop and its planting date: heat is judged by the crop's own line, and named by the stage it harms. */
  crop?: Pick<CropType, 'crop' | 'stageLengthsDays'> | null;
  plantingDate?: string | null;
  thresholds?: Partial<WeatherAlertThresholds>;
}

const isNumber = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

/** Episodes still running on or after today: those over before today were alerted while they lasted. */
function current<Item extends { date: string }, Hit>(episodes: Episode<Item, Hit>[], today: string): Episode<Item, Hit>[] {
  return episodes.filter((episode) => episode.items.at(-1)!.item.date >= today);
}

const firstDayOf = (episode: Episode<{ date: string }, unknown>): string => episode.items[0]!.item.date;
const datesOf = (episode: Episode<{ date: string }, unknown>): string[] => episode.items.map(({ item }) => item.date);

/** Whether a day of the series counts for a rule: one with a crop in the ground (see the module note). */
type DayCounts = (date: string) => boolean;

/** A crop is in the ground from the season's start (planting) to its end; a field without a planting date has none. */
function cropInGround(season: WeatherAlertOptions['season']): DayCounts {
  const start = season?.seasonStart ?? null;
  const end = season?.seasonEnd ?? null;
  return (date) => start !== null && date >= start && (end === null || date <= end);
}

/** Frost (Tmin ≤ 2 °C; critical at ≤ 0 °C), heat (the crop's line), heavy rain, dry spell and strong wind alerts. */
export function weatherAlerts(options: WeatherAlertOptions): Alert[] {
  const thresholds = withOverrides(WEATHER_ALERT_THRESHOLDS, options.thresholds);
  const days = sortedByDate(options.days);
  const inGround = cropInGround(options.season);
  const counts: DayCounts = options.onFallowLand ? () => true : inGround;
  return [
    ...frostAlerts(options, days, thresholds, counts),
    ...heatAlerts(options, days, thresholds, counts),
    ...heavyRainAlerts(options, days, thresholds, counts),
    ...drySpellAlerts(options, days, thresholds, inGround),
    ...strongWindAlerts(options, days, thresholds, counts),
  ];
}

function frostAlerts(
  options: WeatherAlertOptions,
  days: AlertWeatherDay[],
  thresholds: WeatherAlertThresholds,
  counts: DayCounts,
): Alert[] {
  const episodes = episodesOf(
    days,
    (day) =>
      counts(day.date) && isNumber(day.temperatureMinC) && day.temperatureMinC <= thresholds.frostMinTemperatureC
        ? day.temperatureMinC
        : null,
    consecutiveDays,
  );
  return current(episodes, options.today).map((episode) => {
    const coldest = episode.items.reduce((a, b) => (b.hit < a.hit ? b : a));
    const severity: AlertSeverity = coldest.hit <= thresholds.airFrostMinTemperatureC ? 'critical' : 'warning';
    return buildAlert(options, {
      ruleId: 'frost',
      severity,
      messageKey: 'alerts.frost',
      params: { minTemperatureC: round1(coldest.hit), date: coldest.item.date },
      actionKey: 'alerts.actions.protectFromFrost',
      firstDay: firstDayOf(episode),
      evidence: {
        values: [
          ...episode.items.map(({ item, hit }) => ({ name: 'minTemperature', value: hit, unit: '°C', date: item.date })),
          { name: 'frostThreshold', value: thresholds.frostMinTemperatureC, unit: '°C' },
        ],
        dates: datesOf(episode),
        source: WEATHER_ALERT_SOURCES.frost,
        dataSource: options.dataSource,
        caveats: [],
      },
    });
  });
}

/** The message of a heat alert on a crop with a line of its own: in its sensitive stage, or at another time. */
const HEAT_MESSAGES: Record<CropHeatStress['stageName'], { inStage: AlertMessageKey; otherStage: AlertMessageKey }> = {
  'maize-flowering': { inStage: 'alerts.heatMaizeFlowering', otherStage: 'alerts.heatMaizeOtherStage' },
  'soybean-flowering': { inStage: 'alerts.heatSoybeanFlowering', otherStage: 'alerts.heatSoybeanOtherStage' },
};

/** First and last day (YYYY-MM-DD) of the crop's FAO-56 mid-season stage, the stage heat harms most. */
function sensitiveStageDays(crop: Pick<CropType, 'stageLengthsDays'>, plantingDate: string): { first: string; last: string } {
  const ends = stageEndDays(crop);
  return { first: addDays(plantingDate, ends.development), last: addDays(plantingDate, ends.midSeason - 1) };
}

/**
 * Heat: days at or above the line — the organisation's if it set one, else the crop's own, else 35 °C. On a crop with
 * a line of its own the alert names the stage heat harms: a warning when the hot days fall in it, information (the
 * crop is stressed, but not where it costs grain) when they do not.
 */
function heatAlerts(options: WeatherAlertOptions, days: AlertWeatherDay[], thresholds: WeatherAlertThresholds, counts: DayCounts): Alert[] {
  const stress = options.crop && options.plantingDate ? cropHeatStressOf(options.crop) : undefined;
  const lineC = options.thresholds?.heatMaxTemperatureC ?? stress?.maxTemperatureC ?? thresholds.heatMaxTemperatureC;
  const stage = stress && options.crop && options.plantingDate ? sensitiveStageDays(options.crop, options.plantingDate) : null;
  const episodes = episodesOf(
    days,
    (day) => (counts(day.date) && isNumber(day.temperatureMaxC) && day.temperatureMaxC >= lineC ? day.temperatureMaxC : null),
    consecutiveDays,
  );
  return current(episodes, options.today).map((episode) => {
    const hottestOf = (items: typeof episode.items) => items.reduce((a, b) => (b.hit > a.hit ? b : a));
    const inStage = stage ? episode.items.filter(({ item }) => item.date >= stage.first && item.date <= stage.last) : [];
    const hottest = hottestOf(inStage.length > 0 ? inStage : episode.items);
    const figures = { maxTemperatureC: round1(hottest.hit), date: hottest.item.date };
    const wording =
      !stress || !stage
        ? { severity: 'warning' as const, messageKey: 'alerts.heat' as const, params: figures }
        : inStage.length > 0
          ? { severity: 'warning' as const, messageKey: HEAT_MESSAGES[stress.stageName].inStage, params: { ...figures, thresholdC: lineC } }
          : {
              severity: 'info' as const,
              messageKey: HEAT_MESSAGES[stress.stageName].otherStage,
              params: { ...figures, thresholdC: lineC, stageStartDate: stage.first, stageEndDate: stage.last },
            };
    return buildAlert(options, {
      ruleId: 'heat',
      ...wording,
      actionKey: 'alerts.actions.reduceHeatStress',
      firstDay: firstDayOf(episode),
      evidence: {
        values: [
          ...episode.items.map(({ item, hit }) => ({ name: 'maxTemperature', value: hit, unit: '°C', date: item.date })),
          { name: 'heatThreshold', value: lineC, unit: '°C' },
        ],
        dates: datesOf(episode),
        source: stress?.source ?? WEATHER_ALERT_SOURCES.heat,
        dataSource: options.dataSource,
        caveats: [],
      },
    });
  });
}

/**
 * A day is heavy-rain when it brings 25 mm or more, or when the three days ending on it (all known, consecutive)
 * bring 50 mm or more; the episode is the run of such days.
 */
function heavyRainAlerts(
  options: WeatherAlertOptions,
  days: AlertWeatherDay[],
  thresholds: WeatherAlertThresholds,
  counts: DayCounts,
): Alert[] {
  const threeDayTotalMm = (index: number): number | null => {
    const window = days.slice(Math.max(0, index - 2), index + 1);
    if (window.length < 3 || !window.every((day) => isNumber(day.precipitationMm))) return null;
    if (window[2]!.date !== addDays(window[0]!.date, 2)) return null;
    return window.reduce((sum, day) => sum + day.precipitationMm!, 0);
  };
  const episodes = episodesOf(
    days,
    (day, index) => {
      if (!counts(day.date) || !isNumber(day.precipitationMm)) return null;
      const threeDayMm = threeDayTotalMm(index);
      const heavy =
        day.precipitationMm >= thresholds.heavyRainDayMm || (threeDayMm !== null && threeDayMm >= thresholds.heavyRainThreeDayMm);
      return heavy ? { rainMm: day.precipitationMm, threeDayMm } : null;
    },
    consecutiveDays,
  );
  return current(episodes, options.today).map((episode) => {
    const wettest = episode.items.reduce((a, b) => (b.hit.rainMm > a.hit.rainMm ? b : a));
    // A three-day total is told only where all three days are known: the day's rain alone is not one.
    const threeDayTotalsMm = episode.items.flatMap(({ hit }) => (hit.threeDayMm === null ? [] : [hit.threeDayMm]));
    const dayParams = { rainMm: round1(wettest.hit.rainMm), date: wettest.item.date };
    return buildAlert(options, {
      ruleId: 'heavy-rain',
      severity: 'warning',
      ...(threeDayTotalsMm.length > 0
        ? { messageKey: 'alerts.heavyRain' as const, params: { ...dayParams, threeDayRainMm: round1(Math.max(...threeDayTotalsMm)) } }
        : { messageKey: 'alerts.heavyRainDay' as const, params: dayParams }),
      actionKey: 'alerts.actions.prepareForHeavyRain',
      firstDay: firstDayOf(episode),
      evidence: {
        values: [
          ...episode.items.map(({ item, hit }) => ({ name: 'rain', value: hit.rainMm, unit: 'mm', date: item.date })),
          ...episode.items.flatMap(({ item, hit }) =>
            hit.threeDayMm === null ? [] : [{ name: 'threeDayRain', value: round1(hit.threeDayMm), unit: 'mm', date: item.date }],
          ),
          { name: 'heavyRainDayThreshold', value: thresholds.heavyRainDayMm, unit: 'mm' },
          { name: 'heavyRainThreeDayThreshold', value: thresholds.heavyRainThreeDayMm, unit: 'mm' },
        ],
        dates: datesOf(episode),
        source: WEATHER_ALERT_SOURCES.heavyRain,
        dataSource: options.dataSource,
        caveats: [],
      },
    });
  });
}

/**
 * A dry spell is a run of consecutive days inside the season, each under 2 mm, reaching 10 days. The alert's day is
 * the day the run reaches that length; its episode starts on the run's first dry day, so the recent days passed in
 * should reach back to where the run began.
 */
function drySpellAlerts(
  options: WeatherAlertOptions,
  days: AlertWeatherDay[],
  thresholds: WeatherAlertThresholds,
  inSeason: DayCounts,
): Alert[] {
  const episodes = episodesOf(
    days,
    (day) =>
      inSeason(day.date) && isNumber(day.precipitationMm) && day.precipitationMm < thresholds.dryDayRainBelowMm
        ? day.precipitationMm
        : null,
    consecutiveDays,
  );
  // A whole number of days, whatever a caller passes (the schema asks for one).
  const spellDays = Math.max(1, Math.ceil(thresholds.drySpellDays));
  return current(episodes, options.today)
    .filter((episode) => episode.items.length >= spellDays)
    .map((episode) => {
      const firstDay = firstDayOf(episode);
      const spellDay = episode.items[spellDays - 1]!.item.date;
      const totalRainMm = episode.items.reduce((sum, { hit }) => sum + hit, 0);
      const alert = buildAlert(options, {
        ruleId: 'dry-spell',
        severity: 'warning',
        messageKey: 'alerts.drySpell',
        params: { dryDays: episode.items.length, dryDayRainBelowMm: thresholds.dryDayRainBelowMm, firstDay },
        actionKey: 'alerts.actions.conserveSoilWater',
        firstDay,
        evidence: {
          values: [
            { name: 'dryDays', value: episode.items.length, unit: 'days' },
            { name: 'rainOverSpell', value: round1(totalRainMm), unit: 'mm' },
            { name: 'dryDayRainBelow', value: thresholds.dryDayRainBelowMm, unit: 'mm' },
            { name: 'drySpellDays', value: spellDays, unit: 'days' },
          ],
          dates: datesOf(episode),
          source: WEATHER_ALERT_SOURCES.drySpell,
          dataSource: options.dataSource,
          caveats: [],
        },
      });
      // A spell is a spell from its tenth dry day, not its first: that is when the alert speaks of it.
      return { ...alert, date: spellDay, daysAhead: Math.max(0, daysBetween(options.today, spellDay)) };
    });
}

function strongWindAlerts(
  options: WeatherAlertOptions,
  days: AlertWeatherDay[],
  thresholds: WeatherAlertThresholds,
  counts: DayCounts,
): Alert[] {
  const episodes = episodesOf(
    days,
    (day) =>
      counts(day.date) && isNumber(day.windSpeedMaxMPerS) && day.windSpeedMaxMPerS >= thresholds.strongWindMPerS
        ? day.windSpeedMaxMPerS
        : null,
    consecutiveDays,
  );
  return current(episodes, options.today).map((episode) => {
    const windiest = episode.items.reduce((a, b) => (b.hit > a.hit ? b : a));
    return buildAlert(options, {
      ruleId: 'strong-wind',
      severity: windiest.hit >= thresholds.galeWindMPerS ? 'critical' : 'warning',
      messageKey: 'alerts.strongWind',
      params: { windSpeedMPerS: round1(windiest.hit), date: windiest.item.date },
      actionKey: 'alerts.actions.avoidSprayingInWind',
      firstDay: firstDayOf(episode),
      evidence: {
        values: [
          ...episode.items.map(({ item, hit }) => ({ name: 'maxWindSpeed', value: hit, unit: 'm/s', date: item.date })),
          { name: 'strongWindThreshold', value: thresholds.strongWindMPerS, unit: 'm/s' },
        ],
        dates: datesOf(episode),
        source: WEATHER_ALERT_SOURCES.wind,
        dataSource: options.dataSource,
        caveats: [caveat('alerts.caveats.gustsStronger')],
      },
    });
  });
}
