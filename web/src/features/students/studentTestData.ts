import type { Cohort } from '#contract/cohorts';
import type { StudentRecordDocumentDto } from '#contract/documents';
import type { StudentSummary } from '#contract/student-admin';
import type { ImportDetail, ImportRowReport } from '#contract/student-import';
import type { MessageLogItem } from '#contract/notifications';
import type { PaymentPage, PaymentSummary } from '#contract/payments';
import type { StudentRecord } from '#contract/students';
import { sampleCohort } from '../../testing/fixtures';
import { jsonResponse, stubRequests } from '../../testing/test-utils';

/** Fixtures and a stubbed API for the student administration tests (shaped like the demo data). */
export { asAdmin } from '../../testing/test-utils';

const cohort = (overrides: Partial<Cohort> & Pick<Cohort, 'id'>) =>
  sampleCohort({ academic_year: '2026-2027', cohort_number: 2, program_name: 'Phlebotomy', student_count: 1, start_date: null, end_date: null, ...overrides });

export const phlebotomyCohort = cohort({ id: 'cohort-2026-cert-2' });
export const cohorts: Cohort[] = [
  phlebotomyCohort,
  cohort({ id: 'cohort-2025-cert-1', academic_year: '2025-2026', cohort_number: 1, program_name: 'Nursing Assistant' }),
  cohort({ id: 'cohort-2025-dipl-1', academic_year: '2025-2026', cohort_number: 1, program_type: 'diploma', program_name: 'Patient Care Technician' }),
];

const summary = (overrides: Partial<StudentSummary> & Pick<StudentSummary, 'username' | 'first_name' | 'last_name'>): StudentSummary => ({
  email: `${overrides.username}@students.example.edu`,
  phone_number: null,
  program: 'Phlebotomy',
  program_type: 'certificate',
  cohort_id: phlebotomyCohort.id,
  on_payment_plan: false,
  balance: 0,
  sign_in_enabled: true,
  created_at: '2026-09-01T09:00:00.000Z',
  ...overrides,
});

export const summaries: StudentSummary[] = [
  summary({ username: 'jane.doe', first_name: 'Jane', last_name: 'Doe', balance: 750 }),
  summary({ username: 'aisha.khan', first_name: 'Aisha', last_name: 'Khan', program: 'Nursing Assistant', cohort_id: 'cohort-2025-cert-1' }),
  summary({
    username: 'paul.smith',
    first_name: 'Paul',
    last_name: 'Smith',
    program: 'Patient Care Technician',
    program_type: 'diploma',
    cohort_id: 'cohort-2025-dipl-1',
    balance: 1200.5,
    sign_in_enabled: false,
  }),
];

/** Jane: enrolled in Phlebotomy (800 charged, 50 credited: 750 due), one payment of 100 recorded. */
export const jane: StudentRecord = {
  id: 'sub-jane',
  username: 'jane.doe',
  first_name: 'Jane',
  last_name: 'Doe',
  email: 'jane.doe@students.example.edu',
  phone_number: '555-0100',
  created_at: '2026-09-01T09:00:00.000Z',
  on_payment_plan: true,
  program: 'Phlebotomy',
  program_type: 'certificate',
  cohort_id: phlebotomyCohort.id,
  payment_details: {
    certificate_courses: [
      {
        id: 'phlebotomy',
        program_type: 'certificate',
        program_name: 'Phlebotomy',
        amount_due: 750,
        amount_paid: 100,
        next_due_date: '2026-12-15',
        payment_history: [{ id: 'e1', date: '2026-10-01T10:00:00.000Z', amount: 100, method: 'card', status: 'succeeded', reference: 'pi_paid' }],
      },
    ],
    diploma_programs: [],
    associate_programs: [],
    next_due_date: '2026-12-15',
  },
  sign_in_enabled: true,
  ledger_entries: [
    {
      id: 'e1',
      kind: 'payment',
      date: '2026-10-01T10:00:00.000Z',
      program_type: 'certificate',
      program_id: 'phlebotomy',
      program_name: 'Phlebotomy',
      amount: 100,
      reason: null,
      status: 'succeeded',
      method: 'card',
      reference: 'pi_paid',
    },
    {
      id: 'c2',
      kind: 'credit',
      date: '2026-09-15T10:00:00.000Z',
      program_type: 'certificate',
      program_id: 'phlebotomy',
      program_name: 'Phlebotomy',
      amount: 50,
      reason: 'Scholarship',
      status: null,
      method: null,
      reference: null,
    },
    {
      id: 'c1',
      kind: 'charge',
      date: '2026-09-01T10:00:00.000Z',
      program_type: 'certificate',
      program_id: 'phlebotomy',
      program_name: 'Phlebotomy',
      amount: 800,
      reason: 'Tuition',
      status: null,
      method: null,
      reference: null,
    },
  ],
};

