/**
 * English default sentences of the alerts, by i18n key, with `{param}` placeholders filled from the alert's params.
 * Screens and SMS translate by key; these are the fallback and the text of tests and logs.
 */
export const ALERT_MESSAGES_EN = {
  'alerts.frost': 'Frost risk: minimum temperature {minTemperatureC} °C on {date}.',
  'alerts.heat': 'Heat: maximum temperature {maxTemperatureC} °C on {date}.',
  'alerts.heatMaizeFlowering':
    'Heat at flowering: up to {maxTemperatureC} °C on {date}, at or above {thresholdC} °C while the maize tassels, silks and sets grain. Such heat kills pollen and dries silks, and fewer kernels set.',
  'alerts.heatMaizeOtherStage':
    'Heat: up to {maxTemperatureC} °C on {date}, at or above {thresholdC} °C. Heat harms maize most at tasselling, silking and grain set, from about {stageStartDate} to {stageEndDate}.',
  'alerts.heatSoybeanFlowering':
    'Heat at flowering: up to {maxTemperatureC} °C on {date}, at or above {thresholdC} °C while the soybean flowers and sets pods. Such heat makes it shed flowers and young pods.',
  'alerts.heatSoybeanOtherStage':
    'Heat: up to {maxTemperatureC} °C on {date}, at or above {thresholdC} °C. Heat harms soybean most at flowering and pod set, from about {stageStartDate} to {stageEndDate}.',
  'alerts.heavyRain': 'Heavy rain: {rainMm} mm on {date}, {threeDayRainMm} mm over three days.',
  'alerts.heavyRainDay': 'Heavy rain: {rainMm} mm on {date}.',
  'alerts.drySpell': 'Dry spell: {dryDays} days in a row with less than {dryDayRainBelowMm} mm of rain, since {firstDay}.',
  'alerts.strongWind': 'Strong wind: up to {windSpeedMPerS} m/s on {date}.',
  'alerts.ndviDrop': 'Crop greenness (NDVI) fell by {ndviDrop}, from {ndviBefore} on {beforeDate} to {ndviAfter} on {afterDate}.',
  'alerts.waterStressDepletion':
    'Water stress: the root zone is {depletionMm} mm below field capacity on {date}, past the {readilyAvailableWaterMm} mm the crop takes up easily.',
  'alerts.waterStressNdwi': 'Water stress: crop water index (NDWI) {ndwi} on {date}, below {threshold}.',
  'alerts.nitrogenNdre': 'Possible nitrogen shortage: NDRE {ndre} on {date}, below {threshold}.',
  'alerts.nitrogenSufficiency': 'Possible nitrogen shortage: NDRE sufficiency index {sufficiencyIndex} on {date}, below {threshold}.',
  'alerts.irrigationDue':
    'Irrigation due on {date}: the root zone will be {depletionMm} mm below field capacity, past the {readilyAvailableWaterMm} mm the crop takes up easily.',
  'alerts.fallArmyworm':
    'Fall armyworm: moths of generation {generation} may emerge around {date} ({degreeDays} degree-days since planting).',
  'alerts.fallArmywormGeneration':
    'Fall armyworm: moths of generation {generation} may emerge around {date} and lay the next eggs from about {nextEggDate}.',
  'alerts.maizeStalkBorerHatch': 'Stalk borer: eggs laid as the crop came up would hatch around {date} ({degreeDays} degree-days).',
  'alerts.maizeStalkBorerMoths': 'Stalk borer: moths of generation {generation} may fly around {date} ({degreeDays} degree-days).',
  'alerts.greyLeafSpot': 'Grey leaf spot weather: about {humidHours} h of humid air (90 % or more) at {meanTemperatureC} °C on {date}.',
  'alerts.soybeanRust': 'Soybean rust weather: about {wetHours} h of leaf wetness at {meanTemperatureC} °C on {date}.',
  'alerts.soybeanRustDew': 'Soybean rust weather: leaves wet for about {wetHours} h at about {wetTemperatureC} °C, around dawn on {date}.',
} as const;

