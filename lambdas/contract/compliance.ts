/**
 * Clinical compliance: requirement templates (admin), a student's submissions of evidence, the
 * compliance staff's decisions, and the statuses worked out from them (domain/compliance.ts).
 * Health details are the student's, the compliance group's and the admins' only.
 */
import type { StudentRotation } from './clinical.js';
import { CalendarDate } from './payments.js';
import { PROGRAM_TYPES } from './programs.js';
import { Username } from './username.js';
import { setVersion } from './set-version.js';
import * as z from './zod.js';

export const COMPLIANCE_CATEGORIES = ['immunization', 'titer', 'tb', 'cpr_bls', 'background_check', 'drug_screen', 'license', 'insurance', 'training'] as const;
export type ComplianceCategory = (typeof COMPLIANCE_CATEGORIES)[number];
export const CATEGORY_LABELS: Record<ComplianceCategory, string> = {
  immunization: 'Immunization',
  titer: 'Titer',
  tb: 'TB test',
  cpr_bls: 'CPR / BLS',
  background_check: 'Background check',
  drug_screen: 'Drug screen',
  license: 'License',
  insurance: 'Insurance',
  training: 'Training',
};

/** What a student hands in: a file with its dates, a date alone, or an attestation. */
export const EVIDENCE_KINDS = ['file_and_dates', 'date_only', 'attestation'] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

/** Statuses, worked out at read time; a student can never set one. */
export const COMPLIANCE_STATUSES = ['missing', 'pending', 'approved', 'not_approved', 'expiring', 'expired'] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];
export const STATUS_LABELS: Record<ComplianceStatus, string> = {
  missing: 'Missing',
  pending: 'Pending review',
  approved: 'Approved',
  not_approved: 'Not approved',
  expiring: 'Expiring',
  expired: 'Expired',
};

export const SUBMISSION_STATUSES = ['pending', 'approved', 'not_approved'] as const;
/** Evidence of the requirement itself, of one of its alternatives (a titer for a vaccine series), or a request for exemption. */
export const SUBMISSION_KINDS = ['evidence', 'alternative', 'exemption'] as const;

export const MAX_REQUIREMENTS = 60;
export const MAX_FILES_PER_SUBMISSION = 5;
const MAX_TEXT = 2_000;

const text = (max: number) => z.string().check(z.trim(), z.maxLength(max, `must be at most ${max} characters`));
const requiredText = (max: number) => z.string({ error: 'is required' }).check(z.trim(), z.minLength(1, 'is required'), z.maxLength(max, `must be at most ${max} characters`));

export const Validity = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('none') }),
    z.object({
      kind: z.literal('months'),
      months: z.number({ error: 'must be a number of months' }).check(z.int('must be a whole number'), z.minimum(1, 'must be at least 1'), z.maximum(120, 'must be at most 120')),
    }),
    z.object({
      kind: z.literal('seasonal'),
      month: z.number({ error: 'must be a month' }).check(z.int(), z.minimum(1, 'must be 1 to 12'), z.maximum(12, 'must be 1 to 12')),
      day: z.number({ error: 'must be a day' }).check(z.int(), z.minimum(1, 'must be 1 to 31'), z.maximum(31, 'must be 1 to 31')),
    }),
  ],
  { error: 'must be none, months or seasonal' },
);
export type Validity = z.infer<typeof Validity>;

export const AppliesTo = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('program_type'), program_type: z.enum(PROGRAM_TYPES, { error: 'must be certificate, diploma or associates' }) }),
    z.object({ kind: z.literal('cohort'), cohort_id: requiredText(64) }),
    // asked only of students placed at a clinical site that lists it (contract/clinical.ts: a site's requirement_ids)
    z.object({ kind: z.literal('site') }),
  ],
  { error: 'must be a program type, a cohort or a site' },
);

