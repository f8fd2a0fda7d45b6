/**
 * Demo students with their bills as ledger entries (opening charges and past card payments).
 *  - `student`: owes money in a certificate and a diploma program, has past payments;
 *  - `paid`: balance 0;
 *  - the rest fill the cohorts with a spread of balances (0, under 500, exactly 500, over 500).
 */
import type { LedgerEntry } from '../../../lambdas/domain/ledger.js';
import { required } from '../../../lambdas/domain/required.js';
import type { ProgramType } from '../../../lambdas/contract/programs.js';
import type { PaymentRecord } from '../../../lambdas/store/payment.js';
import type { NewStudentLedger } from '../../../lambdas/store/student.js';
import { demoCohorts } from './demo-catalog.js';

interface ProgramSpec {
  type: ProgramType;
  id: string;
  name: string;
  due: number;
  nextDueDate: string | null;
  payments: Array<[amount: number, date: string]>;
}

interface StudentSpec {
  username: string;
  firstName: string;
  lastName: string;
  cohortId: string;
  phone: string;
  onPaymentPlan: boolean;
  programs: ProgramSpec[];
}

const cohortOf = (id: string) =>
  required(
    demoCohorts.find((c) => c.id === id),
    `demo cohort ${id}`,
  );

function toLedger(s: StudentSpec): NewStudentLedger {
  const cohort = cohortOf(s.cohortId);
  const enrolledAt = `${cohort.startDate ?? '2026-09-01'}T09:00:00.000Z`;
  const entries: LedgerEntry[] = [];
  for (const p of s.programs) {
    entries.push({
      entryId: `seed-${s.username}-${p.id}-charge`,
      kind: 'charge',
      programType: p.type,
      programId: p.id,
      amountCents: p.due * 100,
      createdAt: enrolledAt,
      reason: 'Tuition and fees',
    });
    p.payments.forEach(([amount, date], i) =>
      entries.push({
        entryId: `seed-${s.username}-${p.id}-pay${i + 1}`,
        kind: 'payment',
        programType: p.type,
        programId: p.id,
        amountCents: amount * 100,
        createdAt: `${date}T15:30:00.000Z`,
        status: 'succeeded',
        method: 'card',
        reference: `pi_seed_${s.username}_${p.id}_${i + 1}`.replace(/[^a-zA-Z0-9_]/g, ''),
      }),
    );
  }
  return {
    profile: {
      username: s.username,
      sub: '',
      firstName: s.firstName,
      lastName: s.lastName,
      email: `${s.username}@students.northfield.example.edu`,
      phone: s.phone,
      createdAt: enrolledAt,
      onPaymentPlan: s.onPaymentPlan,
      programType: cohort.programType,
      programName: cohort.programName,
      cohortId: cohort.id,
    },
    enrollments: s.programs.map((p) => ({ programType: p.type, programId: p.id, programName: p.name, nextDueDate: p.nextDueDate, enrolledAt })),
    entries,
  };
}

const mainStudents: StudentSpec[] = [
  {
    username: 'student',
    firstName: 'Maria',
    lastName: 'Lopez',
    cohortId: 'cohort-2025-cert-1',
    phone: '555-0101',
    onPaymentPlan: true,
    programs: [
      {
        type: 'certificate',
        id: 'nursing-assistant',
        name: 'Nursing Assistant',
        due: 2400,
        nextDueDate: '2026-12-15',
        payments: [
          [500, '2025-09-15'],
          [400, '2025-11-14'],
        ],
      },
      { type: 'diploma', id: 'patient-care-technician', name: 'Patient Care Technician', due: 5200, nextDueDate: '2027-01-15', payments: [[1000, '2026-01-15']] },
    ],
  },
  {
    username: 'paid',
    firstName: 'James',
    lastName: 'Carter',
    cohortId: 'cohort-2026-cert-2',
    phone: '555-0102',
    onPaymentPlan: false,
    programs: [
      {
        type: 'certificate',
        id: 'phlebotomy',
        name: 'Phlebotomy',
        due: 1500,
        nextDueDate: null,
        payments: [
          [750, '2026-09-08'],
          [750, '2026-10-08'],
        ],
      },
    ],
  },
];

