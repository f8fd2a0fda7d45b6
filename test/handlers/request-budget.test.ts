/**
 * DynamoDB request budgets. Every read route is called against DynamoDB Local with fixtures
 * of two sizes (it returns 5, then 50 items) and must make the same, small number of read requests
 * (1, or 2 where it reads two item collections), never a Scan, and read no item it then throws away
 * (`ScannedCount == Count` on every Query: no FilterExpression waste). Routes that need more, or
 * filter, are listed in EXCEPTIONS below with the reason, and their counts are still pinned.
 *
 * Writes are counted apart: a staff read of a student record also puts its audit entry,
 * exactly one PutItem on an audit partition, whatever the answer holds; a case says `audited` and
 * any other write, or a second one, fails it.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { handler as getCohortRoster } from '../../lambdas/functions/cohorts/students.js';
import { handler as listCohorts } from '../../lambdas/functions/cohorts/list.js';
import { handler as courseCategories } from '../../lambdas/functions/courses/categories.js';
import { handler as listCourses } from '../../lambdas/functions/courses/list.js';
import { handler as courseStats } from '../../lambdas/functions/courses/stats.js';
import { handler as acknowledgements } from '../../lambdas/functions/documents/acknowledgements.js';
import { handler as documentCategories } from '../../lambdas/functions/documents/categories.js';
import { handler as download } from '../../lambdas/functions/documents/download.js';
import { handler as listDocuments } from '../../lambdas/functions/documents/list.js';
import { handler as listPayments } from '../../lambdas/functions/payments/list.js';
import { handler as getStudent } from '../../lambdas/functions/students/get.js';
import { handler as listStudents } from '../../lambdas/functions/students/list.js';
import { handler as studentPayments } from '../../lambdas/functions/students/payments.js';
import { handler as studentHolds } from '../../lambdas/functions/students/holds.js';
import { handler as planTemplates } from '../../lambdas/functions/payment-plans/templates-get.js';
import { handler as studentPlans } from '../../lambdas/functions/payment-plans/student-list.js';
import type { ProgramType } from '../../lambdas/contract/programs.js';
import type { ApiEvent, ApiResult } from '../../lambdas/http/types.js';
import type { RouteId } from '../../lambdas/routes.js';
import { Cohort } from '../../lambdas/store/cohort.js';
import { Acknowledgement, DocumentCategory, documentItems, type DocumentRecord } from '../../lambdas/store/document.js';
import { courseItems } from '../../lambdas/store/course.js';
import { paymentItems, type PaymentRecord } from '../../lambdas/store/payment.js';
import { studentItems } from '../../lambdas/store/student.js';
import { auditItem } from '../../lambdas/store/audit.js';
import { handler as listAudit } from '../../lambdas/functions/audit/list.js';
import { handler as importDetail } from '../../lambdas/functions/students/import-get.js';
import { handler as importsList } from '../../lambdas/functions/students/imports-list.js';
import { chunkRows, type StoredRow } from '../../lambdas/domain/import-rows.js';
import { createImport, recordRow } from '../../lambdas/store/student-import.js';
import { handler as listNotices } from '../../lambdas/functions/notifications/list.js';
import { handler as announcementList } from '../../lambdas/functions/announcements/list.js';
import { Announcement } from '../../lambdas/store/announcement.js';
import { handler as studentMessages } from '../../lambdas/functions/students/messages.js';
import { noticeId } from '../../lambdas/domain/notification-rules.js';
import { EmailMessage, writeNotice, type EmailMessageRecord } from '../../lambdas/store/notification.js';
import { handler as complianceRequirements } from '../../lambdas/functions/compliance/requirements-get.js';
import { handler as complianceStudent } from '../../lambdas/functions/compliance/student.js';
import { handler as complianceFile } from '../../lambdas/functions/compliance/file.js';
import { handler as complianceQueue } from '../../lambdas/functions/compliance/queue.js';
import { handler as cohortCompliance } from '../../lambdas/functions/compliance/cohort-grid.js';
import { complianceKeys, Requirement, Submission, type RequirementRecord, type SubmissionRecord } from '../../lambdas/store/compliance.js';
import { studentKeys } from '../../lambdas/store/student.js';
import { handler as listSitesRoute } from '../../lambdas/functions/clinical/sites-list.js';
import { handler as listRotations } from '../../lambdas/functions/clinical/rotations-list.js';
import { handler as rotationRoster } from '../../lambdas/functions/clinical/rotations-roster.js';
import { handler as shareRoster } from '../../lambdas/functions/clinical/rotations-share.js';
import { handler as sharedRoster } from '../../lambdas/functions/clinical/shared-roster.js';
import { Site, type SiteRecord } from '../../lambdas/store/clinical-site.js';
import { Member, newShareToken, Placement, Rotation, Share, type RotationRecord } from '../../lambdas/store/rotation.js';
import { apiEvent, invoke, type Caller } from './support/events.js';
import { storedTemplate, template } from './support/compliance.js';
import { cardPayment, putItems, uniqueName } from './support/fixtures.js';
import { traceRequests, type TracedRequest } from './support/request-counter.js';
import type { AuditAction } from '../../lambdas/contract/audit-actions.js';

const SIZES = [5, 50] as const;
const staff: Caller = { username: 'budget-staff', roles: ['staff'] };
const finance: Caller = { username: 'budget-finance', roles: ['finance'] };
const admin: Caller = { username: 'budget-admin', roles: ['admin'] };
const reviewer: Caller = { username: 'budget-compliance', roles: ['compliance'] };

const day = (i: number) => new Date(Date.UTC(2300, 0, 1) + i * 86_400_000).toISOString();
/** A year no other test writes payments in, so a date-range ledger returns exactly this fixture. */
let paymentYear = 2300 + Math.floor(Math.random() * 600);
const payment = (username: string, i: number, status: PaymentRecord['status'], year: number): PaymentRecord =>
  cardPayment({
    intentId: `pi_budget_${randomUUID()}`,
    username,
    studentName: 'Budget Student',
    createdAt: `${year}-03-01T00:00:${String(i % 60).padStart(2, '0')}.${String(i).padStart(3, '0')}Z`,
    amountCents: 10_000 + i,
    status,
  });

/** n card payments in a year of their own, each paid by `payer()`; resolves to that year. */
async function addPayments(n: number, payer: () => string, status: PaymentRecord['status'] = 'succeeded'): Promise<number> {
  const year = paymentYear++;
  await putItems(Array.from({ length: n }, (_, i) => paymentItems(payment(payer(), i, status, year))).flat());
  return year;
}

