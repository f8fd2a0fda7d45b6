import type { ClinicalSite } from '#contract/clinical';
import { formatCalendarDate, localIsoDate } from '#shared/lib/dates';

/** "Mar 2, 2027 – Apr 30, 2027". */
export const dateRange = (starts: string, ends: string) => `${formatCalendarDate(starts)} – ${formatCalendarDate(ends)}`;

/** Days an agreement may have left before the sites page warns about it. */
export const AGREEMENT_WARNING_DAYS = 60;

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** Whether the site's agreement needs attention: none on file, ended, or ending within 60 days; null while it runs on. */
export function agreementWarning(agreement: ClinicalSite['agreement'], today = localIsoDate()): string | null {
  if (!agreement) return 'No agreement';
  if (agreement.ends_on < today) return 'Agreement ended';
  if (agreement.ends_on <= addDays(today, AGREEMENT_WARNING_DAYS)) return 'Ends soon';
  return null;
}
