/**
 * GET /api/dashboard/ against DynamoDB Local: the figures of a seeded month (a month of a
 * year no other test writes payments or documents in, so the month holds only this fixture), in
 * integer cents: collected, refunds that landed this month subtracted (also of a payment made the
 * month before), the 30-day chart; mandatory documents with who is still to acknowledge them; cohort
 * health. And who gets which part: staff no money, finance no documents, students nothing (403).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardSummary } from '../../lambdas/contract/dashboard.js';
import { dashboardSummary, handler } from '../../lambdas/functions/dashboard/summary.js';
import { Cohort } from '../../lambdas/store/cohort.js';
import { Acknowledgement, documentItems, type DocumentRecord } from '../../lambdas/store/document.js';
import { paymentItems, type PaymentRecord } from '../../lambdas/store/payment.js';
import { studentItems } from '../../lambdas/store/student.js';
import { apiEvent, invoke } from './support/events.js';
import { cardPayment, putItems, uniqueName } from './support/fixtures.js';

// a year of its own: 9100-9899 (other tests date payments in 2300-2900, audit entries in 6000-9000)
const YEAR = 9100 + Math.floor(Math.random() * 800);
const NOW = new Date(`${YEAR}-06-15T12:00:00.000Z`);
const at = (date: string) => `${date}T10:00:00.000Z`;

function payment(over: Partial<PaymentRecord> & Pick<PaymentRecord, 'createdAt' | 'amountCents'>): PaymentRecord {
  return cardPayment({ intentId: `pi_dash_${randomUUID().replace(/-/g, '')}`, username: 'dash-payer', studentName: 'Dash Payer', ...over });
}

const cohortId = `dash-${randomUUID()}`;
const students = [uniqueName('dash-a'), uniqueName('dash-b'), uniqueName('dash-c')];

function student(username: string, owedCents: number) {
  return studentItems({
    profile: {
      username,
      sub: '',
      firstName: 'Dash',
      lastName: username,
      email: `${username}@example.edu`,
      phone: null,
      createdAt: at(`${YEAR}-01-01`),
      onPaymentPlan: false,
      programType: 'diploma',
      programName: 'Dash Diploma',
      cohortId,
    },
    enrollments: [{ programType: 'diploma', programId: 'dash', programName: 'Dash Diploma', nextDueDate: null, enrolledAt: at(`${YEAR}-01-01`) }],
    entries: owedCents ? [{ entryId: 'c1', kind: 'charge', programType: 'diploma', programId: 'dash', amountCents: owedCents, createdAt: at(`${YEAR}-01-02`) }] : [],
  });
}

const doc = (over: Partial<DocumentRecord>): DocumentRecord => ({
  id: `doc-${randomUUID()}`,
  title: 'Dash document',
  description: '',
  scope: 'cohort',
  categoryId: null,
  cohortId,
  programType: null,
  assignedStudents: [],
  fileName: 'dash.txt',
  fileType: 'txt',
  fileSize: 10,
  s3Key: null,
  extractedText: null,
  isPublic: true,
  isMandatory: true,
  requiresSignature: false,
  uploadedAt: at(`${YEAR}-06-10`),
  uploadedBy: 'dash-staff',
  uploadedByName: 'Dana Staff',
  ...over,
});
const cohortPolicy = doc({ title: `Clinical policy ${YEAR}` });
const privateNote = doc({
  title: `Placement letter ${YEAR}`,
  scope: 'individual',
  isPublic: false,
  uploadedAt: at(`${YEAR}-06-12`),
  assignedStudents: [{ username: students[0]!, id: students[0]!, firstName: 'Dash', lastName: 'A' }],
});
const optional = doc({ title: `Reading list ${YEAR}`, isMandatory: false, uploadedAt: at(`${YEAR}-06-14`) });

beforeAll(async () => {
  await putItems([
    Cohort.item({
      id: cohortId,
      academicYear: `${YEAR}-${YEAR + 1}`,
      cohortNumber: 7,
      programType: 'diploma',
      programName: 'Dash Diploma',
      isActive: true,
      startDate: null,
      endDate: null,
      studentCount: 3,
    }),
    ...student(students[0]!, 150_000),
    ...student(students[1]!, 50_025),
    ...student(students[2]!, 0),
    ...[cohortPolicy, privateNote, optional].flatMap(documentItems),
    Acknowledgement.item({ documentId: cohortPolicy.id, username: students[2]!, fullName: 'Dash C', signature: null, acknowledgedAt: at(`${YEAR}-06-11`) }),
    // someone outside the audience: not counted
    Acknowledgement.item({ documentId: cohortPolicy.id, username: 'dash-outsider', fullName: 'Out Sider', signature: null, acknowledgedAt: at(`${YEAR}-06-11`) }),
    ...[
      payment({ createdAt: at(`${YEAR}-06-01`), amountCents: 100_000 }),
      payment({ createdAt: at(`${YEAR}-06-01`), amountCents: 25_050 }),
      // made this month, half refunded this month: collected in full, refund subtracted
      payment({ createdAt: at(`${YEAR}-06-03`), amountCents: 40_000, refundedCents: 20_000, status: 'partially_refunded', updatedAt: at(`${YEAR}-06-05`), refundIds: ['re_1'] }),
      // made last month (in the chart, not in the month), refunded in full this month
      payment({ createdAt: at(`${YEAR}-05-20`), amountCents: 30_000, refundedCents: 30_000, status: 'refunded', updatedAt: at(`${YEAR}-06-02`), refundIds: ['re_2'] }),
      // refunded last month: not this month's refund
      payment({ createdAt: at(`${YEAR}-05-02`), amountCents: 9_000, refundedCents: 9_000, status: 'refunded', updatedAt: at(`${YEAR}-05-03`), refundIds: ['re_3'] }),
      // no money moved: not collected
      payment({ createdAt: at(`${YEAR}-06-04`), amountCents: 70_000, status: 'failed' }),
      // after "now" (tomorrow): not counted yet
      payment({ createdAt: at(`${YEAR}-06-16`), amountCents: 5_000 }),
    ].flatMap(paymentItems),
  ]);
});

describe('GET /api/dashboard/ figures', () => {
  let admin: DashboardSummary;
  beforeAll(async () => {
    admin = await dashboardSummary(['admin'], NOW);
  });

  it("sums the month's money in cents: collected gross, refunds that landed this month subtracted", () => {
    expect(admin.money).toMatchObject({
      month: `${YEAR}-06`,
      collected_cents: 100_000 + 25_050 + 40_000,
      refunded_cents: 20_000 + 30_000,
      net_cents: 165_050 - 50_000,
      payments: 3,
      refunds: 2,
    });
  });

  it('charts the last 30 days, one bar a day, oldest first', () => {
    const daily = admin.money!.daily;
    expect(daily).toHaveLength(30);
    expect([daily[0]!.date, daily[29]!.date]).toEqual([`${YEAR}-05-17`, `${YEAR}-06-15`]);
    const byDate = Object.fromEntries(daily.filter((d) => d.payments > 0).map((d) => [d.date, [d.collected_cents, d.payments]]));
    expect(byDate).toEqual({ [`${YEAR}-05-20`]: [30_000, 1], [`${YEAR}-06-01`]: [125_050, 2], [`${YEAR}-06-03`]: [40_000, 1] });
  });

  it('counts who still has to acknowledge each mandatory document, newest first', () => {
    const [first, second] = admin.documents!.awaiting_acknowledgement;
    expect(first).toEqual({ document_id: privateNote.id, title: privateNote.title, expected: 1, acknowledged: 0, awaiting: 1 });
    expect(second).toEqual({ document_id: cohortPolicy.id, title: cohortPolicy.title, expected: 3, acknowledged: 1, awaiting: 2 });
    expect(admin.documents!.awaiting_acknowledgement.map((a) => a.document_id)).not.toContain(optional.id);
  });

  it("lists the latest uploads by the uploader's name", () => {
    expect(admin.documents!.recent_uploads.slice(0, 3)).toEqual(
      [optional, privateNote, cohortPolicy].map((d) => ({
        document_id: d.id,
        title: d.title,
        scope: d.scope,
        uploaded_at: d.uploadedAt,
        uploaded_by: 'Dana Staff',
      })),
    );
  });

  it("gives each cohort's health: students, paid in full, outstanding and what they owe", () => {
    expect(admin.cohorts!.find((c) => c.cohort_id === cohortId)).toEqual({
      cohort_id: cohortId,
      label: `${YEAR}-${YEAR + 1} Cohort 7 · Dash Diploma`,
      is_active: true,
      students: 3,
      paid: 1,
      outstanding: 2,
      outstanding_cents: 150_000 + 50_025,
    });
  });

  it('gives staff the documents part only and finance the money part only', async () => {
    const staff = await dashboardSummary(['staff'], NOW);
    expect(Object.keys(staff).sort()).toEqual(['documents', 'generated_at']);
    expect(staff.documents!.awaiting_acknowledgement[1]).toMatchObject({ document_id: cohortPolicy.id, awaiting: 2 });
    const finance = await dashboardSummary(['finance'], NOW);
    expect(Object.keys(finance).sort()).toEqual(['generated_at', 'money']);
    expect(finance.money!.net_cents).toBe(115_050);
  });
});

describe('GET /api/dashboard/ access', () => {
  it('refuses students (403) and anonymous callers (401)', async () => {
    expect((await invoke(handler, apiEvent('dashboard-summary', { caller: { username: students[0]! } }))).status).toBe(403);
    expect((await invoke(handler, apiEvent('dashboard-summary'))).status).toBe(401);
  });

  it('answers staff through the route without any money figure, and finance without documents', async () => {
    const staff = await invoke(handler, apiEvent('dashboard-summary', { caller: { username: 'dash-staff', roles: ['staff'] } }));
    expect(staff.status).toBe(200);
    expect(staff.body.money).toBeUndefined();
    expect(JSON.stringify(staff.body)).not.toMatch(/cents/);
    const finance = await invoke(handler, apiEvent('dashboard-summary', { caller: { username: 'dash-finance', roles: ['finance'] } }));
    expect(finance.status).toBe(200);
    expect(finance.body).toMatchObject({ money: { collected_cents: expect.any(Number) } });
  });
});
