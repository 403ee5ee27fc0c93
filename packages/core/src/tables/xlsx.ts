/**
 * A one-sheet workbook in Office Open XML (ECMA-376, the .xlsx Excel, LibreOffice and Google Sheets open), as the
 * text of its parts: the fixed parts whole, and the sheet as a start, one row at a time and an end, so that a
 * writer can stream a sheet of any length into the zip around it (the server) or join a small one (the web app).
 * Text is stored inline in its cell (no shared-strings table to hold in memory); the header row is bold.
 */
export type XlsxCell = string | number | null | undefined;

export const XLSX_SHEET_PATH = 'xl/worksheets/sheet1.xml';

/** Characters XML 1.0 forbids, which a pasted note can carry; dropped rather than let the file be refused. */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const escapeXml = (text: string) =>
  text.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** 0 → A, 25 → Z, 26 → AA: a column's letters. */
function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** The parts of the workbook besides its sheet, by path in the zip; `sheetName` is cut to Excel's 31 characters. */
export function xlsxFixedParts(sheetName: string): Record<string, string> {
  const name = escapeXml(sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31));
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const officeRels = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const packageRels = 'http://schemas.openxmlformats.org/package/2006/relationships';
  return {
    '[Content_Types].xml':
      `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      '</Types>',
    '_rels/.rels': `${xml}<Relationships xmlns="${packageRels}"><Relationship Id="rId1" Type="${officeRels}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${xml}<workbook xmlns="${main}" xmlns:r="${officeRels}"><sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels':
      `${xml}<Relationships xmlns="${packageRels}">` +
      `<Relationship Id="rId1" Type="${officeRels}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${officeRels}/styles" Target="styles.xml"/>` +
      '</Relationships>',
    // Style 0 plain, style 1 bold (the header).
    'xl/styles.xml':
      `${xml}<styleSheet xmlns="${main}">` +
      '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
      '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
      '</styleSheet>',
  };
}

/** The sheet's opening, with the header frozen above the rows. */
export const XLSX_SHEET_START =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
  '<sheetData>';

export const XLSX_SHEET_END = '</sheetData></worksheet>';

/**
 * Row `rowNumber` (1 is the header, bold) of the sheet: a number as a number, text as text (never a formula: the
 * format has no formula unless an `<f>` is written), an empty cell for null.
 */
export function xlsxRow(rowNumber: number, cells: readonly XlsxCell[]): string {
  const style = rowNumber === 1 ? ' s="1"' : '';
  const written = cells.map((value, column) => {
    if (value === null || value === undefined || value === '') return '';
    const ref = `${columnLetters(column)}${rowNumber}`;
    if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"${style}><v>${value}</v></c>` : '';
    return `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
  });
  return `<row r="${rowNumber}">${written.join('')}</row>`;
}
