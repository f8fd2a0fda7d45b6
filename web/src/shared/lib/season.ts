/** Months 1-5 are Spring, 6-8 Summer, 9-12 Fall. */
export type Season = 'Spring' | 'Summer' | 'Fall';

/** @param month 1-12 (January is 1). */
export function seasonOfMonth(month: number): Season {
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`month must be 1-12, got ${month}`);
  if (month <= 5) return 'Spring';
  if (month <= 8) return 'Summer';
  return 'Fall';
}

/** The semester label shown on chips and badges, e.g. "Fall 2026". Uses the local calendar. */
export function seasonLabel(date: Date = new Date()): string {
  return `${seasonOfMonth(date.getMonth() + 1)} ${date.getFullYear()}`;
}
