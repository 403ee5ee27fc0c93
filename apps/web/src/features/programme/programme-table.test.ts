import type { ProgrammeMeasures } from '@murimi/core';
import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { programmeCsv, programmeXlsx } from './programme-table.ts';

const measures: ProgrammeMeasures = {
  farms: 18,
  farmers: 3,
  fields: 18,
  hectares: 31.5,
  health: { healthy: 12, moderate: 4, bareOrStressed: 1, noClearImage: 1, notAnalysed: 0 },
  freshImageFields: 17,
  alerts: { raised: 9, actedOn: 4, emailed: 6, texted: 3 },
  advice: { issued: 36, loggedDone: 20 },
  yieldTPerHa: { lowerQuartile: 2.1, median: 2.8, upperQuartile: 3.4, fields: 16 },
};

describe('the programme table as CSV and XLSX', () => {
  it('writes a header, a line per group and crop and the totals, quoting names and never starting a formula', () => {
    const csv = programmeCsv({
      season: { startYear: 2026, label: '2026/27', from: '2026-07-01', to: '2027-06-30' },
      minimumFarms: 5,
      totals: { ...measures, yieldTPerHa: null },
      rows: [{ ...measures, groupId: null, group: '=Ward 7, "Mhondoro"', crop: 'Maize (grain)' }],
      cellsLeftOut: 1,
      groups: [],
      crops: [],
    });
    const lines = csv.split('\r\n');
    expect(lines[0]).toMatch(/^season,group,main_crop,farms,farmers,fields,hectares,fields_healthy,/);
    expect(lines[1]).toBe(`2026/27,"'=Ward 7, ""Mhondoro""",Maize (grain),18,3,18,31.5,12,4,1,1,0,17,9,4,6,3,36,20,2.1,2.8,3.4`);
    expect(lines[2]).toBe('2026/27,All shown,,18,3,18,31.5,12,4,1,1,0,17,9,4,6,3,36,20,,,');
    expect(lines).toHaveLength(4);
  });

  it('writes the same table as a workbook: header bold, names as text, numbers as numbers', () => {
    const files = unzipSync(
      programmeXlsx({
        season: { startYear: 2026, label: '2026/27', from: '2026-07-01', to: '2027-06-30' },
        minimumFarms: 5,
        totals: { ...measures, yieldTPerHa: null },
        rows: [{ ...measures, groupId: null, group: 'Ward 7 <Mhondoro> & "Chikomo"', crop: 'Maize (grain)' }],
        cellsLeftOut: 1,
        groups: [],
        crops: [],
      }),
    );
    expect(Object.keys(files).sort()).toEqual(
      [
        '[Content_Types].xml',
        '_rels/.rels',
        'xl/_rels/workbook.xml.rels',
        'xl/styles.xml',
        'xl/workbook.xml',
        'xl/worksheets/sheet1.xml',
      ].sort(),
    );
    expect(strFromU8(files['xl/workbook.xml']!)).toContain('<sheet name="Programme 2026-27"');
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    expect(sheet).toContain('<c r="A1" s="1" t="inlineStr"><is><t xml:space="preserve">season</t></is></c>');
    expect(sheet).toContain('<t xml:space="preserve">Ward 7 &lt;Mhondoro&gt; &amp; &quot;Chikomo&quot;</t>');
    expect(sheet).toContain('<c r="D2"><v>18</v></c>');
    expect(sheet).toContain('<c r="V2"><v>3.4</v></c>');
    // The totals carry no yield range: its cells are left empty, not written as 0.
    expect(sheet).not.toContain('r="T3"');
    expect(sheet.match(/<row /g)).toHaveLength(3);
  });
});
