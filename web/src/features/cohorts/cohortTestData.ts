import type { Cohort } from '#contract/cohorts';
import type { PaymentDetails, PaymentHistoryEntry, ProgramBalance, StudentRecord } from '#contract/students';
import { sampleCohort } from '../../testing/fixtures';
import { jsonResponse } from '../../testing/test-utils';

/** Fixtures and a stubbed API for the cohort screens' tests (shaped like the demo data). */
export { asAdmin } from '../../testing/test-utils';

export const certCohort = sampleCohort({ id: 'cohort-2025-cert-1', student_count: 5 });
export const cohorts: Cohort[] = [
  certCohort,
  sampleCohort({ id: 'cohort-2025-dipl-1', program_type: 'diploma', program_name: 'Patient Care Technician', student_count: 3, end_date: null }),
  sampleCohort({ id: 'cohort-2025-assoc-1', program_type: 'associates', program_name: 'MA(associates)', student_count: 2 }),
  sampleCohort({
    id: 'cohort-2026-dipl-2',
    academic_year: '2026-2027',
    cohort_number: 2,
    program_type: 'diploma',
    program_name: 'Ultrasound Program',
    student_count: 2,
    start_date: null,
    end_date: null,
  }),
  sampleCohort({ id: 'cohort-2024-cert-3', academic_year: '2024-2025', cohort_number: 3, program_name: 'EKG Technician', student_count: 2, is_active: false }),
];

export const payment = (id: string, date: string, amount: number): PaymentHistoryEntry => ({
  id,
  date,
  amount,
  method: 'card',
  status: 'succeeded',
  reference: `pi_${id}`,
});

const program = (overrides: Partial<ProgramBalance> & Pick<ProgramBalance, 'id' | 'amount_due' | 'amount_paid'>): ProgramBalance => ({
  program_type: 'certificate',
  program_name: 'Nursing Assistant',
  next_due_date: '2026-12-15',
  payment_history: [],
  ...overrides,
});

const details = (certificate: ProgramBalance[], diploma: ProgramBalance[] = []): PaymentDetails => ({
  certificate_courses: certificate,
  diploma_programs: diploma,
  associate_programs: [],
  next_due_date: certificate.length + diploma.length > 0 ? '2026-12-15' : null,
});

const student = (username: string, first: string, last: string, paymentDetails: PaymentDetails | null): StudentRecord => ({
  id: `sub-${username}`,
  username,
  first_name: first,
  last_name: last,
  email: `${username}@students.example.edu`,
  phone_number: '555-0100',
  created_at: '2025-09-02T09:00:00.000Z',
  on_payment_plan: false,
  program: 'Nursing Assistant',
  program_type: 'certificate',
  cohort_id: certCohort.id,
  // The spec allows a student without payment details; the contract type does not.
  payment_details: paymentDetails as PaymentDetails,
  sign_in_enabled: true,
});

/** Maria owes 1500 + 4200 and has 12 payments over two programs (the dialog shows the latest 10). */
const mariaPayments = Array.from({ length: 12 }, (_, i) => payment(`p${String(i + 1).padStart(2, '0')}`, `2025-${String(i + 1).padStart(2, '0')}-15T15:30:00.000Z`, 100 + i));
export const maria = {
  ...student(
    'student',
    'Maria',
    'Lopez',
    details(
      [program({ id: 'nursing-assistant', amount_due: 2400, amount_paid: 900, payment_history: mariaPayments.filter((_, i) => i % 2 === 0).reverse() })],
      [
        program({
          id: 'pct',
          program_type: 'diploma',
          program_name: 'Patient Care Technician',
          amount_due: 5200,
          amount_paid: 1000,
          payment_history: mariaPayments.filter((_, i) => i % 2 === 1).reverse(),
        }),
      ],
    ),
  ),
  on_payment_plan: true,
  phone_number: '555-0101',
};
export const aisha = student('aisha.khan', 'Aisha', 'Khan', details([program({ id: 'na', amount_due: 2400, amount_paid: 2400, next_due_date: null })]));
/** A name with a comma and quotes, for the CSV. */
export const ben = student('ben.nguyen', 'Ben', 'Nguyen, "Jr."', details([program({ id: 'na', amount_due: 2400, amount_paid: 2050 })]));
/** Exactly 500: "Due" in the roster, "Overdue" in the dialog. */
export const carla = { ...student('carla.diaz', 'Carla', 'Diaz', details([program({ id: 'na', amount_due: 2400, amount_paid: 1900 })])), email: '' };
/** No payment details: balance 0, yet not a paid student. */
export const newcomer = student('new.student', 'Nia', 'Okafor', null);

export const roster: StudentRecord[] = [maria, aisha, ben, carla, newcomer];

import type { Answer } from '../../testing/test-utils';
export type { ApiCall, Answer } from '../../testing/test-utils';
export { stubApi as stubCohortApi } from '../../testing/test-utils';

/** The usual answers: the cohort list, the roster of the certificate cohort, each student. */
export function demoAnswers(): Record<string, Answer> {
  return {
    'GET /api/cohorts/': jsonResponse(cohorts),
    [`GET /api/cohorts/${certCohort.id}/students/`]: jsonResponse(roster),
    ...Object.fromEntries(roster.map((s) => [`GET /api/students/${s.username}/`, jsonResponse(s)])),
  };
}

export { captureDownloads } from '../../testing/downloads';

export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
