/** A student's stored ledger as the API shows it (spec section 3: student record with payment_details). */
import type { StudentRecord } from '../../contract/students.js';
import { buildPaymentDetails } from '../../domain/ledger.js';
import type { StudentLedger } from '../../store/students.js';

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
  };
}
