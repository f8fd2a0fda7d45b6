import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS } from '../../../../lambdas/contract/student-admin';
import { EMPTY_REPORT, importChunks, importTemplateCsv, mergeReport, ROWS_PER_CALL } from './studentImport';
import { importReport } from './studentTestData';

const HEADER = IMPORT_COLUMNS.join(',');
const row = (i: number) => `user${i},First${i},Last${i},user${i}@example.edu,,certificate,Phlebotomy,cohort-2026-cert-2,no,`;
const file = (rows: number) => [HEADER, ...Array.from({ length: rows }, (_, i) => row(i + 1))].join('\n');

describe('student import file', () => {
  it('offers a template with the import columns and one example row', () => {
    const [header, example, ...rest] = Papa.parse<string[]>(importTemplateCsv(), { skipEmptyLines: true }).data;
    expect(header).toEqual([...IMPORT_COLUMNS]);
    expect(example).toHaveLength(IMPORT_COLUMNS.length);
    expect(example?.slice(5, 8)).toEqual(['certificate', 'Phlebotomy', 'cohort-2026-cert-2']);
    expect(rest).toEqual([]);
  });

  it('sends a file of up to 100 rows exactly as it is', () => {
    const text = `\uFEFF${file(ROWS_PER_CALL)}\r\n`;
    expect(importChunks(text)).toEqual([{ csv: text, rowOffset: 0, rowCount: 100 }]);
  });

  it('splits a bigger file into calls of 100 rows, each with the header, counting records as the server does', () => {
    // A quoted field spanning two lines and a blank line: rows are records, blank ones skipped.
    const text = `${file(249)}\n\n"multi, line",First,"Last\nName",m@example.edu,,certificate,Phlebotomy,cohort-2026-cert-2,no,\n`;
    const chunks = importChunks(text);
    expect(chunks.map((c) => [c.rowOffset, c.rowCount])).toEqual([
      [0, 100],
      [100, 100],
      [200, 50],
    ]);
    for (const chunk of chunks) {
      const [header, ...rows] = Papa.parse<string[]>(chunk.csv, { skipEmptyLines: true }).data;
      expect(header).toEqual([...IMPORT_COLUMNS]);
      expect(rows).toHaveLength(chunk.rowCount);
    }
    const last = Papa.parse<string[]>(chunks[2]?.csv ?? '').data;
    expect(last[1]?.[0]).toBe('user201');
    expect(last.at(-1)?.slice(0, 3)).toEqual(['multi, line', 'First', 'Last\nName']);
  });

  it("merges the calls' reports with the file's line numbers", () => {
    const first = importReport([{ line: 2, username: 'a', status: 'created', errors: [] }]);
    const second = importReport([
      { line: 2, username: 'b', status: 'invalid', errors: ['email: must be an email address'] },
      { line: 4, username: 'c', status: 'invalid', errors: ['username: repeats line 3'] },
    ]);
    const merged = mergeReport(mergeReport(EMPTY_REPORT, first, { rowOffset: 0 }), second, { rowOffset: 100 });
    expect(merged).toEqual({
      created: 1,
      invalid: 2,
      failed: 0,
      rows: [
        { line: 2, username: 'a', status: 'created', errors: [] },
        { line: 102, username: 'b', status: 'invalid', errors: ['email: must be an email address'] },
        { line: 104, username: 'c', status: 'invalid', errors: ['username: repeats line 103'] },
      ],
    });
  });
});
