import type { AnnouncementSummary, MessageLogItem } from '#contract/notifications';
import type { StudentSummary } from '#contract/student-admin';
import { sampleCohort } from '../../testing/fixtures';
import { jsonResponse, type ApiCall } from '../../testing/test-utils';

/** Announcements, cohorts, students and their emails for the announcement screens' tests. */

export const nursingCohort = sampleCohort({ id: 'cohort-2025-cert-1' });
export const cohorts = [
  nursingCohort,
  sampleCohort({ id: 'cohort-2026-dipl-2', academic_year: '2026-2027', cohort_number: 2, program_type: 'diploma', program_name: 'Ultrasound Program' }),
];

export function announcement(overrides: Partial<AnnouncementSummary> & Pick<AnnouncementSummary, 'id'>): AnnouncementSummary {
  return {
    subject: 'Campus closed Monday',
    body: 'The campus is closed **Monday**.',
    audience: 'general',
    program_type: null,
    cohort_id: null,
    usernames: [],
    send_email: true,
    send_at: null,
    status: 'sent',
    recipient_count: 120,
    flagged_recipients: [],
    created_by: 'staff',
    created_at: '2026-03-02T15:00:00.000Z',
    sent_at: '2026-03-02T15:00:05.000Z',
    ...overrides,
  };
}

export const sent = announcement({
  id: 'a-1',
  audience: 'cohort',
  cohort_id: nursingCohort.id,
  subject: 'Clinical badges',
  recipient_count: 24,
  flagged_recipients: [
    { username: 'maria.lopez', name: 'Maria Lopez', reason: 'bounced' },
    { username: 'ben.nguyen', name: 'Ben Nguyen', reason: 'complained' },
  ],
});
export const scheduled = announcement({
  id: 'a-2',
  audience: 'students',
  usernames: ['aisha.khan', 'ben.nguyen', 'carla.diaz', 'nia.okafor'],
  subject: 'Make-up exam',
  status: 'scheduled',
  send_at: '2026-07-01T22:30:00.000Z',
  sent_at: null,
  recipient_count: 4,
});

const student = (username: string, first_name: string, last_name: string, program: string | null): StudentSummary => ({
  username,
  first_name,
  last_name,
  program,
  email: `${username}@students.example.edu`,
  phone_number: null,
  program_type: program ? 'certificate' : null,
  cohort_id: null,
  on_payment_plan: false,
  balance: 0,
  sign_in_enabled: true,
  created_at: '2026-09-01T09:00:00.000Z',
});

export const students = [student('jane.doe', 'Jane', 'Doe', 'Phlebotomy'), student('janet.lee', 'Janet', 'Lee', null), student('aisha.khan', 'Aisha', 'Khan', 'Nursing Assistant')];

/** GET /api/students/?search=: the students whose name or username holds the text, as the server matches them. */
export const searchStudents = (call: ApiCall) => {
  const search = (new URL(call.path, 'http://localhost').searchParams.get('search') ?? '').toLowerCase();
  return jsonResponse(students.filter((s) => [s.username, `${s.first_name} ${s.last_name}`].some((v) => v.toLowerCase().includes(search))));
};

const email = (id: string, subject: string, status: MessageLogItem['status'], created_at: string): MessageLogItem => ({
  id,
  category: 'announcement',
  subject,
  status,
  created_at,
  updated_at: created_at,
});

/** Jane's emails, newest first: two pages as the API pages them (the second after the cursor "m2"). */
export const janeMessages = [
  [email('m1', 'Clinical badges', 'delivered', '2026-03-02T15:00:05.000Z'), email('m2', 'Make-up exam', 'bounced', '2026-02-20T15:00:05.000Z')],
  [email('m3', 'Campus closed Monday', 'held', '2026-02-01T15:00:05.000Z')],
];
