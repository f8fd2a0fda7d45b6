/**
 * Clinical placements: the sites a school sends students to (units, contacts, the requirements a site adds,
 * the affiliation agreement), rotations at them, who is assigned, whether each is cleared to go, and rosters
 * shared with a site through an expiring link that shows names, requirement statuses and expiry dates only.
 */
import { CalendarDate } from './payments.js';
import { Username } from './username.js';
import * as z from './zod.js';

/** A clinical group is one instructor's: every assignment of a rotation fits in one DynamoDB transaction. */
export const MAX_CAPACITY = 40;
export const MAX_UNITS = 30;
export const MAX_CONTACTS = 10;
export const MAX_SITE_REQUIREMENTS = 20;
/** How long a shared roster link lasts, in days: a week unless the coordinator says otherwise. */
export const SHARE_DAYS = { default: 7, max: 30 } as const;

const text = (max: number) => z.string({ error: 'must be text' }).check(z.trim(), z.maxLength(max, `must be at most ${max} characters`));
const requiredText = (max: number) => z.string({ error: 'is required' }).check(z.trim(), z.minLength(1, 'is required'), z.maxLength(max, `must be at most ${max} characters`));
const RequirementId = z.string({ error: 'must be a requirement id' }).check(z.regex(/^[a-z0-9-]{1,64}$/, 'must be a requirement id'));
const OptionalEmail = z.optional(
  z.union([z.literal(''), z.string().check(z.trim(), z.toLowerCase(), z.email('must be an email address'), z.maxLength(254, 'must be at most 254 characters'))], {
    error: 'must be an email address',
  }),
);
const Capacity = z
  .number({ error: 'must be a number of students' })
  .check(z.int('must be a whole number'), z.minimum(1, 'must be at least 1'), z.maximum(MAX_CAPACITY, `must be at most ${MAX_CAPACITY}`));

export const SiteContact = z.object({
  name: requiredText(120),
  title: z.optional(text(120)),
  email: OptionalEmail,
  phone: z.optional(text(40)),
});
export type SiteContact = z.infer<typeof SiteContact>;

/** The affiliation agreement: its dates, and its file (an upload of the caller's from POST /api/compliance/upload-url/, or the one on file). */
export const AgreementInput = z
  .object({
    starts_on: CalendarDate,
    ends_on: CalendarDate,
    upload_key: z.optional(z.string().check(z.minLength(1, 'is required'), z.maxLength(1024, 'is too long'))),
  })
  .check(z.refine((a) => a.ends_on > a.starts_on, { path: ['ends_on'], message: 'must be after the start date' }));

/** POST /api/clinical-sites/ and PUT /api/clinical-sites/{id}/ (admin). */
export const SiteRequest = z
  .object({
    name: requiredText(120),
    address: z.optional(text(300)),
    units: z.array(requiredText(80)).check(z.minLength(1, 'must name at least one unit'), z.maxLength(MAX_UNITS, `may list at most ${MAX_UNITS}`)),
    contacts: z.optional(z.array(SiteContact).check(z.maxLength(MAX_CONTACTS, `may list at most ${MAX_CONTACTS}`))),
    /** Requirement templates this site asks for on top of the students' own (its orientation, an extra screen). */
    requirement_ids: z.optional(z.array(RequirementId).check(z.maxLength(MAX_SITE_REQUIREMENTS, `may list at most ${MAX_SITE_REQUIREMENTS}`))),
    agreement: z.optional(z.nullable(AgreementInput)),
  })
  .check(
    z.refine((s) => new Set(s.units.map((u) => u.toLowerCase())).size === s.units.length, { path: ['units'], message: 'must not list a unit twice' }),
    z.refine((s) => new Set(s.requirement_ids ?? []).size === (s.requirement_ids ?? []).length, { path: ['requirement_ids'], message: 'must not list a requirement twice' }),
  );
export type SiteInput = z.infer<typeof SiteRequest>;

export interface AgreementFile {
  name: string;
  size: number;
  content_type: string;
}

export interface ClinicalSite {
  id: string;
  name: string;
  address: string;
  units: string[];
  contacts: SiteContact[];
  requirement_ids: string[];
  agreement: { starts_on: string; ends_on: string; file: AgreementFile | null } | null;
  /** Rotations at the site, past and planned: a site with any cannot be deleted. */
  rotations: number;
  updated_at: string;
}

