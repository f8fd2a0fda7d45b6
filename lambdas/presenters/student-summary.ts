import type { StudentSummary } from '../contract/student-admin.js';
import { centsToDollars } from '../domain/money.js';
import type { StudentProfileRecord } from '../store/student.js';

export const presentSummary = (p: StudentProfileRecord): StudentSummary => ({
  username: p.username,
  first_name: p.firstName,
  last_name: p.lastName,
  email: p.email,
  phone_number: p.phone,
  program: p.programName,
  program_type: p.programType,
  cohort_id: p.cohortId,
  on_payment_plan: p.onPaymentPlan,
  balance: centsToDollars(p.balanceCents ?? 0),
  sign_in_enabled: p.signInEnabled !== false,
  created_at: p.createdAt,
});
