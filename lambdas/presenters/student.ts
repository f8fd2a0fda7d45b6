/** A student's stored ledger as the API shows it (the spec's student record with payment_details). */
import type { LedgerEntryView, StudentRecord } from '../contract/students.js';
import { buildPaymentDetails, type Enrollment, type LedgerEntry } from '../domain/ledger.js';
import { centsToDollars } from '../domain/money.js';
import type { StudentLedger } from '../store/student.js';

export function presentStudent({ profile, enrollments, entries }: StudentLedger): StudentRecord {
  return {
    id: profile.sub || profile.username,
    username: profile.username,
    first_name: profile.firstName,
    last_name: profile.lastName,
    email: profile.email,
    phone_number: profile.phone,
    created_at: profile.createdAt,
    on_payment_plan: profile.onPaymentPlan,
    program: profile.programName,
    program_type: profile.programType,
    cohort_id: profile.cohortId,
    payment_details: buildPaymentDetails(enrollments, entries),
    sign_in_enabled: profile.signInEnabled !== false,
  };
}

/** The single record adds every ledger entry, newest first, so staff see charges and credits with their reasons. */
export function presentStudentDetail(ledger: StudentLedger): StudentRecord {
  return { ...presentStudent(ledger), ledger_entries: presentLedgerEntries(ledger.enrollments, ledger.entries) };
}

export function presentLedgerEntries(enrollments: Enrollment[], entries: LedgerEntry[]): LedgerEntryView[] {
  const names = new Map(enrollments.map((e) => [`${e.programType}#${e.programId}`, e.programName]));
  return entries
    .map((entry): LedgerEntryView => ({
      id: entry.entryId,
      kind: entry.kind,
      date: entry.createdAt,
      program_type: entry.programType,
      program_id: entry.programId,
      program_name: names.get(`${entry.programType}#${entry.programId}`) ?? null,
      amount: centsToDollars(entry.amountCents),
      reason: entry.reason ?? null,
      status: entry.status ?? null,
      method: entry.method ?? null,
      reference: entry.reference ?? null,
    }))
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}
