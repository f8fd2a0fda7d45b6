import type { AcknowledgementList } from '#contract/documents';
import { toCsv } from '#shared/lib/csv';
import { localIsoDate } from '#shared/lib/dates';

const COLUMNS = ['Status', 'Name', 'Username', 'Acknowledged At', 'Signature'];

/** Who has and has not acknowledged a document, for spreadsheets (the shared writer: formulae escaped). */
export function acknowledgementsCsv(list: AcknowledgementList): string {
  const rows = [
    ...list.acknowledged.map((a) => ['Acknowledged', a.full_name, a.username, a.acknowledged_at, a.signature ?? '']),
    ...list.pending.map((p) => ['Pending', p.full_name, p.username, '', '']),
  ];
  return toCsv(COLUMNS, rows);
}

/** "acknowledgements-student-handbook-2026-2027-2026-11-21.csv": the title made file-safe, then today's date. */
export function acknowledgementsCsvFileName(title: string, now = new Date()): string {
  const slug =
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'document';
  return `acknowledgements-${slug}-${localIsoDate(now)}.csv`;
}
