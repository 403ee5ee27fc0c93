/**
 * Texts of the programme's figures, the funders' screen. They come with that screen's code
 * (`features/programme/programme-texts.ts`), not with every screen's texts.
 */
export const programmeTexts = {
  title: 'Programme figures',
  subtitle:
    'What reached farms and what changed, by group of farms and crop. No farm or farmer is shown: a group and crop of fewer than {{minimum}} farms is left out of every figure.',
  loading: 'Adding up the programme…',
  filters: { season: 'Season', group: 'Group', allGroups: 'All groups', crop: 'Main crop', allCrops: 'All crops' },
  totals: {
    farms: 'Farms reached',
    farmers: 'Farmers with an account',
    hectares: 'Hectares monitored',
    fresh: 'Fields with a clear image in the last 14 days',
    freshValue: '{{count}} of {{fields}} ({{share}} %)',
    alerts: 'Alerts raised, and acted on',
    alertsValue: '{{raised}} raised, {{acted}} acted on',
    sent: 'Alerts sent',
    sentValue: '{{emailed}} by e-mail, {{texted}} by SMS',
    advice: 'Irrigation and fertilizer advice, and what was logged',
    adviceValue: '{{issued}} given, {{done}} irrigations and applications logged',
    yield: 'Expected yield, middle half of fields',
    yieldValue: '{{low}}–{{high}} t/ha (median {{median}} t/ha, {{fields}} fields)',
    yieldNone: 'Too few estimates to show',
  },
  health: {
    title: 'Crop health of the fields, by their latest satellite analysis',
    healthy: 'Healthy',
    moderate: 'Moderate',
    bareOrStressed: 'Bare or stressed',
    noClearImage: 'No clear image',
    notAnalysed: 'Not analysed yet',
  },
  table: {
    title: 'By group and crop',
    group: 'Group',
    crop: 'Main crop',
    farms: 'Farms',
    hectares: 'Hectares',
    healthy: 'Healthy fields',
    alerts: 'Alerts (acted on)',
    advice: 'Advice (logged)',
    yield: 'Yield t/ha',
    download: 'Download as CSV',
    downloadXlsx: 'Download as Excel (XLSX)',
  },
  leftOut_one: '{{count}} group and crop of fewer than {{minimum}} farms is left out of every figure.',
  leftOut_other: '{{count}} groups and crops of fewer than {{minimum}} farms are left out of every figure.',
  empty: 'No group and crop here has {{minimum}} farms or more yet, so there is nothing to show without singling out a farm.',
  notAllowed: 'The programme’s figures are for its funders and those who run it.',
  source:
    'Health and images from Sentinel-2 analyses; yields are Murimi’s estimates, not weighed harvests; alerts and records as logged in Murimi. Simulated data in the demo.',
} as const;