export const newcomer: StudentRecord = {
  ...jane,
  id: 'sub-new',
  username: 'new.student',
  first_name: 'New',
  last_name: 'Student',
  payment_details: { certificate_courses: [], diploma_programs: [], associate_programs: [], next_due_date: null },
  ledger_entries: [],
};

const cardPayment = (overrides: Partial<PaymentSummary> & Pick<PaymentSummary, 'id' | 'payment_intent_id' | 'status' | 'created_at'>): PaymentSummary => ({
  username: 'jane.doe',
  student_name: 'Jane Doe',
  updated_at: overrides.created_at,
  amount: 100,
  amount_refunded: 0,
  currency: 'usd',
  method: 'card',
  method_detail: 'visa •••• 4242',
  failure_message: null,
  items: [{ program_type: 'certificate', program_id: 'phlebotomy', program_name: 'Phlebotomy', amount: 100 }],
  excess_refund: null,
  ...overrides,
});

/** The recorded payment again, and a declined attempt that no program records. */
export const janePayments: PaymentPage = {
  results: [
    cardPayment({ id: 'p2', payment_intent_id: 'pi_declined', status: 'failed', created_at: '2026-11-02T10:00:00.000Z', amount: 200 }),
    cardPayment({ id: 'p1', payment_intent_id: 'pi_paid', status: 'succeeded', created_at: '2026-10-01T10:00:00.000Z' }),
  ],
  next: null,
  count: 2,
  totals: { amount: 300, refunded: 0, succeeded: 100 },
};

const document = (overrides: Partial<StudentRecordDocumentDto> & Pick<StudentRecordDocumentDto, 'id' | 'title'>): StudentRecordDocumentDto => ({
  description: '',
  scope: 'individual',
  scope_display: 'Individual Students',
  category_id: null,
  category_name: 'Forms',
  cohort_id: phlebotomyCohort.id,
  cohort_details: null,
  program_type: null,
  assigned_students: [{ id: 'sub-jane', username: 'jane.doe', full_name: 'Jane Doe' }],
  file_name: 'file.pdf',
  file_type: 'pdf',
  file_size: 1000,
  s3_key: 'documents/x/file.pdf',
  s3_url: null,
  extracted_text: null,
  preview_text: null,
  is_public: false,
  is_mandatory: true,
  requires_signature: false,
  uploaded_at: '2026-09-10T12:00:00.000Z',
  uploaded_by_name: 'Ada Admin',
  acknowledged_at: null,
  signature: null,
  acknowledgement_required: true,
  ...overrides,
});

/** GET /api/documents/?student=jane.doe: every document that applies to Jane (all scopes), with her acknowledgements. */
export const janeDocuments: StudentRecordDocumentDto[] = [
  document({
    id: 'd1',
    title: 'Enrollment Agreement',
    requires_signature: true,
    acknowledged_at: '2026-09-12T15:00:00.000Z',
    signature: 'Jane Doe',
    acknowledgement_required: true,
  }),
  document({ id: 'd2', title: 'Immunization Form' }),
  document({
    id: 'd3',
    title: 'Student Handbook',
    scope: 'general',
    scope_display: 'General Resources',
    cohort_id: null,
    assigned_students: [],
    is_public: true,
    category_name: null,
  }),
  document({
    id: 'd4',
    title: 'Lab Safety Video',
    scope: 'program',
    scope_display: 'Program Materials',
    program_type: 'certificate',
    cohort_id: null,
    assigned_students: [],
    is_public: true,
    is_mandatory: false,
    acknowledgement_required: false,
  }),
];