/** One requirement template as PUT names it (`id` keeps an existing one; without it, a new one). */
export const RequirementInput = z.object({
  id: z.optional(z.string().check(z.regex(/^[a-z0-9-]{1,64}$/, 'must be a requirement id'))),
  name: requiredText(120),
  category: z.enum(COMPLIANCE_CATEGORIES, { error: `must be one of ${COMPLIANCE_CATEGORIES.join(', ')}` }),
  evidence: z.enum(EVIDENCE_KINDS, { error: 'must be file_and_dates, date_only or attestation' }),
  validity: Validity,
  applies_to: AppliesTo,
  /** Days after the cohort's start by which it is due (negative: before the start); none: no due date. */
  due_days_from_cohort_start: z.nullable(z.number({ error: 'must be a number of days' }).check(z.int('must be a whole number'), z.minimum(-730), z.maximum(730))),
  guidelines: text(MAX_TEXT),
  /** What else satisfies it (a titer instead of the vaccine series), each reviewed like the requirement. */
  alternatives: z.array(requiredText(200)).check(z.maxLength(5, 'may list at most 5')),
  /** A declination or exemption may be asked for; staff must approve it. */
  exemption_allowed: z.boolean({ error: 'must be true or false' }),
});
export type RequirementInput = z.infer<typeof RequirementInput>;

/**
 * PUT /api/compliance/requirements/ (admin): the whole set; a template left out is retired (its history stays).
 * `version` is the set's version as GET answered it: a save made since then by someone else makes this one a 409.
 */
export const RequirementsRequest = z.object({
  requirements: z.array(RequirementInput).check(z.maxLength(MAX_REQUIREMENTS, `may hold at most ${MAX_REQUIREMENTS} requirements`)),
  version: setVersion(),
});

/** GET and PUT /api/compliance/requirements/: the templates in force and the set's version. */
export interface RequirementsResponse {
  requirements: ComplianceRequirement[];
  version: number;
}

export type ComplianceRequirement = Omit<RequirementInput, 'id'> & { id: string };

export interface SubmittedFile {
  key: string;
  name: string;
  size: number;
  content_type: string;
}

export interface ComplianceSubmission {
  id: string;
  username: string;
  requirement_id: string;
  kind: (typeof SUBMISSION_KINDS)[number];
  /** Which alternative (its index in the requirement's list), for kind `alternative`. */
  alternative: number | null;
  files: SubmittedFile[];
  completed_on: string | null;
  expires_on: string | null;
  attested: boolean;
  note: string;
  status: (typeof SUBMISSION_STATUSES)[number];
  reason: string | null;
  submitted_by: string;
  submitted_at: string;
  decided_by: string | null;
  decided_at: string | null;
}

/**
 * POST /api/compliance/submissions/: evidence for a requirement, files uploaded first through
 * POST /api/compliance/upload-url/ (`upload_keys`). A student hands in their own, for review; compliance staff
 * and admins may hand one in for a student (`username`), which is approved by them at once, so it needs its dates.
 */
export const SubmissionRequest = z
  .object({
    requirement_id: z.string({ error: 'is required' }).check(z.regex(/^[a-z0-9-]{1,64}$/, 'must be a requirement id')),
    username: z.optional(Username),
    kind: z.optional(z.enum(SUBMISSION_KINDS, { error: 'must be evidence, alternative or exemption' })),
    alternative: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(4))),
    upload_keys: z.optional(
      z
        .array(z.string().check(z.minLength(1), z.maxLength(1024, 'is too long')))
        .check(z.maxLength(MAX_FILES_PER_SUBMISSION, `may hold at most ${MAX_FILES_PER_SUBMISSION} files`)),
    ),
    completed_on: z.optional(z.nullable(CalendarDate)),
    expires_on: z.optional(z.nullable(CalendarDate)),
    attested: z.optional(z.boolean({ error: 'must be true or false' })),
    note: z.optional(text(MAX_TEXT)),
  })
  .check(z.refine((d) => !d.completed_on || !d.expires_on || d.expires_on > d.completed_on, { path: ['expires_on'], message: 'must be after the completion date' }));
