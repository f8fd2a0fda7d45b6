/**
 * The SPA's CSV exports write with the one CSV writer the server shares (lambdas/domain/csv.ts):
 * formulae escaped in every cell (OWASP), quoted per RFC 4180, CRLF between records.
 */
export { csvNumber, toCsv, type CsvCell } from '../../../../lambdas/domain/csv';

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
