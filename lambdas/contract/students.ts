import type { ProgramType } from './programs.js';

/** One entry of a payment history. Amounts are dollars with two decimals. */
export interface PaymentHistoryEntry {
  id: string;
  date: string;
  amount: number;
  method: string;
  status: 'succeeded' | 'pending' | 'failed' | 'refunded';
  reference: string;
}

/** One program a student is enrolled in, with its balance computed from the ledger. */
export interface ProgramBalance {
  id: string;
  program_type: ProgramType;
  program_name: string;
  amount_due: number;
  amount_paid: number;
  next_due_date: string | null;
  payment_history: PaymentHistoryEntry[];
}

export interface PaymentDetails {
  certificate_courses: ProgramBalance[];
  diploma_programs: ProgramBalance[];
  associate_programs: ProgramBalance[];
  /** Earliest due date among programs that still owe money, or null. */
  next_due_date: string | null;
}

/**
 * One immutable entry of a student's ledger as GET /api/students/{username}/ shows it:
 * charges and credits with the admin's reason, payments and refunds with their reference.
 */
export interface LedgerEntryView {
  id: string;
  kind: 'charge' | 'credit' | 'payment' | 'refund';
  date: string;
  program_type: ProgramType;
  program_id: string;
  /** The enrolled program's name, or null for an entry of a program the student is not enrolled in. */
  program_name: string | null;
  /** Dollars with two decimals, always positive: `kind` says which way it moves the balance. */
  amount: number;
  reason: string | null;
  /** Payments only. */
  status: PaymentHistoryEntry['status'] | null;
  method: string | null;
  reference: string | null;
}

/** GET /api/students/{username}/ (and each member of a roster or list) */
export interface StudentRecord {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
  created_at: string;
  on_payment_plan: boolean;
  /** The student's main program name (shown on the dashboard header card). */
  program: string | null;
  program_type: ProgramType | null;
  cohort_id: string | null;
  payment_details: PaymentDetails;
  /** False once an admin disabled the student's sign-in; their records stay. */
  sign_in_enabled: boolean;
  /** Every ledger entry, newest first: only on the single record (GET /api/students/{username}/), not on lists. */
  ledger_entries?: LedgerEntryView[];
}
