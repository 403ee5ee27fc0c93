import { describe, expect, it } from 'vitest';
import { xlsxFixedParts, xlsxRow } from './xlsx.ts';

describe('a workbook sheet written a row at a time', () => {
  it('names columns past Z as a spreadsheet does, and leaves empty cells out', () => {
    const cells = Array.from({ length: 28 }, (_, i) => (i === 1 ? null : i));
    const row = xlsxRow(7, cells);
    expect(row.startsWith('<row r="7"><c r="A7"><v>0</v></c><c r="C7"><v>2</v></c>')).toBe(true);
    expect(row).toContain('<c r="Z7"><v>25</v></c><c r="AA7"><v>26</v></c><c r="AB7"><v>27</v></c>');
    expect(row).not.toContain('r="B7"');
  });

  it('keeps text as text, drops characters XML cannot carry, and never writes a formula', () => {
    const row = xlsxRow(2, ['=SUM(A1)', 'bell\u0007 & tab\t', Number.NaN]);
    expect(row).toBe(
      '<row r="2"><c r="A2" t="inlineStr"><is><t xml:space="preserve">=SUM(A1)</t></is></c>' +
        '<c r="B2" t="inlineStr"><is><t xml:space="preserve">bell &amp; tab\t</t></is></c></row>',
    );
    expect(row).not.toContain('<f>');
  });

  it("cuts a sheet's name to Excel's 31 characters and the characters it refuses", () => {
    const workbook = xlsxFixedParts('Programme 2026/27: all groups [Mashonaland]')['xl/workbook.xml']!;
    expect(workbook).toContain('<sheet name="Programme 2026 27  all groups  "');
  });
});
