import { csvLine, xlsxFixedParts, xlsxRow, XLSX_SHEET_END, XLSX_SHEET_PATH, XLSX_SHEET_START, type ProgrammeFigures } from '@murimi/core';
import { strToU8, zipSync } from 'fflate';

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

/** The table as shown, one line per group and crop and a last line of totals, header first. */
function programmeTable(figures: ProgrammeFigures): (string | number | null)[][] {
  const lines = [
    ...figures.rows.map((row) => ({ ...row, label: [row.group, row.crop] })),
    { ...figures.totals, label: ['All shown', ''] },
  ].map((row) => [
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
  ]);
  return [[...COLUMNS], ...lines];
}

/** The table as CSV (UTF-8): names quoted where needed and never read as a formula. */
export function programmeCsv(figures: ProgrammeFigures): string {
  return programmeTable(figures)
    .map((line) => csvLine(line))
    .join('');
}

/** The table as an Excel workbook of one sheet, its header bold and frozen. */
export function programmeXlsx(figures: ProgrammeFigures): Uint8Array {
  const parts = xlsxFixedParts(`Programme ${figures.season.label.replace('/', '-')}`);
  const rows = programmeTable(figures).map((line, i) => xlsxRow(i + 1, line));
  return zipSync(
    {
      ...Object.fromEntries(Object.entries(parts).map(([name, text]) => [name, strToU8(text)])),
      [XLSX_SHEET_PATH]: strToU8(XLSX_SHEET_START + rows.join('') + XLSX_SHEET_END),
    },
    { level: 6 },
  );
}