export type AlertMessageKey = keyof typeof ALERT_MESSAGES_EN;

/** English default sentences of the suggested actions, by i18n key. */
export const ALERT_ACTIONS_EN = {
  'alerts.actions.protectFromFrost': 'Protect seedlings and irrigate lightly before the cold night; check the crop the morning after.',
  'alerts.actions.reduceHeatStress': 'Keep the root zone moist and avoid spraying or transplanting in the heat of the day.',
  'alerts.actions.prepareForHeavyRain': 'Clear drains, and hold fertilizer and spraying until the rain has passed.',
  'alerts.actions.conserveSoilWater': 'Check soil moisture, irrigate if you can, and keep weeds down to save water.',
  'alerts.actions.avoidSprayingInWind': 'Do not spray in strong wind; check tall crops and structures after it passes.',
  'alerts.actions.scoutField': 'Walk the field where the drop is largest: look for pests, disease, water stress or damage.',
  'alerts.actions.checkSoilMoisture': 'Check soil moisture at root depth and irrigate if the field can be watered.',
  'alerts.actions.checkNitrogen': 'Walk the field to confirm pale leaves, and plan a nitrogen top-dress if it is still in time.',
  'alerts.actions.irrigate': 'Irrigate {depthMm} mm on or before {date}.',
  'alerts.actions.postponeIrrigationForRain': 'Hold irrigation: {rainExpectedMm} mm of rain is expected within 48 hours.',
  'alerts.actions.scoutForFallArmyworm': 'Scout the whorls for egg masses and young larvae, and treat while the larvae are small.',
  'alerts.actions.scoutForStalkBorer':
    'Look for small holes and window-pane damage in the whorl leaves; treat the whorl while larvae feed there.',
  'alerts.actions.scoutForGreyLeafSpot': 'Check lower leaves for grey leaf spot lesions over the next two weeks.',
  'alerts.actions.scoutForSoybeanRust': 'Check lower leaves for rust pustules over the next one to two weeks.',
} as const;

export type AlertActionKey = keyof typeof ALERT_ACTIONS_EN;

/** English default sentences of the limits an alert's evidence states, by i18n key. */
export const ALERT_CAVEATS_EN = {
  'alerts.caveats.gustsStronger': 'Daily highest hourly mean wind; gusts are stronger.',
  'alerts.caveats.growthStageUnknown': 'Growth stage unknown (no crop or planting date): a drop at ripening cannot be told apart.',
  'alerts.caveats.otherCausesOfLowNdre': 'Drought, disease, weeds or waterlogging also lower NDRE: confirm in the field.',
  'alerts.caveats.sufficiencyNotCalibrated': 'The 0.95 sufficiency-index threshold is a research guide, not calibrated for local fields.',
  'alerts.caveats.fallArmywormConstantUnchecked':
    'The 391 degree-day egg-to-adult figure has not been checked against the study; treat the date as approximate.',
  'alerts.caveats.countedFromPlanting': 'Counted from planting, as if moths laid eggs as the crop came up; scout to confirm.',
  'alerts.caveats.missingTemperatureDays': '{days} day(s) without temperatures counted as 0 degree-days: the date may come later.',
  'alerts.caveats.humidHoursEstimated':
    'Daily data: hours of humid air estimated from the day’s highest and lowest humidity; the day’s mean temperature stands in for the humid hours’.',
  'alerts.caveats.greyLeafSpotLimitsBorrowed':
    'Grey leaf spot here is caused by Cercospora zeina; the humidity and temperature limits were measured on a related fungus, Cercospora zeae-maydis.',
  'alerts.caveats.leafWetnessEstimated':
    'Daily data: hours of wet leaves estimated from the day’s highest and lowest humidity, their temperature from the night part of the day’s range. Fog or a shower wets leaves for longer.',
  'alerts.caveats.toldLate': 'Reached on {date}, when this field’s alerts were not checked: told late.',
} as const;

export type AlertCaveatKey = keyof typeof ALERT_CAVEATS_EN;
