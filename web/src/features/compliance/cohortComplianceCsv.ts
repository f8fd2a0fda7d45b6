import type { CohortCompliance } from '#contract/compliance';
import { toCsv } from '#shared/lib/csv';
import { statusLabel } from './complianceFormat';

/** The grid as CSV through the shared writer: a row a student, a status and an expiry column a requirement. */
export function cohortComplianceCsv(grid: CohortCompliance): string {
  const header = ['Last name', 'First name', 'Username', ...grid.requirements.flatMap((r) => [r.name, `${r.name} expires`])];
  const rows = grid.students.map((s) => [
    s.last_name,
    s.first_name,
    s.username,
    ...grid.requirements.flatMap((r) => {
      const cell = s.statuses[r.id];
      return [cell ? statusLabel(cell.status) : statusLabel('missing'), cell?.expires_on ?? ''];
    }),
  ]);
  return toCsv(header, rows);
}

export const cohortComplianceFileName = (cohortId: string, today: string) => `compliance-${cohortId.replace(/[^\w-]+/g, '-')}-${today}.csv`;
