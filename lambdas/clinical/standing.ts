/**
 * A student's clinical standing: their requirements with today's statuses, and their clearance for each rotation
 * that has not ended (domain/clearance.ts), read fresh each time, so a charge, a payment, an approval or an
 * acknowledgement changes the answer with no write to any rotation.
 *
 * Reads per student: their clinical file (one Query: rotations, submissions, ledger), their acknowledgements
 * (one Query, only when their cohort has documents to acknowledge) and their cohort (one GetItem). What many
 * students share (templates, sites, a cohort and its documents, the hold rules) is read once per `ClinicalReads`, so a roster
 * of 40 costs 40 files and acknowledgement reads, not 40 of everything.
 */
import type { StudentRotation } from '../contract/clinical.js';
import type { RequirementStatus } from '../contract/compliance.js';
import { clearance, requirementFact, type Clearance, type ClearanceFacts } from '../domain/clearance.js';
import { requirementsFor } from '../domain/compliance.js';
import { activeHolds, blocksAction, vaStanding } from '../domain/financial-holds.js';
import { requirementStatuses } from '../presenters/compliance.js';
import { listSites, type SiteRecord } from '../store/clinical-site.js';
import { getCohort, type CohortRecord } from '../store/cohort.js';
import { activeRequirements, listRequirements, type RequirementRecord, type SubmissionRecord } from '../store/compliance.js';
import type { DocumentRecord } from '../store/document.js';
import { acknowledgedDocumentIds, cohortDocumentsToAcknowledge } from '../store/document-list.js';
import { getPlanSettings, type PlanSettings } from '../store/plan-template.js';
import { studentClinicalFile } from '../store/clinical-file.js';
import type { PlacementRecord } from '../store/rotation.js';
import type { StudentLedger } from '../store/student.js';

/** Reads shared by the students of one request or one job run, each made once, when first needed. */
export class ClinicalReads {
  private requirements?: Promise<RequirementRecord[]>;
  private sites?: Promise<SiteRecord[]>;
  private readonly cohorts = new Map<string, Promise<CohortRecord | null>>();
  private readonly documents = new Map<string, Promise<DocumentRecord[]>>();
  private settings?: Promise<PlanSettings>;

  allRequirements(): Promise<RequirementRecord[]> {
    return (this.requirements ??= listRequirements());
  }
  allSites(): Promise<SiteRecord[]> {
    return (this.sites ??= listSites());
  }
  cohort(id: string): Promise<CohortRecord | null> {
    if (!this.cohorts.has(id)) this.cohorts.set(id, getCohort(id));
    return this.cohorts.get(id) as Promise<CohortRecord | null>;
  }
  /** The hold rules (with the plan templates: one Query of their partition). */
  planSettings(): Promise<PlanSettings> {
    return (this.settings ??= getPlanSettings());
  }
  cohortDocuments(id: string): Promise<DocumentRecord[]> {
    if (!this.documents.has(id)) this.documents.set(id, cohortDocumentsToAcknowledge(id));
    return this.documents.get(id) as Promise<DocumentRecord[]>;
  }
}

/** A rotation of the student's with its clearance and the requirements it asks for (program, cohort and site). */
export interface RotationStanding extends StudentRotation {
  requirements: RequirementStatus[];
}

export interface ClinicalStanding extends Clearance {
  ledger: StudentLedger;
  /** Every requirement that applies: the program's, the cohort's, and those of the sites of rotations not yet ended. */
  statuses: RequirementStatus[];
  /** Rotations not yet ended, soonest first, each with its clearance. `cleared`/`reasons` above are the first one's, or today's without one. */
  rotations: RotationStanding[];
  submissions: SubmissionRecord[];
}

const bySoonest = (a: PlacementRecord, b: PlacementRecord) => a.starts_on.localeCompare(b.starts_on) || a.id.localeCompare(b.id);

/**
 * The student's standing as of the school-local day `today`; null when there is no such student. `rotationId` keeps
 * that rotation in `rotations` even once it has ended (a roster read after the fact).
 */
export async function clinicalStanding(username: string, today: string, reads: ClinicalReads = new ClinicalReads(), rotationId?: string): Promise<ClinicalStanding | null> {
  const file = await studentClinicalFile(username);
  if (!file) return null;
  const { ledger, submissions } = file;
  const profile = ledger.profile;
  const placements = file.placements.filter((p) => p.ends_on >= today || p.id === rotationId).sort(bySoonest);
  const [requirements, sites, cohort, documents, settings] = await Promise.all([
    reads.allRequirements(),
    placements.length ? reads.allSites() : Promise.resolve([]),
    profile.cohortId ? reads.cohort(profile.cohortId) : Promise.resolve(null),
    profile.cohortId ? reads.cohortDocuments(profile.cohortId) : Promise.resolve([]),
    reads.planSettings(),
  ]);
  const acknowledged = documents.length ? await acknowledgedDocumentIds(username) : new Set<string>();
  const siteById = new Map(sites.map((s) => [s.id, s]));
  const siteRequirementIds = (siteId: string) => siteById.get(siteId)?.requirement_ids ?? [];
  const active = activeRequirements(requirements);
  const placement = { programType: profile.programType, cohortId: profile.cohortId, cohortStart: cohort?.startDate ?? null };
  const statuses = requirementStatuses(active, submissions, placement, today, new Set(placements.flatMap((p) => siteRequirementIds(p.site_id))));

  const common = {
    documents: documents.map((d) => ({ title: d.title, acknowledged: acknowledged.has(d.id) })),
    holds: blocksAction(
      activeHolds({
        enrollments: ledger.enrollments,
        entries: ledger.entries,
        plans: [],
        rules: settings.holdRules,
        today,
        va: vaStanding(profile),
      }),
      'clinical_clearance',
    ),
  };
  const askedAt = (siteId: string | null) => {
    const own = new Set(requirementsFor(active, placement, new Set(siteId ? siteRequirementIds(siteId) : [])).map((r) => r.id));
    return statuses.filter((s) => own.has(s.requirement.id));
  };
  const facts = (siteId: string | null, rotationEndsOn: string | null): ClearanceFacts => ({
    ...common,
    rotationEndsOn,
    requirements: askedAt(siteId).map(requirementFact),
  });
  const rotations: RotationStanding[] = placements.map((p) => ({
    id: p.id,
    site_name: p.site_name,
    unit: p.unit,
    course_name: p.course_name,
    instructor: p.instructor,
    starts_on: p.starts_on,
    ends_on: p.ends_on,
    requirements: askedAt(p.site_id),
    ...clearance(facts(p.site_id, p.ends_on)),
  }));
  const next = placements.find((p) => p.ends_on >= today);
  const overall = next ? clearance(facts(next.site_id, next.ends_on)) : clearance(facts(null, null));
  return { ledger, statuses, rotations, submissions, ...overall };
}