export type SubmissionInput = z.infer<typeof SubmissionRequest>;

/** POST /api/compliance/submissions/{id}/decision/ (compliance, admin). */
export const DecisionRequest = z
  .object({
    decision: z.enum(['approved', 'not_approved'], { error: 'must be approved or not_approved' }),
    completed_on: z.optional(z.nullable(CalendarDate)),
    expires_on: z.optional(z.nullable(CalendarDate)),
    reason: z.optional(text(MAX_TEXT)),
  })
  .check(
    z.refine((d) => d.decision !== 'approved' || !!d.completed_on, { path: ['completed_on'], message: 'is required to approve' }),
    z.refine((d) => d.decision !== 'not_approved' || !!d.reason, { path: ['reason'], message: 'is required when not approved' }),
    z.refine((d) => !d.completed_on || !d.expires_on || d.expires_on > d.completed_on, { path: ['expires_on'], message: 'must be after the completion date' }),
  );
export type DecisionInput = z.infer<typeof DecisionRequest>;

/** `{id}` of a submission. */
export const SubmissionParams = z.object({ id: z.string().check(z.regex(/^[0-9a-f-]{36}$/, 'must be a submission id')) });
export const SubmissionFileParams = z.object({
  id: z.string().check(z.regex(/^[0-9a-f-]{36}$/, 'must be a submission id')),
  index: z.coerce.number().check(z.int('must be a file number'), z.minimum(0, 'must be a file number'), z.maximum(MAX_FILES_PER_SUBMISSION - 1, 'must be a file number')),
});

export const QUEUE_FILTERS = ['pending', 'expiring', 'expired'] as const;
export const QueueQuery = z.object({
  status: z.optional(z.enum(QUEUE_FILTERS, { error: 'must be pending, expiring or expired' })),
  cohort_id: z.optional(text(64)),
  requirement_id: z.optional(text(64)),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1, 'must be at least 1'), z.maximum(100, 'must be at most 100'))),
  cursor: z.optional(z.string().check(z.maxLength(2048, 'is too long'))),
});

/** One requirement of a student, as the student and the compliance staff see it. */
export interface RequirementStatus {
  requirement: ComplianceRequirement;
  status: ComplianceStatus;
  status_label: string;
  expires_on: string | null;
  /** The reviewer's reason for the latest Not approved. */
  reason: string | null;
  /** The cohort's start plus the requirement's due days, when both are known. */
  due_on: string | null;
  pending: ComplianceSubmission | null;
  /** Every submission for it, newest first (the history). */
  history: ComplianceSubmission[];
}

/** GET /api/compliance/students/{username}/ */
export interface StudentCompliance {
  username: string;
  /**
   * Cleared for clinicals (domain/clearance.ts): for the next rotation when there is one (its site's requirements
   * too, valid through its last day), else as of today.
   */
  cleared: boolean;
  /** Why not, in words (the full view only). */
  reasons: string[];
  /** The student's rotations that have not ended, soonest first, each with its own clearance (the full view only). */
  rotations?: StudentRotation[];
  /** The statuses, for the student, compliance staff and admins; absent for other staff (cleared or not only). */
  requirements?: RequirementStatus[];
  /** Templates retired since the student handed something in for them: that history stays theirs to see (full view only). */
  retired?: Array<{ requirement: ComplianceRequirement; history: ComplianceSubmission[] }>;
}

/** One entry of the review queue. */
export interface QueueEntry {
  submission: ComplianceSubmission;
  requirement_name: string;
  student: { username: string; first_name: string; last_name: string; cohort_id: string | null };
}

/** GET /api/cohorts/{id}/compliance/: students × requirements. */
export interface CohortCompliance {
  cohort_id: string;
  requirements: Array<{ id: string; name: string }>;
  students: Array<{ username: string; first_name: string; last_name: string; statuses: Record<string, { status: ComplianceStatus; expires_on: string | null }> }>;
  counts: { pending: number; expiring: number; expired: number; missing: number };
}
