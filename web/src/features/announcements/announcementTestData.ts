import type { AnnouncementSummary } from '#contract/notifications';
import { sampleCohort } from '../../testing/fixtures';

/** Announcements and cohorts for the announcement screens' tests. */

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
