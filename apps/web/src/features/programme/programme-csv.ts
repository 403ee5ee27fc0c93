import type { ProgrammeFigures } from '@murimi/core';

const COLUMNS = [
  'season',
  'group',
  'main_crop',
  'farms',
  'farmers',
  'fields',
  'hectares',
  'fields_healthy',
  'fields_moderate',
  'fields_bare_or_stressed',
  'fields_no_clear_image',
  'fields_not_analysed',
  'fields_clear_image_14_days',
  'alerts_raised',
  'alerts_acted_on',
  'alerts_emailed',
  'alerts_texted',
  'advice_issued',
  'irrigations_and_applications_logged',
  'yield_t_per_ha_lower_quartile',
  'yield_t_per_ha_median',
  'yield_t_per_ha_upper_quartile',
] as const;

/** A cell for a spreadsheet: quoted when it holds a comma, quote or line break; never read as a formula. */
function cell(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The table as shown, one line per group and crop and a last line of totals, as CSV (UTF-8, header first). */
export function programmeCsv(figures: ProgrammeFigures): string {
  const lines = [
    ...figures.rows.map((row) => ({ ...row, label: [row.group, row.crop] })),
    { ...figures.totals, label: ['All shown', ''] },
  ].map((row) =>
    [
      figures.season.label,
      row.label[0]!,
      row.label[1]!,
      row.farms,
      row.farmers,
      row.fields,
      row.hectares,
      row.health.healthy,
      row.health.moderate,
      row.health.bareOrStressed,
      row.health.noClearImage,
      row.health.notAnalysed,
      row.freshImageFields,
      row.alerts.raised,
      row.alerts.actedOn,
      row.alerts.emailed,
      row.alerts.texted,
      row.advice.issued,
      row.advice.loggedDone,
      row.yieldTPerHa?.lowerQuartile ?? null,
      row.yieldTPerHa?.median ?? null,
      row.yieldTPerHa?.upperQuartile ?? null,
    ]
      .map(cell)
      .join(','),
  );
  return `${[COLUMNS.join(','), ...lines].join('\r\n')}\r\n`;
}