function student(username: string, opts: { cohortId?: string | null; programType?: ProgramType; payments?: number } = {}) {
  const programType = opts.programType ?? 'certificate';
  return studentItems({
    profile: {
      username,
      sub: '',
      firstName: 'Budget',
      lastName: `Last-${username}`,
      email: `${username}@example.edu`,
      phone: null,
      createdAt: '2100-09-01T00:00:00.000Z',
      onPaymentPlan: false,
      programType,
      programName: 'Phlebotomy',
      cohortId: opts.cohortId ?? null,
    },
    enrollments: [{ programType, programId: 'p1', programName: 'Phlebotomy', nextDueDate: null, enrolledAt: '2100-09-01T00:00:00.000Z' }],
    entries: Array.from({ length: opts.payments ?? 0 }, (_, i) => ({
      entryId: `e${i}`,
      kind: 'payment' as const,
      programType,
      programId: 'p1',
      amountCents: 100,
      createdAt: day(i),
      status: 'succeeded' as const,
      method: 'card',
      reference: `pi_${i}`,
    })),
  });
}

const cohort = (id = `budget-${randomUUID()}`, year = 3000 + Math.floor(Math.random() * 5000)) => ({
  id,
  academicYear: `${year}-${year + 1}`,
  cohortNumber: 1,
  programType: 'certificate' as const,
  programName: 'Phlebotomy',
  isActive: true,
  startDate: null,
  endDate: null,
  studentCount: 0,
});

const document = (over: Partial<DocumentRecord> = {}): DocumentRecord => ({
  // individual and private unless a case says otherwise: no other test's student ever sees these
  id: `doc-${randomUUID()}`,
  title: 'Budget document',
  description: '',
  scope: 'individual',
  categoryId: null,
  cohortId: null,
  programType: null,
  assignedStudents: [],
  fileName: 'budget.txt',
  fileType: 'txt',
  fileSize: 10,
  s3Key: 'documents/budget/budget.txt',
  extractedText: null,
  isPublic: false,
  isMandatory: false,
  requiresSignature: false,
  uploadedAt: new Date().toISOString(),
  uploadedBy: 'budget-staff',
  uploadedByName: 'Budget Staff',
  ...over,
});

/** `count` days from the start of a year no other test writes audit entries in (a day partition holds only the fixture). */
let auditYear = 6000 + Math.floor(Math.random() * 3000);
const auditDays = (count: number) => {
  const start = Date.UTC(auditYear++, 0, 1);
  return Array.from({ length: count }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
};
const auditDay = () => auditDays(1)[0]!;
const auditEntry = (actor: string, action: AuditAction, day: string, i: number) =>
  auditItem({ actor, action, entityType: 'course', entityId: `budget-${i}` }, `${day}T00:00:${String(i % 60).padStart(2, '0')}.${String(i).padStart(3, '0')}Z`);

const addCourses = (n: number) =>
  putItems(
    Array.from({ length: n }, () =>
      courseItems({
        id: randomUUID(),
        name: 'Biology',
        crn: `B-${randomUUID().slice(0, 8)}`,
        creditHours: 3,
        applicationPriceCents: null,
        tuitionPriceCents: 10_000,
        isCertificateCourse: false,
      }),
    ).flat(),
  );

/** An import of `rows` rows, every one of them reported, as the import job leaves it. */
async function importOf(rows: number): Promise<string> {
  const id = randomUUID();
  const stored: StoredRow[] = Array.from({ length: rows }, (_, i) => ({ line: i + 2, username: `budget-imp-${i}`, errors: ['email: must be an email address'] }));
  const chunks = chunkRows(stored);
  await createImport({ id, fileName: 'budget.csv', createdBy: 'budget-admin', createdAt: new Date().toISOString(), chunks });
  for (const [chunk, part] of chunks.entries()) {
    for (const row of part)
      await recordRow(id, chunk, { line: row.line, username: row.username, outcome: 'failed', reason: 'Email must be an email address.' }, new Date().toISOString());
  }
  return id;
}

/** n notices in a person's inbox, written as deliveries write them. */
async function notices(username: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const id = noticeId(new Date(Date.UTC(2026, 0, 1, 0, 0, i)), `budget${i}`);
    await writeNotice({
      notice: {
        id,
        username,
        category: 'billing',
        title: 'Payment received',
        body: 'x',
        link: null,
        createdAt: new Date().toISOString(),
        readAt: null,
        key: `budget|${username}|${i}`,
      },
      email: null,
      emailDay: null,
    });
  }
}

