/** "Dec 15, 2026" for "2026-12-15", read as a calendar date so no time zone shifts the day. */
export function formatCalendarDate(date: string): string {
  const parsed = new Date(/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00Z` : date);
  if (Number.isNaN(parsed.getTime())) return date;
  return parsed.toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
}

/** "Mar 1, 2026, 10:00 AM" for an ISO timestamp, in the viewer's time zone. */
export function formatDateTime(iso: string): string {
  const parsed = new Date(iso);
  return Number.isNaN(parsed.getTime()) ? iso : parsed.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** Today as YYYY-MM-DD in the viewer's time zone (file names, date filters). */
export function localIsoDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A date range whose start is after its end (YYYY-MM-DD compare as text), worth stopping a filter for; or null. */
export function dateRangeProblem({ from, to }: { from: string; to: string }): string | null {
  return from && to && from > to ? 'The start date must not be after the end date.' : null;
}
