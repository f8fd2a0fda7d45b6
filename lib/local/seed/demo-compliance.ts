/**
 * Clinical compliance demo data: requirement templates for every program type and one cohort, and the
 * demo students' submissions, with every status on show whatever the day of the seed. Dates are worked out from
 * the seed's time (school-local days, domain/clock.ts): expiring approvals end within 30 days of it, expired ones
 * ended before it, so a first `npm start` on any day shows Approved, Pending review, Expiring, Expired, Not
 * approved and Missing. The demo `student` has all six on their own record.
 *
 * Pure: the seed (index.ts) writes what this answers, the same seed time giving the same items and keys.
 */
import { createHash } from 'node:crypto';
import type { ProgramType } from '../../../lambdas/contract/programs.js';
import { schoolDay } from '../../../lambdas/domain/clock.js';
import { addDays, addMonths, suggestedExpiry } from '../../../lambdas/domain/compliance.js';
import { required } from '../../../lambdas/domain/required.js';
import type { RequirementRecord, SubmissionRecord } from '../../../lambdas/store/compliance.js';
import { demoStudents } from './demo-students.js';
import { makePdf, makePng } from './sample-files.js';

/** The cohort of the demo `student` gets a requirement of its own (its hospital's orientation). */
export const ORIENTATION_COHORT = 'cohort-2025-cert-1';

type Base = 'bls' | 'tb' | 'hepb' | 'flu' | 'background' | 'drug' | 'orientation';
type Template = Omit<RequirementRecord, 'id' | 'applies_to' | 'retired' | 'updatedAt'>;

const TEMPLATES: Record<Base, Template> = {
  bls: {
    name: 'BLS / CPR card',
    category: 'cpr_bls',
    evidence: 'file_and_dates',
    validity: { kind: 'months', months: 24 },
    due_days_from_cohort_start: -14,
    guidelines: 'American Heart Association BLS Provider card (or Red Cross BLS for Healthcare Providers), front and back. Online-only courses are not accepted.',
    alternatives: [],
    exemption_allowed: false,
  },
  tb: {
    name: 'TB test',
    category: 'tb',
    evidence: 'file_and_dates',
    validity: { kind: 'months', months: 12 },
    due_days_from_cohort_start: -14,
    guidelines: 'A negative two-step skin test (TST) or a negative blood test (QuantiFERON or T-SPOT), read and signed by your provider.',
    alternatives: ['Clear chest X-ray report (after a positive test)'],
    exemption_allowed: false,
  },
  hepb: {
    name: 'Hepatitis B series',
    category: 'immunization',
    evidence: 'file_and_dates',
    validity: { kind: 'none' },
    due_days_from_cohort_start: 30,
    guidelines: 'All three doses (or both doses of Heplisav-B) with their dates, from your provider or the state immunization registry.',
    alternatives: ['Positive Hepatitis B surface antibody titer (anti-HBs)'],
    exemption_allowed: false,
  },
  flu: {
    name: 'Seasonal flu vaccine',
    category: 'immunization',
    evidence: 'file_and_dates',
    validity: { kind: 'seasonal', month: 3, day: 31 },
    due_days_from_cohort_start: null,
    guidelines: 'This season’s flu shot with its date, lot number and the clinic or pharmacy. Good through 31 March. A medical or religious exemption may be requested.',
    alternatives: [],
    exemption_allowed: true,
  },
  background: {
    name: 'Background check',
    category: 'background_check',
    evidence: 'date_only',
    validity: { kind: 'none' },
    due_days_from_cohort_start: -30,
    guidelines: 'The date your background check through the school’s vendor cleared (it is on the clearance email).',
    alternatives: [],
    exemption_allowed: false,
  },
  drug: {
    name: '10-panel drug screen',
    category: 'drug_screen',
    evidence: 'file_and_dates',
    validity: { kind: 'none' },
    due_days_from_cohort_start: -14,
    guidelines: 'The lab report of a 10-panel urine drug screen ordered through the school’s vendor.',
    alternatives: [],
    exemption_allowed: false,
  },
  orientation: {
    name: 'Riverside General orientation',
    category: 'training',
    evidence: 'attestation',
    validity: { kind: 'months', months: 12 },
    due_days_from_cohort_start: -7,
    guidelines: 'Complete Riverside General’s online orientation (HIPAA, fire safety, infection control), then attest here.',
    alternatives: [],
    exemption_allowed: false,
  },
};

