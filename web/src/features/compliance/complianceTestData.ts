import type { CohortCompliance, ComplianceRequirement, ComplianceSubmission, QueueEntry, RequirementStatus, StudentCompliance } from '#contract/compliance';
import { sampleUser, signedIn } from '../../testing/test-utils';
import { withDefaults } from '../../testing/withDefaults';

export const asStudent = () => signedIn(sampleUser({ username: 'jdoe', first_name: 'Jane', last_name: 'Doe' }));
export const asComplianceStaff = () => signedIn({ ...sampleUser({ username: 'cora', first_name: 'Cora' }), is_compliance: true } as ReturnType<typeof sampleUser>);
export const asAdmin = () => signedIn(sampleUser({ username: 'admin', first_name: 'Ada', isAdmin: true, is_staff: true }));

export const requirement = withDefaults<ComplianceRequirement>({
  id: 'bls',
  name: 'BLS card',
  category: 'cpr_bls',
  evidence: 'file_and_dates',
  validity: { kind: 'months', months: 24 },
  applies_to: { kind: 'program_type', program_type: 'diploma' },
  due_days_from_cohort_start: -14,
  guidelines: 'Upload both sides of your American Heart Association BLS card.',
  alternatives: [],
  exemption_allowed: false,
});

export const bls = requirement();
export const flu = requirement({
  id: 'flu',
  name: 'Flu shot',
  category: 'immunization',
  validity: { kind: 'seasonal', month: 3, day: 31 },
  guidelines: '',
  alternatives: [],
  exemption_allowed: true,
});
export const hipaa = requirement({ id: 'hipaa', name: 'HIPAA attestation', category: 'training', evidence: 'attestation', validity: { kind: 'none' }, guidelines: '' });

export const submission = withDefaults<ComplianceSubmission>({
  id: '11111111-1111-4111-8111-111111111111',
  username: 'jdoe',
  requirement_id: 'bls',
  kind: 'evidence',
  alternative: null,
  files: [{ key: 'compliance/jdoe/a.pdf', name: 'bls-front.pdf', size: 1200, content_type: 'application/pdf' }],
  completed_on: '2026-10-01',
  expires_on: null,
  attested: false,
  note: '',
  status: 'pending',
  reason: null,
  submitted_by: 'jdoe',
  submitted_at: '2026-11-20T15:00:00.000Z',
  decided_by: null,
  decided_at: null,
});

const row = (r: ComplianceRequirement, overrides: Partial<RequirementStatus> = {}): RequirementStatus => ({
  requirement: r,
  status: 'missing',
  status_label: 'Missing',
  expires_on: null,
  reason: null,
  due_on: null,
  pending: null,
  history: [],
  ...overrides,
});

export const studentCompliance: StudentCompliance = {
  username: 'jdoe',
  cleared: false,
  reasons: ['BLS card is missing', 'Flu shot was not approved'],
  requirements: [
    row(bls, { due_on: '2027-01-04' }),
    row(flu, {
      status: 'not_approved',
      status_label: 'Not approved',
      reason: 'The lot number is unreadable',
      history: [
        submission({
          id: '22222222-2222-4222-8222-222222222222',
          requirement_id: 'flu',
          status: 'not_approved',
          reason: 'The lot number is unreadable',
          files: [{ key: 'k/flu.png', name: 'flu.png', size: 10, content_type: 'image/png' }],
        }),
      ],
    }),
    row(hipaa, { status: 'approved', status_label: 'Approved' }),
  ],
};

export function queueEntry(overrides: Partial<ComplianceSubmission> = {}, student: Partial<QueueEntry['student']> = {}, name = 'BLS card'): QueueEntry {
  return {
    submission: submission(overrides),
    requirement_name: name,
    student: { username: 'jdoe', first_name: 'Jane', last_name: 'Doe', cohort_id: 'cohort-2026-1', ...student },
  };
}

export const cohortGrid: CohortCompliance = {
  cohort_id: 'cohort-2026-1',
  requirements: [
    { id: 'bls', name: 'BLS card' },
    { id: 'flu', name: 'Flu shot' },
  ],
  students: [
    { username: 'jdoe', first_name: 'Jane', last_name: 'Doe', statuses: { bls: { status: 'expiring', expires_on: '2026-12-10' }, flu: { status: 'pending', expires_on: null } } },
    { username: 'bsmith', first_name: 'Bob', last_name: 'Smith', statuses: { bls: { status: 'expired', expires_on: '2026-10-01' } } },
  ],
  counts: { pending: 1, expiring: 1, expired: 1, missing: 1 },
};
