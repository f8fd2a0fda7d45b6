import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes commas, quotes and newlines so the values read back unchanged', () => {
    const values = ['Nguyen, "Jr."', 'line one\nline two', 'plain', 42];
    const csv = toCsv(['A', 'B', 'C', 'D'], [values]);
    expect(csv.split('\r\n')[1]).toBe('"Nguyen, ""Jr.""","line one\nline two",plain,42');
    expect(Papa.parse<string[]>(csv).data[1]).toEqual(['Nguyen, "Jr."', 'line one\nline two', 'plain', '42']);
  });

  it('keeps values that look like formulas as text (escapeFormulae)', () => {
    const [, row] = Papa.parse<string[]>(toCsv(['Name'], [['=HYPERLINK("http://evil")']])).data;
    expect(row[0]).toBe('\'=HYPERLINK("http://evil")');
  });
});

describe('toCsv', () => {
  it('escapes a formula followed by a newline, which papaparse escapeFormulae let through', () => {
    const [, row] = Papa.parse<string[]>(toCsv(['Program Name'], [['=HYPERLINK("http://evil","x")\nNursing']])).data;
    expect(row![0]).toBe('\'=HYPERLINK("http://evil","x")\nNursing');
  });
});