const EVERY_PROGRAM: Base[] = ['bls', 'tb', 'hepb', 'flu', 'background'];
const PROGRAM_REQUIREMENTS: Record<ProgramType, Base[]> = { certificate: EVERY_PROGRAM, diploma: EVERY_PROGRAM, associates: [...EVERY_PROGRAM, 'drug'] };

const requirementId = (base: Base, programType: ProgramType) => `${base}-${programType}`;
const ORIENTATION_ID = `orientation-${ORIENTATION_COHORT}`;

/**
 * What a student's record shows for a requirement:
 *  approved | expiring | expired | pending | not_approved (missing: no entry);
 *  renewal: an approval expiring within 30 days and its renewal waiting for review;
 *  titer: approved through the alternative (the titer for the vaccine series), after a first try was not approved;
 *  titer_pending: the titer waiting for review; exemption / exemption_pending: a flu exemption, approved or waiting.
 */
type State = 'approved' | 'expiring' | 'expired' | 'pending' | 'not_approved' | 'renewal' | 'titer' | 'titer_pending' | 'exemption' | 'exemption_pending';
type Plan = Partial<Record<Base, State>>;

const CLEARED: Plan = { bls: 'approved', tb: 'approved', hepb: 'approved', flu: 'approved', background: 'approved', drug: 'approved', orientation: 'approved' };

/** The students of the inactive 2024 cohort (maya.singh, noah.jones) have none: every item Missing. */
const PLANS: Record<string, Plan> = {
  // Expiring, Expired, Approved (titer), Not approved, Pending review, Missing (orientation)
  student: { bls: 'expiring', tb: 'expired', hepb: 'titer', flu: 'not_approved', background: 'pending' },
  'aisha.khan': CLEARED,
  'ben.nguyen': { bls: 'pending', tb: 'approved', hepb: 'approved', flu: 'exemption_pending', background: 'approved', orientation: 'approved' },
  'carla.diaz': { bls: 'expired', tb: 'expiring', hepb: 'titer_pending', flu: 'approved', background: 'approved' },
  'david.kim': { bls: 'approved', tb: 'renewal', hepb: 'approved', flu: 'approved', background: 'not_approved' },
  'elena.petrova': { ...CLEARED, flu: 'exemption' },
  'farid.haddad': { bls: 'not_approved', tb: 'pending', background: 'approved' },
  'grace.obi': { bls: 'approved', tb: 'approved', hepb: 'approved', flu: 'approved', background: 'approved', drug: 'pending' },
  'hiro.tanaka': { bls: 'expiring', tb: 'approved', hepb: 'titer', flu: 'approved', background: 'approved', drug: 'approved' },
  paid: CLEARED,
  'isla.murphy': { bls: 'approved', tb: 'expired', hepb: 'pending', flu: 'not_approved' },
  'jamal.brooks': { bls: 'pending', tb: 'pending' },
  'kate.wilson': { bls: 'expired', tb: 'expired', hepb: 'approved', flu: 'approved', background: 'approved' },
  'liam.oconnor': { bls: 'approved', tb: 'expiring', hepb: 'approved', background: 'pending' },
};

const REASONS: Partial<Record<string, string>> = {
  'student/flu': 'The card shows no date or lot number. Upload the pharmacy receipt or the vaccination record that shows them.',
  'student/hepb': 'Only two of the three doses are on this record. Upload the third dose, or a positive titer instead.',
  'carla.diaz/hepb': 'The record is from a travel clinic and is not signed. A titer, or a signed record of all three doses, is needed.',
  'hiro.tanaka/hepb': 'Only the first dose is on this record. Upload the rest of the series, or a positive titer instead.',
  'david.kim/background': 'The vendor has no cleared check for this date. Enter the date on your clearance email.',
  'farid.haddad/bls': 'This is an online-only course certificate. A hands-on AHA BLS Provider card is required.',
  'isla.murphy/flu': 'The photo is too blurry to read. Upload a clearer photo or a PDF.',
};

const FILE_NAMES: Record<Base, string> = {
  bls: 'bls-card.pdf',
  tb: 'tb-test-result.png',
  hepb: 'hepatitis-b-record.pdf',
  flu: 'flu-vaccine-card.png',
  background: '',
  drug: 'drug-screen-report.pdf',
  orientation: '',
};