/** GET /api/students/import/{id}/ of an import whose `rows` have their outcomes (of `total`, the rest still to do). */
export const importDetail = (rows: ImportRowReport[], over: Partial<ImportDetail> = {}): ImportDetail => {
  const total = over.total ?? rows.length;
  return {
    id: 'imp-1',
    file_name: 'students.csv',
    created_by: 'admin',
    created_at: '2026-09-01T09:00:00.000Z',
    finished_at: rows.length === total ? '2026-09-01T09:01:00.000Z' : null,
    status: rows.length === total ? 'done' : 'processing',
    total,
    processed: rows.length,
    created: rows.filter((r) => r.outcome === 'created').length,
    skipped: rows.filter((r) => r.outcome === 'exists').length,
    failed: rows.filter((r) => r.outcome === 'failed').length,
    rows,
    next: null,
    ...over,
  };
};

const message = (id: string, status: MessageLogItem['status'], subject: string, day: number): MessageLogItem => ({
  id,
  category: status === 'digested' ? 'reminder' : 'billing',
  subject,
  status,
  created_at: `2026-09-${String(day).padStart(2, '0')}T14:00:00.000Z`,
  updated_at: `2026-09-${String(day).padStart(2, '0')}T14:05:00.000Z`,
});

/** Jane's emails, newest first, in two pages (the second by the cursor "m2"). */
export const janeMessages: MessageLogItem[] = [
  message('m-4', 'bounced', 'Your payment failed', 20),
  message('m-3', 'delivered', 'Payment received', 18),
  message('m-2', 'suppressed', 'Your receipt', 16),
  message('m-1', 'digested', 'Documents to sign', 12),
];

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** What the stub answers: a JSON body (200), a Response, or a function of the call. */
export type Answer = unknown;

/** The demo answers, keyed "METHOD /path/". */
export function demoAnswers(): Record<string, Answer> {
  return {
    'GET /api/cohorts/': cohorts,
    'GET /api/students/': (call: Call) => {
      const search = call.query.get('search') ?? '';
      return summaries.filter((s) => s.username.includes(search) || `${s.first_name} ${s.last_name}`.toLowerCase().includes(search.toLowerCase()));
    },
    'GET /api/students/jane.doe/': jane,
    'GET /api/students/new.student/': newcomer,
    'GET /api/students/jane.doe/payments/': janePayments,
    'GET /api/students/new.student/payments/': { results: [], next: null, count: 0, totals: { amount: 0, refunded: 0, succeeded: 0 } },
    'GET /api/students/jane.doe/messages/': (call: Call) =>
      call.query.get('cursor') === 'm2' ? { results: janeMessages.slice(3), next: null, count: 4 } : { results: janeMessages.slice(0, 3), next: 'm2', count: 4 },
    'GET /api/students/new.student/messages/': { results: [], next: null, count: 0 },
    'GET /api/documents/': (call: Call) => ({ results: call.query.get('student') === 'jane.doe' ? janeDocuments : [], count: 0, next: null }),
  };
}

/** Stubs fetch with the answers and records every call. Unknown calls answer 404. */
export function stubStudentsApi(answers: Record<string, Answer> = demoAnswers()): Call[] {
  const calls: Call[] = [];
  stubRequests(async (request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.clone().text();
    const call: Call = { method: request.method, path: url.pathname, query: url.searchParams, body: text ? JSON.parse(text) : undefined };
    calls.push(call);
    const answer = answers[`${call.method} ${call.path}`];
    if (answer === undefined) return jsonResponse({ error: 'Not found' }, 404);
    const value = typeof answer === 'function' ? await (answer as (call: Call) => unknown)(call) : answer;
    return value instanceof Response ? value : jsonResponse(value);
  });
  return calls;
}
