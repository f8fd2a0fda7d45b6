import Papa from 'papaparse';

/**
 * CSV text for spreadsheets: papaparse quotes commas, quotes and newlines; `escapeFormulae`
 * keeps a value such as "=HYPERLINK(...)" text instead of a formula.
 */
export function toCsv(fields: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return Papa.unparse({ fields: [...fields], data: rows.map((row) => [...row]) }, { escapeFormulae: true });
}

/** Hands the CSV to the browser as a download. */
export function downloadCsv(csv: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