export interface DemoComplianceFile {
  key: string;
  content: Buffer;
  contentType: string;
}

export interface DemoCompliance {
  requirements: RequirementRecord[];
  submissions: SubmissionRecord[];
  files: DemoComplianceFile[];
}

/** A submission id (a UUID's shape, as the routes' `{id}` wants) that is the same on every run of the seed. */
export function seedSubmissionId(name: string): string {
  const h = createHash('sha256').update(`portal-seed-compliance:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${'89ab'[parseInt(h[16] ?? '0', 16) % 4]}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The key of a submission's file, as the submit handler names it. */
export const complianceFileKey = (username: string, submissionId: string, index: number, name: string) =>
  `compliance/${encodeURIComponent(username)}/${submissionId}/${index}-${name}`;

export function demoCompliance(seededAt: Date): DemoCompliance {
  const seedMs = seededAt.getTime();
  const today = schoolDay(seededAt);
  const updatedAt = seededAt.toISOString();
  /** A time on a school day (14:00 to 22:00 UTC is the same day in Chicago), never after the seed: order kept by `hour`. */
  const stamp = (day: string, hour: number) =>
    new Date(Math.min(Date.parse(`${day}T${String(14 + hour).padStart(2, '0')}:00:00.000Z`), seedMs - (10 - hour) * 60_000)).toISOString();
  const ago = (days: number) => addDays(today, -days);
  const notAfterToday = (day: string) => (day > today ? today : day);
  // a flu shot of this season: on or after the last 1 April, so it is good through the next 31 March
  const seasonStart = today.slice(5) >= '04-01' ? `${today.slice(0, 4)}-04-01` : `${Number(today.slice(0, 4)) - 1}-04-01`;
  const fluDay = (daysAgo: number) => (ago(daysAgo) > seasonStart ? ago(daysAgo) : seasonStart);

  const requirements: RequirementRecord[] = [
    ...(Object.entries(PROGRAM_REQUIREMENTS) as Array<[ProgramType, Base[]]>).flatMap(([programType, bases]) =>
      bases.map((base) => ({
        ...TEMPLATES[base],
        id: requirementId(base, programType),
        applies_to: { kind: 'program_type' as const, program_type: programType },
        retired: false,
        updatedAt,
      })),
    ),
    { ...TEMPLATES.orientation, id: ORIENTATION_ID, applies_to: { kind: 'cohort', cohort_id: ORIENTATION_COHORT }, retired: false, updatedAt },
  ];

  const png = makePng();
  const submissions: SubmissionRecord[] = [];
  const files: DemoComplianceFile[] = [];

  demoStudents.forEach(({ profile }, studentIndex) => {
    const plan = PLANS[profile.username] ?? {};
    const programType = required(profile.programType, `the program type of ${profile.username}`);
    const bases = [...PROGRAM_REQUIREMENTS[programType], ...(profile.cohortId === ORIENTATION_COHORT ? (['orientation'] as const) : [])];
    for (const [baseIndex, base] of bases.entries()) {
      const state = plan[base];
      if (!state) continue;
      const requirement = required(
        requirements.find((r) => r.id === (base === 'orientation' ? ORIENTATION_ID : requirementId(base, programType))),
        `requirement ${base}`,
      );
      const spread = (studentIndex * 7 + baseIndex * 11) % 20; // days, so the demo's dates differ
      let n = 0;
      const add = (s: {
        status: SubmissionRecord['status'];
        kind?: SubmissionRecord['kind'];
        completed: string | null;
        expires?: string | null;
        submitted: string;
        decided?: string;
        reason?: string;
        note?: string;
        fileName?: string;
      }) => {
        const id = seedSubmissionId(`${profile.username}/${requirement.id}/${n++}`);
        const kind = s.kind ?? 'evidence';
        const fileName = s.fileName ?? (requirement.evidence === 'file_and_dates' ? FILE_NAMES[base] : '');
        const record: SubmissionRecord['files'] = [];
        if (fileName) {
          const isPng = fileName.endsWith('.png');
          const content = isPng ? png : makePdf(`${requirement.name}: ${profile.firstName} ${profile.lastName}${s.completed ? `, ${s.completed}` : ''}`);
          const key = complianceFileKey(profile.username, id, 0, fileName);
          const contentType = isPng ? 'image/png' : 'application/pdf';
          files.push({ key, content, contentType });
          record.push({ key, name: fileName, size: content.length, content_type: contentType });
        }
        const submittedAt = stamp(s.submitted, 0);
        submissions.push({
          id,
          username: profile.username,
          lastName: profile.lastName,
          cohortId: profile.cohortId ?? null,
          requirement_id: requirement.id,
          kind,
          alternative: kind === 'alternative' ? 0 : null,
          files: record,
          completed_on: s.completed,
          expires_on: s.status === 'approved' ? (s.expires ?? null) : null,
          attested: requirement.evidence === 'attestation',
          note: s.note ?? '',
          status: s.status,
          reason: s.status === 'not_approved' ? (s.reason ?? 'The document does not show what is required.') : null,
          submitted_by: profile.username,
          submitted_at: submittedAt,
          decided_by: s.status === 'pending' ? null : 'compliance',
          decided_at: s.status === 'pending' ? null : stamp(notAfterToday(s.decided ?? addDays(s.submitted, 2)), 4),
        });
      };
      /** An approval that ends on `expires` (or, never expiring, was completed `daysAgo`). */
      const approval = (expires: string | null, daysAgo = 200 + spread) => {
        const completed = expires === null ? ago(daysAgo) : requirement.validity.kind === 'months' ? addMonths(expires, -requirement.validity.months) : ago(daysAgo);
        return { completed, expires: expires === null ? null : (suggestedExpiry(requirement.validity, completed) ?? expires) };
      };
      /** Approved, good for long enough not to be Expiring. */
      const good = () => {
        if (requirement.validity.kind === 'seasonal') {
          const completed = fluDay(30 + spread);
          return { completed, expires: suggestedExpiry(requirement.validity, completed) };
        }
        const completed = ago(40 + spread * 5);
        return { completed, expires: suggestedExpiry(requirement.validity, completed) };
      };
      const approvedItem = (dates: { completed: string; expires: string | null }, extra: Partial<Parameters<typeof add>[0]> = {}) =>
        add({ status: 'approved', ...dates, submitted: notAfterToday(addDays(dates.completed, 2)), decided: notAfterToday(addDays(dates.completed, 4)), ...extra });
      const reason = REASONS[`${profile.username}/${base}`];

      switch (state) {
        case 'approved':
          approvedItem(good());
          break;
        case 'expiring':
          // ends 6 to 25 days from the seed day: Expiring (within 30 days)
          approvedItem(approval(addDays(today, 6 + (spread % 20))));
          break;
        case 'expired':
          // ended 6 to 45 days before the seed day: Expired, and in the queue's expired list
          approvedItem(approval(addDays(today, -(6 + spread * 2))));
          break;
        case 'renewal': {
          approvedItem(approval(addDays(today, 9 + (spread % 15))));
          add({ status: 'pending', completed: ago(3), submitted: ago(2) });
          break;
        }
        case 'pending':
          add({ status: 'pending', completed: requirement.evidence === 'attestation' ? ago(1) : ago(5 + (spread % 5)), submitted: ago(1 + (spread % 4)) });
          break;
        case 'not_approved': {
          const completed = requirement.validity.kind === 'seasonal' ? fluDay(20 + spread) : ago(15 + spread);
          add({ status: 'not_approved', completed, submitted: notAfterToday(addDays(completed, 1)), decided: notAfterToday(addDays(completed, 3)), reason });
          break;
        }
        case 'titer':
        case 'titer_pending': {
          const first = ago(120 + spread);
          add({ status: 'not_approved', completed: first, submitted: first, decided: addDays(first, 2), reason });
          const titer = { kind: 'alternative' as const, fileName: 'hepatitis-b-titer.pdf' };
          if (state === 'titer') approvedItem({ completed: ago(60 + spread), expires: null }, titer);
          else add({ status: 'pending', completed: ago(6), submitted: ago(3), ...titer });
          break;
        }
        case 'exemption':
        case 'exemption_pending': {
          const exemption = { kind: 'exemption' as const, note: 'Medical exemption: severe egg allergy, letter from my physician attached.', fileName: 'flu-exemption-letter.pdf' };
          if (state === 'exemption') approvedItem(good(), exemption);
          else add({ status: 'pending', completed: null, submitted: ago(2), ...exemption });
          break;
        }
      }
    }
  });
  return { requirements, submissions, files };
}
