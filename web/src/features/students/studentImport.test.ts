import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS } from '#contract/student-admin';
import { importSummaryText, importTemplateCsv, progressPercent, progressText } from './studentImport';

describe('student import file', () => {
  it('offers a template with the import columns and one example row', () => {
    const [header, example, ...rest] = Papa.parse<string[]>(importTemplateCsv(), { skipEmptyLines: true }).data;
    expect(header).toEqual([...IMPORT_COLUMNS]);
    expect(example).toHaveLength(IMPORT_COLUMNS.length);
    expect(example?.slice(5, 8)).toEqual(['certificate', 'Phlebotomy', 'cohort-2026-cert-2']);
    expect(rest).toEqual([]);
  });

  it('says how far an import is and how it ended', () => {
    expect(progressPercent({ processed: 0, total: 0 })).toBe(0);
    expect(progressPercent({ processed: 333, total: 1000 })).toBe(33);
    expect(progressPercent({ processed: 1000, total: 1000 })).toBe(100);
    expect(progressText({ processed: 120, total: 1000 })).toBe('Imported 120 of 1000 rows...');
    expect(importSummaryText({ created: 48, skipped: 1, failed: 1 })).toBe('Created 48 · Already existed 1 · Failed 1');
  });
});