const emailOf = (username: string, i: number): EmailMessageRecord => ({
  id: noticeId(new Date(Date.UTC(2026, 0, 1, 0, 0, i)), `mail${i}`),
  username,
  address: `${username}@example.edu`,
  category: 'billing',
  subject: 'Payment received',
  template: 'payment_succeeded',
  params: {},
  status: 'delivered',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

/** A calendar day `days` from today (UTC). */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A requirement template of one cohort (a real one: PUT /api/compliance/requirements/ checks the cohorts of the set in force). */
const requirementOf = (cohortId: string, over: Partial<RequirementRecord> = {}): RequirementRecord =>
  storedTemplate(template(cohortId, { id: `budget-${randomUUID().slice(0, 8)}`, name: `Budget BLS ${randomUUID().slice(0, 6)}` }), over);

/** A submission with its pointer, as the submit handler stores them (i makes each one's time its own). */
function submissionItems(username: string, cohortId: string | null, requirementId: string, i: number, over: Partial<SubmissionRecord> = {}) {
  const record: SubmissionRecord = {
    id: randomUUID(),
    username,
    lastName: `Last-${username}`,
    cohortId,
    requirement_id: requirementId,
    kind: 'evidence',
    alternative: null,
    files: [{ key: `compliance/${username}/budget/${i}-card.pdf`, name: 'card.pdf', size: 1000, content_type: 'application/pdf' }],
    completed_on: dayFromToday(-100),
    expires_on: null,
    attested: false,
    note: '',
    status: 'pending',
    reason: null,
    submitted_by: username,
    submitted_at: new Date(Date.now() - 60_000 + i).toISOString(),
    decided_by: null,
    decided_at: null,
    ...over,
  };
  const { sk } = complianceKeys.submission(record.username, record.submitted_at, record.id);
  return { record, items: [Submission.item(record), { ...complianceKeys.pointer(record.id), type: 'compliance-pointer', username, submissionSk: sk }] };
}

/** A clinical site, written as the store writes one. */
const siteRecord = (): SiteRecord => ({
  id: randomUUID(),
  name: `Budget site ${randomUUID().slice(0, 8)}`,
  address: '',
  units: ['ICU'],
  contacts: [],
  requirement_ids: [],
  agreement: null,
  rotations: 0,
  updated_at: new Date().toISOString(),
});
const rotationRecord = (site: SiteRecord, n: number): RotationRecord => ({
  id: randomUUID(),
  site_id: site.id,
  site_name: site.name,
  unit: 'ICU',
  course_id: 'budget-course',
  course_name: 'Phlebotomy',
  instructor: 'Ina Structor',
  instructor_email: '',
  starts_on: dayFromToday(10),
  ends_on: dayFromToday(40),
  capacity: n,
  assigned: n,
  updated_at: new Date().toISOString(),
});

/**
 * A rotation with n students of one cohort on its roster (and its copy in each student's partition), the cohort
 * with a template nobody has met and a mandatory document nobody has acknowledged, as the stores write them. At 50
 * it is past a clinical group's capacity (40): written straight, as no route would, to show the reads per student.
 */
async function rosterOf(n: number) {
  const c = cohort();
  const site = siteRecord();
  const rotation = rotationRecord(site, n);
  const { capacity: _capacity, assigned: _assigned, updated_at: _updated, ...copy } = rotation;
  const usernames = Array.from({ length: n }, () => uniqueName('budget-rot'));
  const requirement = requirementOf(c.id);
  await putItems([
    Cohort.item(c),
    Requirement.item(requirement),
    Site.item({ ...site, rotations: 1 }),
    Rotation.item(rotation),
    ...documentItems(document({ scope: 'cohort', cohortId: c.id, isPublic: true, isMandatory: true })),
    ...usernames.flatMap((u) => [
      ...student(u, { cohortId: c.id, payments: 2 }),
      Member.item({ rotation_id: rotation.id, username: u, first_name: 'Budget', last_name: `Last-${u}`, assigned_at: rotation.updated_at, assigned_by: 'budget-compliance' }),
      Placement.item({ ...copy, username: u }),
    ]),
  ]);
  return { rotation, usernames, cohortId: c.id, requirementId: requirement.id };
}

/** A student's compliance record is one Query: the only one on their partition, and on no index. */
const oneQueryOfTheRecord = (username: string) => (requests: TracedRequest[]) => {
  const own = requests.filter((r) => r.command === 'QueryCommand' && (r.input.ExpressionAttributeValues as Record<string, unknown>)[':pk'] === studentKeys.student(username));
  expect(own.map((r) => r.input.IndexName)).toEqual([undefined]);
};
/** A Query of this index (the queue, the grid), never a Scan. */
const readsIndex = (index: string, pk: string) => (requests: TracedRequest[]) => {
  expect(
    requests.filter((r) => r.command === 'QueryCommand' && r.input.IndexName === index && (r.input.ExpressionAttributeValues as Record<string, unknown>)[':pk'] === pk),
  ).toHaveLength(1);
};

type Handler = (e: ApiEvent, c: any) => Promise<ApiResult>;
const call = (handler: Handler, id: RouteId, opts: Parameters<typeof apiEvent>[1]) => () => invoke(handler, apiEvent(id, opts));

interface Case {
  route: RouteId;
  what: string;
  /** Read requests per call, whatever the size. */
  requests: number;
  /** The call records a read of others' student records: one audit PutItem on top of the reads. */
  audited?: true;
  /** Builds a world of `n` items and answers the call, and how many items the answer holds. */
  setup: (n: number) => Promise<{ run: () => Promise<{ status?: number; body: any }>; returned: (body: any) => number; check?: (requests: TracedRequest[]) => void }>;
  /** Set only for the exceptions: why a Query filters after reading (ScannedCount > Count allowed). */
  filters?: string;
  /** The read commands, in any order, where a case pins which ones they are (`setup` may add a `check` of what they read). */
  commands?: string[];
  /**
   * Reads that grow by this many per item returned, pinned: a roster reads each student's own clinical file (their
   * rotations, submissions and ledger: one Query) and their acknowledgements (one Query), which no shared read can hold.
   */
  perItem?: number;
  /** The answer's status where it is not 200 (a share is created: 201). */
  status?: number;
  /** Writes other than a read's audit entry, by command (a share is stored with its audit entry in one transaction). */
  writes?: string[];
}

/**
 * Within budget: one request, or two where the route reads two item collections.
 *  - cohorts-students: the cohort item (404 for an unknown cohort) and its roster collection.
 *  - documents-list (staff): the page of the feed and one BatchGet of the cohorts and categories it names.
 *  - documents-download (student): the document and the reader's profile (what applies to them), in parallel.
 *  - notifications-list: the page of notices and the inbox's unread count, in parallel.
 *  - students-messages: the student's profile (404 for an unknown one) and the page of their emails, in parallel.
 */
const WITHIN_BUDGET: Case[] = [
  {
    // every site is in one partition (a school has tens)
    route: 'clinical-sites-list',
    what: 'every clinical site (n of them among the other tests’)',
    requests: 1,
    commands: ['QueryCommand'],
    setup: async (n) => {
      await putItems(Array.from({ length: n }, () => Site.item(siteRecord())));
      return { run: call(listSitesRoute, 'clinical-sites-list', { caller: reviewer }), returned: (b) => b.length };
    },
  },
  {
    route: 'rotations-list',
    what: "a page of a site's n rotations (gsi2, by last day)",
    requests: 1,
    commands: ['QueryCommand'],
    setup: async (n) => {
      const site = siteRecord();
      await putItems(Array.from({ length: n }, () => Rotation.item(rotationRecord(site, 4))));
      return {
        run: call(listRotations, 'rotations-list', { caller: reviewer, query: { site_id: site.id, from: dayFromToday(0), limit: '100' } }),
        returned: (b) => b.results.length,
      };
    },
  },
  {
    // the link's snapshot is one item, read by its token's hash; each opening is audited (the one PutItem)
    route: 'shared-roster',
    what: 'a shared roster of n students, opened by the site',
    requests: 1,
    audited: true,
    commands: ['GetItemCommand'],
    setup: async (n) => {
      const { token, tokenHash } = newShareToken();
      const at = new Date().toISOString();
      await putItems([
        Share.item({
          id: randomUUID(),
          rotation_id: randomUUID(),
          recipient: 'Budget General',
          shared_by: 'budget-compliance',
          shared_at: at,
          expires_at: new Date(Date.now() + 86_400_000).toISOString(),
          override_reason: null,
          tokenHash,
          roster: {
            site_name: 'Budget General',
            unit: 'ICU',
            course_name: 'Phlebotomy',
            instructor: 'Ina Structor',
            starts_on: dayFromToday(10),
            ends_on: dayFromToday(40),
            students: Array.from({ length: n }, (_, i) => ({ first_name: 'Budget', last_name: `Last-${i}`, cleared: true, requirements: [] })),
          },
        }),
      ]);
      return { run: call(sharedRoster, 'shared-roster', { pathParameters: { token } }), returned: (b) => b.students.length };
    },
  },
  {
    route: 'notifications-list',
    what: "a page of a person's n notices with the unread count",
    requests: 2,
    setup: async (n) => {
      const username = uniqueName('budget-inbox');
      await notices(username, n);
      return { run: call(listNotices, 'notifications-list', { caller: { username }, query: { limit: '100' } }), returned: (b) => b.results.length };
    },
  },
  {
    route: 'announcements-list',
    what: 'a page of announcements, newest first (gsi1)',
    requests: 1,
    setup: async (n) => {
      const at = new Date().toISOString();
      await putItems(
        Array.from({ length: n }, (_, i) =>
          Announcement.item({
            id: randomUUID(),
            subject: `Budget ${i}`,
            body: 'x',
            audience: 'general',
            programType: null,
            cohortId: null,
            usernames: [],
            sendEmail: false,
            sendAt: at,
            status: 'sent',
            recipientCount: 0,
            flagged: {},
            createdBy: 'budget-staff',
            createdAt: at,
            sentAt: at,
          }),
        ),
      );
      return { run: call(announcementList, 'announcements-list', { caller: staff, query: { limit: '100' } }), returned: (b) => b.results.length };
    },
  },
  {
    route: 'students-messages',
    what: "a page of a student's n emails",
    requests: 2,
    audited: true,
    setup: async (n) => {
      const username = uniqueName('budget-mail');
      await putItems([...student(username, { payments: 0 }), ...Array.from({ length: n }, (_, i) => EmailMessage.item(emailOf(username, i)))]);
      return { run: call(studentMessages, 'students-messages', { caller: staff, pathParameters: { username }, query: { limit: '100' } }), returned: (b) => b.results.length };
    },
  },
  {
    route: 'students-get',
    what: 'a student record with n payments in its bill',
    requests: 1,
    audited: true,
    setup: async (n) => {
      const username = uniqueName('budget-get');
      await putItems(student(username, { payments: n }));
      return {
        run: call(getStudent, 'students-get', { caller: staff, pathParameters: { username } }),
        returned: (b) => b.payment_details.certificate_courses[0].payment_history.length,
      };
    },
  },
  {
    // the student's collection and the hold rules: two collections, whatever the ledger holds
    route: 'students-holds',
    what: "a student's holds, with n payments in their ledger, read by finance",
    requests: 2,
    audited: true,
    commands: ['QueryCommand', 'QueryCommand'],
    setup: async (n) => {
      const username = uniqueName('budget-holds');
      await putItems(student(username, { payments: n }));
      return { run: call(studentHolds, 'students-holds', { caller: finance, pathParameters: { username } }), returned: () => Infinity, check: oneQueryOfTheRecord(username) };
    },
  },
  {
    // the bill and the plans are one Query of the student's partition
    route: 'students-payment-plans-list',
    what: "a student's plans, with n payments in their ledger, read by finance",
    requests: 1,
    audited: true,
    setup: async (n) => {
      const username = uniqueName('budget-plans');
      await putItems(student(username, { payments: n }));
      return {
        run: call(studentPlans, 'students-payment-plans-list', { caller: finance, pathParameters: { username } }),
        returned: () => Infinity,
        check: oneQueryOfTheRecord(username),
      };
    },
  },
  {
    // one partition, at most 30 templates (the contract) and the rules: one Query page, counted on whatever other tests stored
    route: 'payment-plan-templates-get',
    what: 'the plan templates and hold rules',
    requests: 1,
    commands: ['QueryCommand'],
    setup: async () => ({ run: call(planTemplates, 'payment-plan-templates-get', { caller: { username: uniqueName('budget-plans') } }), returned: () => Infinity }),
  },
  {
    route: 'students-payments',
    what: "a student's n card payments",
    requests: 1,
    setup: async (n) => {
      const username = uniqueName('budget-pay');
      await addPayments(n, () => username);
      return { run: call(studentPayments, 'students-payments', { caller: { username }, pathParameters: { username } }), returned: (b) => b.results.length };
    },
  },
  {
    route: 'students-payments',
    what: "a student's n card payments, read by finance",
    requests: 1,
    audited: true,
    setup: async (n) => {
      const username = uniqueName('budget-pay-fin');
      await addPayments(n, () => username);
      return { run: call(studentPayments, 'students-payments', { caller: finance, pathParameters: { username } }), returned: (b) => b.results.length };
    },
  },
  {
    route: 'payments-list',
    what: 'the finance ledger of one date range (gsi2)',
    requests: 1,
    audited: true,
    setup: async (n) => {
      const year = await addPayments(n, () => uniqueName('budget-feed'));
      return { run: call(listPayments, 'payments-list', { caller: finance, query: { from: `${year}-01-01`, to: `${year}-12-31` } }), returned: (b) => b.results.length };
    },
  },
  {
    route: 'payments-list',
    what: 'the finance ledger by status (gsi1)',
    requests: 1,
    audited: true,
    setup: async (n) => {
      const year = await addPayments(n, () => uniqueName('budget-status'), 'failed');
      return {
        run: call(listPayments, 'payments-list', { caller: finance, query: { status: 'failed', from: `${year}-01-01`, to: `${year}-12-31` } }),
        returned: (b) => b.results.length,
      };
    },
  },
  {
    route: 'payments-list',
    what: "one student's payments (their collection)",
    requests: 1,
    audited: true,
    setup: async (n) => {
      const username = uniqueName('budget-ledger');
      await addPayments(n, () => username);
      return { run: call(listPayments, 'payments-list', { caller: finance, query: { username } }), returned: (b) => b.results.length };
    },
  },
  {
    route: 'courses-list',
    what: 'every course (unpaged, as the SPA reads it)',
    requests: 1,
    setup: async (n) => {
      await addCourses(n);
      return { run: call(listCourses, 'courses-list', { caller: staff }), returned: (b) => b.length };
    },
  },
  {
    route: 'courses-list',
    what: 'one page of n courses (limit)',
    requests: 1,
    setup: async (n) => {
      await addCourses(n);
      return { run: call(listCourses, 'courses-list', { caller: staff, query: { limit: String(n) } }), returned: (b) => b.results.length };
    },
  },
  {
    route: 'courses-categories',
    what: 'the catalog by category',
    requests: 1,
    setup: async (n) => {
      await addCourses(n);
      return { run: call(courseCategories, 'courses-categories', { caller: staff }), returned: (b) => b.reduce((s: number, c: { courses: unknown[] }) => s + c.courses.length, 0) };
    },
  },
  {
    route: 'courses-stats',
    what: 'catalog statistics',
    requests: 1,
    setup: async (n) => {
      await addCourses(n);
      return { run: call(courseStats, 'courses-stats', { caller: staff }), returned: (b) => b.total_courses };
    },
  },
  {
    route: 'cohorts-list',
    what: 'every cohort',
    requests: 1,
    setup: async (n) => {
      await putItems(Array.from({ length: n }, () => Cohort.item(cohort())));
      return { run: call(listCohorts, 'cohorts-list', { caller: staff }), returned: (b) => b.length };
    },
  },
  {
    route: 'cohorts-students',
    what: 'a roster of n students with their bills',
    requests: 2,
    audited: true,
    setup: async (n) => {
      const c = cohort();
      await putItems([Cohort.item(c), ...Array.from({ length: n }, () => student(uniqueName('budget-roster'), { cohortId: c.id, payments: 3 })).flat()]);
      return { run: call(getCohortRoster, 'cohorts-students', { caller: staff, pathParameters: { id: c.id } }), returned: (b) => b.length };
    },
  },
  {
    route: 'students-list',
    what: "the spec's roster fallback (?cohort_id)",
    requests: 1,
    audited: true,
    setup: async (n) => {
      const c = cohort();
      await putItems(Array.from({ length: n }, () => student(uniqueName('budget-fallback'), { cohortId: c.id, payments: 3 })).flat());
      return { run: call(listStudents, 'students-list', { caller: staff, query: { cohort_id: c.id } }), returned: (b) => b.length };
    },
  },
  {
    route: 'students-list',
    what: 'one page of the admin list of one program type',
    requests: 1,
    audited: true,
    setup: async (n) => {
      await putItems(Array.from({ length: n }, () => student(uniqueName('budget-admin'), { programType: 'diploma' })).flat());
      return { run: call(listStudents, 'students-list', { caller: staff, query: { program_type: 'diploma', limit: String(n) } }), returned: (b) => b.results.length };
    },
  },
  {
    route: 'document-categories-list',
    what: 'every document category',
    requests: 1,
    setup: async (n) => {
      await putItems(Array.from({ length: n }, () => DocumentCategory.item({ id: `cat-${randomUUID()}`, name: `Budget ${randomUUID().slice(0, 6)}` })));
      return { run: call(documentCategories, 'document-categories-list', { caller: staff }), returned: (b) => b.length };
    },
  },
  {
    route: 'documents-list',
    what: 'a staff page of n documents (unfiltered)',
    requests: 2,
    setup: async (n) => {
      const category = DocumentCategory.item({ id: `cat-${randomUUID()}`, name: 'Budget documents' });
      await putItems([category, ...Array.from({ length: n }, () => documentItems(document({ categoryId: String(category.id) }))).flat()]);
      return { run: call(listDocuments, 'documents-list', { caller: staff, query: { limit: String(n) } }), returned: (b) => b.results.length };
    },
  },
  {
    route: 'documents-download',
    what: "a student's download of a document of their cohort",
    requests: 2,
    setup: async () => {
      const c = cohort();
      const username = uniqueName('budget-dl');
      const doc = document({ scope: 'cohort', cohortId: c.id, isPublic: true });
      await putItems([...student(username, { cohortId: c.id }), ...documentItems(doc)]);
      return { run: call(download, 'documents-download', { caller: { username }, pathParameters: { id: doc.id } }), returned: (b) => (b.download_url ? Infinity : 0) };
    },
  },
  {
    route: 'audit-list',
    what: "one user's n entries (gsi1)",
    requests: 1,
    setup: async (n) => {
      const [actor, day] = [uniqueName('budget-actor'), auditDay()];
      await putItems(Array.from({ length: n }, (_, i) => auditEntry(actor, 'course.update', day, i)));
      return { run: call(listAudit, 'audit-list', { caller: admin, query: { actor, limit: String(n) } }), returned: (b) => b.results.length };
    },
  },
  {
    route: 'audit-list',
    what: "one action's n entries (gsi2)",
    requests: 1,
    setup: async (n) => {
      // an action of its own (no writer records it), so the fixture is alone in that action's index
      const action = `budget.${randomUUID().slice(0, 8).replace(/[0-9]/g, 'x')}` as AuditAction;
      const day = auditDay();
      await putItems(Array.from({ length: n }, (_, i) => auditEntry(uniqueName('budget-actor'), action, day, i)));
      return { run: call(listAudit, 'audit-list', { caller: admin, query: { action, limit: String(n) } }), returned: (b) => b.results.length };
    },
  },
  {
    route: 'audit-list',
    what: 'one day of n entries (its day partition)',
    requests: 1,
    setup: async (n) => {
      const day = auditDay();
      await putItems(Array.from({ length: n }, (_, i) => auditEntry(uniqueName('budget-actor'), 'course.create', day, i)));
      return { run: call(listAudit, 'audit-list', { caller: admin, query: { from: day, to: day, limit: String(n) } }), returned: (b) => b.results.length };
    },
  },
  {
    route: 'students-import-get',
    what: 'an import of n rows: its progress and a page of its report',
    requests: 2,
    setup: async (n) => {
      const id = await importOf(n);
      return { run: call(importDetail, 'students-import-get', { caller: admin, pathParameters: { id } }), returned: (b) => b.rows.length };
    },
  },
  {
    route: 'students-imports-list',
    what: 'a page of n imports, newest first (gsi1)',
    requests: 1,
    setup: async (n) => {
      for (let i = 0; i < n; i++) await importOf(1);
      return { run: call(importsList, 'students-imports-list', { caller: admin, query: { limit: String(n) } }), returned: (b) => b.results.length };
    },
  },
  {
    // retired templates stay in the partition (students' histories name them): n of them and one in force
    route: 'compliance-requirements-get',
    what: 'the templates in force (their partition, n retired ones in it)',
    requests: 1,
    commands: ['QueryCommand'],
    setup: async (n) => {
      const c = cohort();
      const live = requirementOf(c.id);
      await putItems([Cohort.item(c), Requirement.item(live), ...Array.from({ length: n }, () => Requirement.item(requirementOf(c.id, { retired: true })))]);
      return {
        run: call(complianceRequirements, 'compliance-requirements-get', { caller: { username: uniqueName('budget-req') } }),
        returned: (b) => (b.requirements.some((r: { id: string }) => r.id === live.id) ? Infinity : 0),
      };
    },
  },
  {
    // the pointer by id, then the submission in its student's partition (the answer is a presigned URL: no S3 request)
    route: 'compliance-file',
    what: "a reviewer's preview of a file of a student with n submissions",
    requests: 2,
    audited: true,
    commands: ['GetItemCommand', 'GetItemCommand'],
    setup: async (n) => {
      const username = uniqueName('budget-file');
      const subs = Array.from({ length: n }, (_, i) => submissionItems(username, null, 'budget-none', i));
      await putItems([...student(username), ...subs.flatMap((x) => x.items)]);
      return {
        run: call(complianceFile, 'compliance-file', { caller: reviewer, pathParameters: { id: subs[0]!.record.id, index: '0' } }),
        returned: (b) => (b.download_url ? Infinity : 0),
      };
    },
  },
];

/**
 * Budget exceptions: the count is still pinned and must not grow with the data, but is above 2, or a
 * Query filters after reading. Each says why.
 */
const EXCEPTIONS: Case[] = [
  {
    // As above, and with a rotation and a cohort document to acknowledge: the student's acknowledgements (one Query of
    // gsi2) and the sites (one Query: the extra requirements of the rotation's site). Seven, whatever the history holds.
    route: 'compliance-student',
    what: "a student's own record with a rotation and a cohort document to acknowledge: n submissions",
    requests: 7,
    commands: ['GetItemCommand', 'QueryCommand', 'QueryCommand', 'QueryCommand', 'QueryCommand', 'QueryCommand', 'QueryCommand'],
    setup: async (n) => {
      const { cohortId, requirementId, usernames } = await rosterOf(1);
      const username = usernames[0]!;
      await putItems(Array.from({ length: n }, (_, i) => submissionItems(username, cohortId, requirementId, i).items).flat());
      return {
        run: call(complianceStudent, 'compliance-student', { caller: { username }, pathParameters: { username } }),
        returned: (b) => b.requirements.find((r: { requirement: { id: string } }) => r.requirement.id === requirementId).history.length,
        check: oneQueryOfTheRecord(username),
      };
    },
  },
  {
    // The rotation and its roster are one Query of its partition; then each student's clinical file (one Query: their
    // rotations, submissions and ledger) and, as their cohort has a document to acknowledge, their acknowledgements (one
    // Query of gsi2). What they share is read once: the templates, the sites and the hold rules (a Query each), the
    // cohort (GetItem) and its documents (a Query of gsi1). Six, and two per student; audited as a read of the students shown.
    route: 'rotations-roster',
    what: 'the roster of a rotation of n students of one cohort, each cleared or not',
    requests: 6,
    perItem: 2,
    audited: true,
    setup: async (n) => {
      const { rotation } = await rosterOf(n);
      return { run: call(rotationRoster, 'rotations-roster', { caller: reviewer, pathParameters: { id: rotation.id } }), returned: (b) => b.students.length };
    },
  },
  {
    // The roster's reads (above), then the share and its audit entry in one TransactWriteItems (the record of the
    // disclosure); no read is audited apart. The answer is the link: the n students are in the stored snapshot
    // (clinical-clearance.test.ts reads it back through the link).
    route: 'rotations-share',
    what: 'sharing the roster of a rotation of n students (none cleared: with a reason)',
    requests: 6,
    perItem: 2,
    status: 201,
    writes: ['TransactWriteCommand'],
    setup: async (n) => {
      const { rotation } = await rosterOf(n);
      return {
        run: call(shareRoster, 'rotations-share', { caller: reviewer, pathParameters: { id: rotation.id }, body: { recipient: 'Budget General', override_reason: 'Budget' } }),
        returned: (b) => (b.overridden === true && typeof b.path === 'string' ? n : 0),
      };
    },
  },
  {
    // Without a user or action, the log is read day partition by day partition (newest first) until
    // the page is full: one Query per day the page reaches, at most 31 (the range is capped). Here n
    // entries on each of three days of a range of four (one empty): a page of 3n reads all four days.
    route: 'audit-list',
    what: 'a page across the days of a range (one Query per day)',
    requests: 4,
    setup: async (n) => {
      const days = auditDays(4);
      await putItems([days[0]!, days[1]!, days[3]!].flatMap((d) => Array.from({ length: n }, (_, i) => auditEntry(uniqueName('budget-actor'), 'course.create', d, i))));
      return { run: call(listAudit, 'audit-list', { caller: admin, query: { from: days[0]!, to: days[3]!, limit: String(3 * n) } }), returned: (b) => b.results.length };
    },
  },
  {
    // User and action together: the user's entries (gsi1) filtered by action, so the waste is bounded
    // by that user's entries; a page is filled from batches of 100 (here the user's n matches and n others).
    route: 'audit-list',
    what: "one user's entries of one action",
    requests: 1,
    filters: "action within one user's entries",
    setup: async (n) => {
      const [actor, day] = [uniqueName('budget-actor'), auditDay()];
      await putItems(Array.from({ length: n }, (_, i) => [auditEntry(actor, 'course.create', day, i), auditEntry(actor, 'course.delete', day, i + 500)]).flat());
      return { run: call(listAudit, 'audit-list', { caller: admin, query: { actor, action: 'course.create', limit: '200' } }), returned: (b) => b.results.length };
    },
  },
  {
    // Profiles live in one gsi2 collection per program type (and one for none), ordered by last name:
    // a page merges four Queries of at most `limit` each. One collection would need a third index.
    route: 'students-list',
    what: 'one page of the admin list of every program type',
    requests: 4,
    audited: true,
    setup: async (n) => {
      await putItems(Array.from({ length: n }, () => student(uniqueName('budget-all'))).flat());
      return { run: call(listStudents, 'students-list', { caller: staff, query: { limit: String(n) } }), returned: (b) => b.results.length };
    },
  },
  {
    // What applies to a student comes from several collections: their profile (GetItem), the general,
    // program and cohort collections (three Queries), their own assignments and acknowledgements (one
    // Query), the assigned documents (BatchGet), and the cohorts and categories named (BatchGet).
    route: 'documents-list',
    what: "a student's documents (n of their cohort, one assigned to them)",
    requests: 7,
    setup: async (n) => {
      const c = cohort();
      const username = uniqueName('budget-reader');
      const mine = document({ scope: 'individual', isPublic: false, assignedStudents: [{ username, id: username, firstName: 'Budget', lastName: 'Reader' }] });
      await putItems([
        Cohort.item(c),
        ...student(username, { cohortId: c.id }),
        ...documentItems(mine),
        ...Array.from({ length: n }, () => documentItems(document({ scope: 'cohort', cohortId: c.id, isPublic: true }))).flat(),
      ]);
      return { run: call(listDocuments, 'documents-list', { caller: { username } }), returned: (b) => b.results.length };
    },
  },
  {
    // The audience of a cohort document is its roster's profiles, read from the roster collection,
    // which also holds every member's enrollments and ledger entries (so a roster with bills is one
    // Query): `#type = student` filters those out. Bounded by one cohort's items, in one Query.
    route: 'documents-acknowledgements',
    what: 'who acknowledged a cohort document (n members, n acknowledgements)',
    requests: 2,
    filters: 'the audience Query keeps only the profiles of the roster collection',
    setup: async (n) => {
      const c = cohort();
      const doc = document({ scope: 'cohort', cohortId: c.id, isPublic: true, isMandatory: true });
      const members = Array.from({ length: n }, () => uniqueName('budget-ack'));
      await putItems([
        ...documentItems(doc),
        ...members.flatMap((u) => student(u, { cohortId: c.id, payments: 2 })),
        ...members.map((u) => Acknowledgement.item({ documentId: doc.id, username: u, fullName: u, signature: null, acknowledgedAt: new Date().toISOString() })),
      ]);
      return { run: call(acknowledgements, 'documents-acknowledgements', { caller: staff, pathParameters: { id: doc.id } }), returned: (b) => b.acknowledged.length };
    },
  },
  {
    // The staff list's filters (scope, category, cohort, search in the text, student names) apply to
    // the feed of every document with a FilterExpression: `search` and `student_name` match inside
    // text, which no key can do. A page is filled before it is answered (documents.test.ts relies on
    // full pages), reading on 200 documents per Query: pinned here with the matches at the top of the
    // feed; sparse matches make more Queries per page.
    route: 'documents-list',
    what: 'a staff page filtered by category',
    requests: 2,
    filters: "the spec's document filters over the staff feed",
    setup: async (n) => {
      const category = DocumentCategory.item({ id: `cat-${randomUUID()}`, name: 'Budget filtered' });
      await putItems([
        category,
        ...Array.from({ length: n }, () => documentItems(document())).flat(),
        ...Array.from({ length: n }, () => documentItems(document({ categoryId: String(category.id) }))).flat(),
      ]);
      return { run: call(listDocuments, 'documents-list', { caller: staff, query: { category_id: String(category.id), limit: String(n) } }), returned: (b) => b.results.length };
    },
  },
  {
    // A payment's status changes, so it cannot be in the student collection's sort key, and both
    // indexes already serve the cross-student ledger (by date, by status). Student and status
    // together read that student's payments of the date range and filter by status: the waste is
    // bounded by one student's payments. A third index (or a status-keyed copy) would remove it.
    route: 'payments-list',
    what: "one student's payments of one status",
    requests: 1,
    audited: true,
    filters: 'status within one student collection',
    setup: async (n) => {
      const username = uniqueName('budget-both');
      const year = paymentYear++;
      await putItems(
        Array.from({ length: n }, (_, i) => [payment(username, i, 'succeeded', year), payment(username, i + 500, 'failed', year)])
          .flat()
          .flatMap(paymentItems),
      );
      // limit 200: the filter applies after Limit, so a page of 50 could come back short
      return { run: call(listPayments, 'payments-list', { caller: finance, query: { username, status: 'succeeded', limit: '200' } }), returned: (b) => b.results.length };
    },
  },
  {
    // The student's clinical file is one Query of their partition (profile, rotations, submissions and ledger, since
    // clearance also weighs financial holds); what applies needs the templates (one Query) and the cohort (GetItem: its
    // start, for the due days); the holds need their rules (one Query of the plan settings); the cohort's documents to
    // acknowledge are one Query of gsi1 (none here, so their acknowledgements are not read), and the sites only when
    // they have rotations (none here): five requests, whatever the history holds.
    route: 'compliance-student',
    what: "a student's own record: n submissions of one requirement",
    requests: 5,
    commands: ['GetItemCommand', 'QueryCommand', 'QueryCommand', 'QueryCommand', 'QueryCommand'],
    setup: async (n) => {
      const c = cohort();
      const username = uniqueName('budget-compl');
      const req = requirementOf(c.id);
      await putItems([
        Cohort.item(c),
        Requirement.item(req),
        ...student(username, { cohortId: c.id, payments: 3 }),
        ...Array.from({ length: n }, (_, i) => submissionItems(username, c.id, req.id, i).items).flat(),
      ]);
      return {
        run: call(complianceStudent, 'compliance-student', { caller: { username }, pathParameters: { username } }),
        returned: (b) => b.requirements.find((r: { requirement: { id: string } }) => r.requirement.id === req.id).history.length,
        check: oneQueryOfTheRecord(username),
      };
    },
  },
  {
    route: 'compliance-student',
    what: "a compliance reviewer's read of a student's record (audited)",
    requests: 5,
    audited: true,
    commands: ['GetItemCommand', 'QueryCommand', 'QueryCommand', 'QueryCommand', 'QueryCommand'],
    setup: async (n) => {
      const c = cohort();
      const username = uniqueName('budget-compl');
      const req = requirementOf(c.id);
      await putItems([
        Cohort.item(c),
        Requirement.item(req),
        ...student(username, { cohortId: c.id }),
        ...Array.from({ length: n }, (_, i) => submissionItems(username, c.id, req.id, i).items).flat(),
      ]);
      return {
        run: call(complianceStudent, 'compliance-student', { caller: reviewer, pathParameters: { username } }),
        returned: (b) => b.requirements.find((r: { requirement: { id: string } }) => r.requirement.id === req.id).history.length,
        check: oneQueryOfTheRecord(username),
      };
    },
  },
  {
    // A page of the queue (gsi2, oldest first), the templates (their names) and one BatchGet of the students'
    // names: three requests, audited as a read of the students shown.
    route: 'compliance-queue',
    what: 'a page of n submissions waiting for review (gsi2)',
    requests: 3,
    audited: true,
    commands: ['QueryCommand', 'QueryCommand', 'BatchGetItemCommand'],
    setup: async (n) => {
      const req = requirementOf(cohort().id, { retired: true });
      const subs = Array.from({ length: n }, (_, i) => submissionItems(uniqueName('budget-queue'), null, req.id, i));
      await putItems([Requirement.item(req), ...subs.flatMap((x) => [...student(x.record.username), ...x.items])]);
      return {
        // the queue is the school's (other tests' submissions wait in it too): a full page of n, whoever's
        run: call(complianceQueue, 'compliance-queue', { caller: reviewer, query: { limit: String(n) } }),
        returned: (b) => b.results.length,
        check: readsIndex('gsi2', complianceKeys.queue),
      };
    },
  },
  {
    route: 'compliance-queue',
    what: 'a page of n approvals expiring within 30 days (gsi2, by expiry day)',
    requests: 3,
    audited: true,
    commands: ['QueryCommand', 'QueryCommand', 'BatchGetItemCommand'],
    setup: async (n) => {
      const req = requirementOf(cohort().id, { retired: true });
      const subs = Array.from({ length: n }, (_, i) =>
        submissionItems(uniqueName('budget-expiring'), null, req.id, i, {
          status: 'approved',
          expires_on: dayFromToday(2),
          decided_by: 'budget-compliance',
          decided_at: new Date().toISOString(),
        }),
      );
      await putItems([Requirement.item(req), ...subs.flatMap((x) => [...student(x.record.username), ...x.items])]);
      return {
        run: call(complianceQueue, 'compliance-queue', { caller: reviewer, query: { status: 'expiring', limit: String(n) } }),
        returned: (b) =>
          b.results.filter((e: { submission: { status: string; expires_on: string } }) => e.submission.status === 'approved' && e.submission.expires_on <= dayFromToday(31)).length,
        check: readsIndex('gsi2', complianceKeys.expiry),
      };
    },
  },
  {
    // The cohort (GetItem: 404, its start), its roster's profiles (the roster collection, whose enrollments and
    // ledger entries `#type = student` leaves out, as documents-acknowledgements), the cohort's submissions (gsi1:
    // one Query) and the templates (one Query): four, audited as a read of every student shown.
    route: 'cohorts-compliance',
    what: 'the grid of a cohort of n students, each with a submission',
    requests: 4,
    audited: true,
    filters: 'the roster Query keeps only the profiles of the roster collection',
    commands: ['GetItemCommand', 'QueryCommand', 'QueryCommand', 'QueryCommand'],
    setup: async (n) => {
      const c = cohort();
      const req = requirementOf(c.id);
      const members = Array.from({ length: n }, () => uniqueName('budget-grid'));
      await putItems([
        Cohort.item(c),
        Requirement.item(req),
        ...members.flatMap((u, i) => [...student(u, { cohortId: c.id, payments: 2 }), ...submissionItems(u, c.id, req.id, i).items]),
      ]);
      return {
        run: call(cohortCompliance, 'cohorts-compliance', { caller: reviewer, pathParameters: { id: c.id } }),
        returned: (b) => b.students.filter((s: { statuses: Record<string, { status: string }> }) => s.statuses[req.id]?.status === 'pending').length,
        check: readsIndex('gsi1', complianceKeys.cohort(c.id)),
      };
    },
  },
];

/** Commands that write (a read route may send only the audit PutItem of its `audited` case). */
const WRITES = ['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'BatchWriteItemCommand', 'TransactWriteItemsCommand'].flatMap((low) => [
  low,
  low.replace('ItemCommand', 'Command').replace('ItemsCommand', 'Command'),
]);
/** The partition key of a written item, as the document client or the low-level client holds it. */
const writtenPk = (r: TracedRequest) => {
  const pk = (r.input.Item as Record<string, unknown> | undefined)?.pk;
  return typeof pk === 'object' && pk !== null ? String((pk as { S?: string }).S) : String(pk);
};

function checkRequests(requests: TracedRequest[], filters: string | undefined) {
  for (const r of requests) expect(r.command).not.toBe('ScanCommand');
  for (const query of requests.filter((r) => r.command === 'QueryCommand')) {
    const { Count, ScannedCount } = query.output as { Count: number; ScannedCount: number };
    if (filters) expect(ScannedCount).toBeGreaterThanOrEqual(Count);
    else expect({ filter: query.input.FilterExpression, ScannedCount }).toEqual({ filter: undefined, ScannedCount: Count });
  }
}

describe('DynamoDB requests per read route', () => {
  it('no handler imports ScanCommand (no Scan on a request path)', () => {
    const root = fileURLToPath(new URL('../../lambdas/', import.meta.url));
    const sources = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(sources.length).toBeGreaterThan(50);
    expect(sources.filter((f) => /\b(ScanCommand|paginateScan)\b/.test(readFileSync(root + f, 'utf8')))).toEqual([]);
  });

  describe.each([
    ['within budget', WITHIN_BUDGET],
    ['budget exceptions', EXCEPTIONS],
  ] as const)('%s', (_, cases) => {
    it.each(cases.map((c) => [`${c.route}: ${c.what}`, c] as const))(
      '%s',
      async (_name, c) => {
        const counts: number[] = [];
        for (const n of SIZES) {
          const { run, returned, check } = await c.setup(n);
          const { result, requests: all } = await traceRequests(run);
          expect(result.status, JSON.stringify(result.body)).toBe(c.status ?? 200);
          expect(returned(result.body)).toBeGreaterThanOrEqual(n);
          const writes = all.filter((r) => WRITES.includes(r.command));
          const requests = all.filter((r) => !WRITES.includes(r.command));
          // the audit entry of a read: one PutItem on an audit day partition, nothing else written
          if (c.writes) expect(writes.map((r) => r.command.replace('ItemsCommand', 'Command').replace('ItemCommand', 'Command'))).toEqual(c.writes);
          else
            expect(writes.map((r) => [r.command.replace('PutItemCommand', 'PutCommand'), writtenPk(r).replace(/\d{4}-\d{2}-\d{2}$/, '<day>')])).toEqual(
              c.audited ? [['PutCommand', 'AUDIT#<day>']] : [],
            );
          checkRequests(requests, c.filters);
          if (c.filters) expect(requests.some((r) => r.input.FilterExpression !== undefined)).toBe(true);
          if (c.commands) expect(requests.map((r) => r.command).sort()).toEqual([...c.commands].sort());
          check?.(requests);
          counts.push(requests.length);
        }
        // the same count of reads at 5 and at 50 items: it does not grow with what the route returns (but by `perItem`, pinned)
        expect(counts).toEqual(SIZES.map((n) => c.requests + (c.perItem ?? 0) * n));
      },
      60_000,
    );
  });
});