// [username, first, last, cohort, amount owed after payments]
const ROSTER: Array<[string, string, string, string, number]> = [
  ['aisha.khan', 'Aisha', 'Khan', 'cohort-2025-cert-1', 0],
  ['ben.nguyen', 'Ben', 'Nguyen', 'cohort-2025-cert-1', 350],
  ['carla.diaz', 'Carla', 'Diaz', 'cohort-2025-cert-1', 500],
  ['david.kim', 'David', 'Kim', 'cohort-2025-dipl-1', 1850],
  ['elena.petrova', 'Elena', 'Petrova', 'cohort-2025-dipl-1', 0],
  ['farid.haddad', 'Farid', 'Haddad', 'cohort-2025-dipl-1', 620],
  ['grace.obi', 'Grace', 'Obi', 'cohort-2025-assoc-1', 4300],
  ['hiro.tanaka', 'Hiro', 'Tanaka', 'cohort-2025-assoc-1', 0],
  ['isla.murphy', 'Isla', 'Murphy', 'cohort-2026-cert-2', 1200],
  ['jamal.brooks', 'Jamal', 'Brooks', 'cohort-2026-cert-2', 499],
  ['kate.wilson', 'Kate', 'Wilson', 'cohort-2026-dipl-2', 8900],
  ['liam.oconnor', 'Liam', "O'Connor", 'cohort-2026-dipl-2', 2000],
  ['maya.singh', 'Maya', 'Singh', 'cohort-2024-cert-3', 0],
  ['noah.jones', 'Noah', 'Jones', 'cohort-2024-cert-3', 150],
];

const PROGRAM_PRICE: Partial<Record<string, number>> = {
  'Nursing Assistant': 2400,
  'Patient Care Technician': 5200,
  'MA(associates)': 9800,
  Phlebotomy: 1500,
  'Ultrasound Program': 8900,
  'EKG Technician': 1200,
};

const rosterStudents: StudentSpec[] = ROSTER.map(([username, firstName, lastName, cohortId, owed], i) => {
  const cohort = cohortOf(cohortId);
  const due = required(PROGRAM_PRICE[cohort.programName], `the price of ${cohort.programName}`);
  const paid = due - owed;
  return {
    username,
    firstName,
    lastName,
    cohortId,
    phone: `555-02${String(i + 10)}`,
    onPaymentPlan: i % 2 === 0,
    programs: [
      {
        type: cohort.programType,
        id: cohort.programName
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/-$/, ''),
        name: cohort.programName,
        due,
        nextDueDate: owed > 0 ? '2026-12-15' : null,
        payments: paid > 0 ? [[paid, cohort.startDate ?? '2026-10-01']] : [],
      },
    ],
  };
});

export const demoStudents: NewStudentLedger[] = [...mainStudents, ...rosterStudents].map(toLedger);

/** The card payments behind the seeded ledger payments, so the finance ledger and receipts show them. */
export const demoPayments: PaymentRecord[] = demoStudents.flatMap(({ profile, enrollments, entries }) =>
  entries
    .filter((e) => e.kind === 'payment')
    .map((e) => ({
      // toLedger gives every seeded payment its PaymentIntent id
      intentId: required(e.reference, `the reference of ${e.entryId}`),
      username: profile.username,
      studentName: `${profile.firstName} ${profile.lastName}`,
      createdAt: e.createdAt,
      updatedAt: e.createdAt,
      amountCents: e.amountCents,
      refundedCents: 0,
      currency: 'usd' as const,
      status: 'succeeded' as const,
      method: 'card',
      methodDetail: 'visa •••• 4242',
      failureMessage: null,
      refundIds: [],
      excess: null,
      items: [
        {
          programType: e.programType,
          programId: e.programId,
          amountCents: e.amountCents,
          refundedCents: 0,
          programName: enrollments.find((x) => x.programId === e.programId)?.programName ?? '',
        },
      ],
    })),
);
