/** The dashboard's figures from what store/dashboard.ts read (pure: no I/O). Money stays in integer cents. */
import type { DashboardAcknowledgement, DashboardCohort, DashboardMoney } from '../contract/dashboard.js';
import { appliesTo } from '../domain/document-access.js';
import { isPaid } from '../domain/payment-state.js';
import type { CohortRecord } from '../store/cohort.js';
import type { DocumentFigures, PaymentFigures, StudentFigures } from '../store/dashboard.js';

export const CHART_DAYS = 30;
const DAY_MS = 86_400_000;

/**
 * The first instant of `now`'s calendar month (UTC), the first day the 30-day chart shows, and the end
 * of today (the figures never count what is dated later).
 */
export function periodStarts(now: Date): { monthStart: string; chartStart: string; end: string } {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { monthStart, chartStart: new Date(today - (CHART_DAYS - 1) * DAY_MS).toISOString(), end: new Date(today + DAY_MS).toISOString() };
}

/**
 * Collected: payments created this month that moved money (gross: a later refund does not shrink it).
 * Refunded: refunds that landed this month (the record's last change), whenever the payment was made.
 * A payment refunded in two months counts in full in the later one unless it was made this month
 * (then all its refunds are this month's); the ledger entries hold the exact split.
 */
export function moneyFigures(now: Date, created: PaymentFigures[], refunded: PaymentFigures[]): DashboardMoney {
  const { monthStart, chartStart, end } = periodStarts(now);
  const paid = created.filter((p) => isPaid(p.status) && p.createdAt < end);
  const ofMonth = paid.filter((p) => p.createdAt >= monthStart);
  const refundsOfMonth = refunded.filter((p) => p.updatedAt >= monthStart && p.updatedAt < end && p.refundedCents > 0);
  const collected = ofMonth.reduce((n, p) => n + p.amountCents, 0);
  const refundedCents = refundsOfMonth.reduce((n, p) => n + p.refundedCents, 0);
  const daily = Array.from({ length: CHART_DAYS }, (_, i) => ({ date: new Date(Date.parse(chartStart) + i * DAY_MS).toISOString().slice(0, 10), collected_cents: 0, payments: 0 }));
  const byDate = new Map(daily.map((d) => [d.date, d]));
  for (const p of paid) {
    const day = byDate.get(p.createdAt.slice(0, 10));
    if (day) {
      day.collected_cents += p.amountCents;
      day.payments += 1;
    }
  }
  return {
    month: monthStart.slice(0, 7),
    collected_cents: collected,
    refunded_cents: refundedCents,
    net_cents: collected - refundedCents,
    payments: ofMonth.length,
    refunds: refundsOfMonth.reduce((n, p) => n + Math.max(1, p.refundIds.length), 0),
    daily,
  };
}

/** Per mandatory document: the students it applies to (as the acknowledgement list counts them) and how many acknowledged. */
export function acknowledgementFigures(doc: DocumentFigures, students: StudentFigures[], acknowledgedBy: string[]): DashboardAcknowledgement {
  const expected = new Set(students.filter((s) => appliesTo(doc, s)).map((s) => s.username));
  for (const s of doc.assignedStudents) expected.add(s.username);
  const acknowledged = new Set(acknowledgedBy.filter((u) => expected.has(u))).size;
  return { document_id: doc.id, title: doc.title, expected: expected.size, acknowledged, awaiting: expected.size - acknowledged };
}

export const cohortLabel = (c: Pick<CohortRecord, 'academicYear' | 'cohortNumber' | 'programName'>) => `${c.academicYear} Cohort ${c.cohortNumber} · ${c.programName}`;

/** Per cohort, active ones first: its students, who owes nothing, who owes and how much in all. */
export function cohortFigures(cohorts: CohortRecord[], students: StudentFigures[]): DashboardCohort[] {
  const rows = new Map<string, DashboardCohort>(
    cohorts.map((c) => [
      c.id,
      {
        cohort_id: c.id,
        label: cohortLabel(c),
        is_active: c.isActive,
        students: 0,
        paid: 0,
        outstanding: 0,
        outstanding_cents: 0,
      },
    ]),
  );
  for (const s of students) {
    const row = s.cohortId ? rows.get(s.cohortId) : undefined;
    if (!row) continue;
    row.students += 1;
    if (s.balanceCents > 0) {
      row.outstanding += 1;
      row.outstanding_cents += s.balanceCents;
    } else row.paid += 1;
  }
  return [...rows.values()].sort((a, b) => Number(b.is_active) - Number(a.is_active));
}