/** POST /api/rotations/ and PUT /api/rotations/{id}/ (compliance, admin). */
export const RotationRequest = z
  .object({
    site_id: requiredText(64),
    unit: requiredText(80),
    course_id: requiredText(64),
    instructor: requiredText(120),
    instructor_email: OptionalEmail,
    starts_on: CalendarDate,
    ends_on: CalendarDate,
    capacity: Capacity,
  })
  .check(z.refine((r) => r.ends_on >= r.starts_on, { path: ['ends_on'], message: 'must be on or after the start date' }));
export type RotationInput = z.infer<typeof RotationRequest>;

/** Where and when a rotation is, as every view of it names it (staff, its student, the site it is shared with). */
export interface RotationPlace {
  site_name: string;
  unit: string;
  course_name: string;
  instructor: string;
  starts_on: string;
  ends_on: string;
}

export interface Rotation extends RotationPlace {
  id: string;
  site_id: string;
  course_id: string;
  instructor_email: string;
  capacity: number;
  assigned: number;
  updated_at: string;
}

export const RotationListQuery = z.object({
  /** Rotations ending on or after this day (default: the school's today), soonest start first. */
  from: z.optional(CalendarDate),
  site_id: z.optional(text(64)),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1, 'must be at least 1'), z.maximum(100, 'must be at most 100'))),
  cursor: z.optional(z.string().check(z.maxLength(2048, 'is too long'))),
});

/** POST /api/rotations/{id}/students/: some students by username, or every member of a cohort. */
export const AssignRequest = z
  .object({
    usernames: z.optional(z.array(Username).check(z.minLength(1, 'must name at least one student'), z.maxLength(MAX_CAPACITY, `may name at most ${MAX_CAPACITY}`))),
    cohort_id: z.optional(requiredText(64)),
  })
  .check(z.refine((a) => (a.usernames === undefined) !== (a.cohort_id === undefined), { path: ['usernames'], message: 'name either usernames or cohort_id' }));

export const RotationStudentParams = z.object({ id: requiredText(64), username: Username });

/** Whether a student may go, and why not, in words ("BLS expires 12 Mar 2027, before the rotation ends 30 Apr 2027"). */
export interface Clearance {
  cleared: boolean;
  reasons: string[];
}

export interface RosterEntry extends Clearance {
  username: string;
  first_name: string;
  last_name: string;
  cohort_id: string | null;
}

/** GET /api/rotations/{id}/roster/ */
export interface RotationRoster {
  rotation: Rotation;
  students: RosterEntry[];
  /** Whether the roster may be shared without an override: everyone assigned is cleared. */
  all_cleared: boolean;
}

/** POST /api/rotations/{id}/share/: to whom, for how long, and, unless everyone is cleared, the coordinator's reason to share anyway. */
export const ShareRequest = z.object({
  recipient: requiredText(200),
  expires_in_days: z.optional(
    z
      .number({ error: 'must be a number of days' })
      .check(z.int('must be a whole number'), z.minimum(1, 'must be at least 1'), z.maximum(SHARE_DAYS.max, `must be at most ${SHARE_DAYS.max}`)),
  ),
  override_reason: z.optional(text(500)),
});

export interface RosterShare {
  id: string;
  /** The page's path on the portal (`/shared/rosters/<token>`); the token is shown this once and stored only as a hash. */
  path: string;
  expires_at: string;
  overridden: boolean;
}

export const ShareTokenParams = z.object({ token: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'must be a share link')) });

/** GET /api/shared-rosters/{token}/ (public): what the site sees, as it was when shared. Never the files, never the reasons. */
export interface SharedRoster extends RotationPlace {
  shared_at: string;
  expires_at: string;
  students: Array<{ first_name: string; last_name: string; cleared: boolean; requirements: Array<{ name: string; status_label: string; expires_on: string | null }> }>;
}

/** A student's rotation on "My Clinicals" and in their compliance record: cleared for it or not, and why. */
export interface StudentRotation extends Clearance, RotationPlace {
  id: string;
}
