/**
 * Clinical placements demo data: two sites (one whose affiliation agreement ends within 60 days, so the alert shows),
 * a requirement only Riverside General asks for (its ID badge), and one rotation starting three weeks after the seed
 * with a cleared student (aisha.khan: every item approved, the badge too, the cohort's syllabus acknowledged, nothing
 * past due) and blocked ones: the demo `student` (BLS expiring before the rotation ends, and more), ben.nguyen (BLS
 * waiting for review, badge waiting) and carla.diaz (expired BLS, no badge). Dates follow the seed day, as the
 * compliance demo's do (demo-compliance.ts), so `npm start` on any day shows both kinds.
 *
 * Pure: the seed (index.ts) writes what this answers, as the stores lay it out.
 */
import { schoolDay } from '../../../lambdas/domain/clock.js';
import { addDays } from '../../../lambdas/domain/compliance.js';
import { required } from '../../../lambdas/domain/required.js';
import type { SiteRecord } from '../../../lambdas/store/clinical-site.js';
import type { RequirementRecord, SubmissionRecord } from '../../../lambdas/store/compliance.js';
import type { AcknowledgementRecord } from '../../../lambdas/store/document.js';
import type { MemberRecord, PlacementRecord, RotationRecord } from '../../../lambdas/store/rotation.js';
import { demoCourses } from './demo-catalog.js';
import { seedSubmissionId } from './demo-compliance.js';
import { demoStudents } from './demo-students.js';

export const RIVERSIDE = 'site-riverside-general';
export const BADGE_REQUIREMENT = 'riverside-general-badge';
export const DEMO_ROTATION = 'rotation-riverside-medsurg';
/** The cohort syllabus the cleared student has acknowledged (demo-documents.ts). */
const SYLLABUS = 'doc-na-syllabus';

const ROSTER = ['student', 'aisha.khan', 'ben.nguyen', 'carla.diaz'] as const;
/** The badge: approved for the cleared student, waiting for review for another. */
const BADGE: Partial<Record<(typeof ROSTER)[number], SubmissionRecord['status']>> = { 'aisha.khan': 'approved', 'ben.nguyen': 'pending' };

export interface DemoClinical {
  requirement: RequirementRecord;
  sites: SiteRecord[];
  rotation: RotationRecord;
  members: MemberRecord[];
  placements: PlacementRecord[];
  submissions: SubmissionRecord[];
  acknowledgements: AcknowledgementRecord[];
}

export function demoClinical(seededAt: Date): DemoClinical {
  const today = schoolDay(seededAt);
  const at = seededAt.toISOString();
  const requirement: RequirementRecord = {
    id: BADGE_REQUIREMENT,
    name: 'Riverside General ID badge',
    category: 'training',
    evidence: 'attestation',
    validity: { kind: 'months', months: 12 },
    applies_to: { kind: 'site' },
    due_days_from_cohort_start: null,
    guidelines: 'Pick up your student ID badge at Riverside General’s security office (bring a photo ID), then attest here.',
    alternatives: [],
    exemption_allowed: false,
    retired: false,
    updatedAt: at,
  };
  const sites: SiteRecord[] = [
    {
      id: RIVERSIDE,
      name: 'Riverside General Hospital',
      address: '1200 W Riverside Dr, Chicago, IL 60607',
      units: ['Medical-Surgical 4 West', 'Pediatrics', 'Emergency Department'],
      contacts: [{ name: 'Monica Reyes', title: 'Clinical Education Coordinator', email: 'mreyes@riverside-general.example.org', phone: '(312) 555-0148' }],
      requirement_ids: [BADGE_REQUIREMENT],
      // ends within 60 days of the seed: the agreement alert shows
      agreement: { starts_on: addDays(today, -3 * 365 + 45), ends_on: addDays(today, 45), file: null },
      rotations: 1,
      updated_at: at,
    },
    {
      id: 'site-lakeside-senior-living',
      name: 'Lakeside Senior Living',
      address: '88 N Lake Shore Ct, Evanston, IL 60201',
      units: ['Long-term care', 'Memory care'],
      contacts: [{ name: 'Paul Okafor', title: 'Director of Nursing', email: 'pokafor@lakeside-senior.example.org', phone: '(847) 555-0190' }],
      requirement_ids: [],
      agreement: { starts_on: addDays(today, -200), ends_on: addDays(today, 2 * 365), file: null },
      rotations: 0,
      updated_at: at,
    },
  ];
  const course = required(demoCourses[0], 'a demo course');
  const startsOn = addDays(today, 21);
  const rotation: RotationRecord = {
    id: DEMO_ROTATION,
    site_id: RIVERSIDE,
    site_name: 'Riverside General Hospital',
    unit: 'Medical-Surgical 4 West',
    course_id: course.id,
    course_name: course.name,
    instructor: 'Dana Whitfield, RN',
    instructor_email: 'dwhitfield@northfield.example.edu',
    starts_on: startsOn,
    ends_on: addDays(startsOn, 55),
    capacity: 8,
    assigned: ROSTER.length,
    updated_at: at,
  };
  const profiles = ROSTER.map((username) => required(demoStudents.find((s) => s.profile.username === username)?.profile, `demo student ${username}`));
  const members: MemberRecord[] = profiles.map((p) => ({
    rotation_id: rotation.id,
    username: p.username,
    first_name: p.firstName,
    last_name: p.lastName,
    assigned_at: at,
    assigned_by: 'compliance',
  }));
  const { capacity: _capacity, assigned: _assigned, updated_at: _updatedAt, ...shown } = rotation;
  const placements: PlacementRecord[] = profiles.map((p) => ({ ...shown, username: p.username }));
  const submissions: SubmissionRecord[] = profiles.flatMap((p) => {
    const status = BADGE[p.username as (typeof ROSTER)[number]];
    if (!status) return [];
    const submittedAt = new Date(seededAt.getTime() - 3 * 86_400_000).toISOString();
    return [
      {
        id: seedSubmissionId(`${p.username}/${BADGE_REQUIREMENT}/0`),
        username: p.username,
        lastName: p.lastName,
        cohortId: p.cohortId ?? null,
        requirement_id: BADGE_REQUIREMENT,
        kind: 'evidence' as const,
        alternative: null,
        files: [],
        completed_on: addDays(today, -4),
        expires_on: status === 'approved' ? addDays(today, 361) : null,
        attested: true,
        note: '',
        status,
        reason: null,
        submitted_by: p.username,
        submitted_at: submittedAt,
        decided_by: status === 'approved' ? 'compliance' : null,
        decided_at: status === 'approved' ? new Date(seededAt.getTime() - 2 * 86_400_000).toISOString() : null,
      },
    ];
  });
  const aisha = required(profiles[1], 'the cleared demo student');
  const acknowledgements: AcknowledgementRecord[] = [
    {
      documentId: SYLLABUS,
      username: aisha.username,
      fullName: `${aisha.firstName} ${aisha.lastName}`,
      signature: null,
      acknowledgedAt: new Date(seededAt.getTime() - 86_400_000).toISOString(),
    },
  ];
  return { requirement, sites, rotation, members, placements, submissions, acknowledgements };
}
