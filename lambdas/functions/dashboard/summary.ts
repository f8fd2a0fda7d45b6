/**
 * GET /api/dashboard/ (staff, finance, admin) — the landing figures of the caller's role,
 * in one call: staff the documents part, finance the money part, admins both and cohort health.
 * Only aggregates (counts, sums, document titles) leave the server, no student's record: the read is
 * not audited (students-get, the rosters and the ledger, which show records, are).
 */
import type { DashboardSummary } from '../../contract/dashboard.js';
import { isAdmin, isFinance, isStaff } from '../../domain/roles.js';
import { callerOf, route } from '../../http/route.js';
import type { Role } from '../../routes.js';
import { listCohorts } from '../../store/cohort.js';
import {
  acknowledgedBy,
  allStudentFigures,
  latestDocuments,
  latestMandatoryDocuments,
  paymentsCreatedBetween,
  refundedPaymentsChangedBetween,
  type StudentFigures,
} from '../../store/dashboard.js';
import { acknowledgementFigures, cohortFigures, moneyFigures, periodStarts } from '../../presenters/dashboard-figures.js';

const ACKNOWLEDGEMENT_DOCUMENTS = 8;
const RECENT_UPLOADS = 5;

/** The summary for `roles` as of `now` (the handler's clock; tests pass a month of their own). */
export async function dashboardSummary(roles: readonly Role[], now: Date): Promise<DashboardSummary> {
  // read once, shared by the documents' audiences and the cohorts' health
  let students: Promise<StudentFigures[]> | undefined;
  const studentFigures = () => (students ??= allStudentFigures());

  const documents = async () => {
    const [mandatory, recent, everyone] = await Promise.all([latestMandatoryDocuments(ACKNOWLEDGEMENT_DOCUMENTS), latestDocuments(RECENT_UPLOADS), studentFigures()]);
    const acknowledgements = await Promise.all(mandatory.map(async (doc) => acknowledgementFigures(doc, everyone, await acknowledgedBy(doc.id))));
    return {
      awaiting_acknowledgement: acknowledgements,
      recent_uploads: recent.map((d) => ({ document_id: d.id, title: d.title, scope: d.scope, uploaded_at: d.uploadedAt, uploaded_by: d.uploadedByName || d.uploadedBy })),
    };
  };
  const money = async () => {
    const { monthStart, chartStart, end } = periodStarts(now);
    const [created, refunded] = await Promise.all([
      paymentsCreatedBetween(monthStart < chartStart ? monthStart : chartStart, end),
      refundedPaymentsChangedBetween(monthStart, end),
    ]);
    return moneyFigures(now, created, refunded);
  };
  const cohorts = async () => cohortFigures(await listCohorts(), await studentFigures());

  const [documentsPart, moneyPart, cohortsPart] = await Promise.all([
    isStaff(roles) ? documents() : undefined,
    isFinance(roles) || isAdmin(roles) ? money() : undefined,
    isAdmin(roles) ? cohorts() : undefined,
  ]);
  return {
    generated_at: now.toISOString(),
    ...(documentsPart ? { documents: documentsPart } : {}),
    ...(moneyPart ? { money: moneyPart } : {}),
    ...(cohortsPart ? { cohorts: cohortsPart } : {}),
  };
}

export const handler = route('dashboard-summary', async (req) => ({ body: await dashboardSummary(callerOf(req).roles, new Date()) }));
