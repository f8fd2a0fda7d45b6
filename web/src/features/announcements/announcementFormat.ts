import type { Cohort } from '#contract/cohorts';
import type { AnnouncementStatus, AnnouncementSummary, FlaggedRecipient } from '#contract/notifications';
import type { ProgramType } from '#contract/programs';
import { PROGRAM_TYPE_LABEL } from '#shared/lib/programs';

export const STATUS_LABEL: Record<AnnouncementStatus, string> = { scheduled: 'Scheduled', sending: 'Sending', sent: 'Sent', cancelled: 'Cancelled' };
export const STATUS_COLOR: Record<AnnouncementStatus, 'info' | 'warning' | 'success' | 'default'> = {
  scheduled: 'info',
  sending: 'warning',
  sent: 'success',
  cancelled: 'default',
};

export const REASON_LABEL: Record<FlaggedRecipient['reason'], string> = { bounced: 'Bounced', complained: 'Marked as spam' };

/** "2025-2026 Cohort 1 (Nursing Assistant)", as the cohort screens name a cohort. */
export const cohortName = (cohort: Cohort) => `${cohort.academic_year} Cohort ${cohort.cohort_number} (${cohort.program_name})`;

/** Who an announcement went to, in words; a cohort by its name when the list knows it. */
export function audienceOf(announcement: AnnouncementSummary, cohorts: readonly Cohort[]): string {
  switch (announcement.audience) {
    case 'general':
      return 'All students';
    case 'program_type':
      return `Program type: ${PROGRAM_TYPE_LABEL[announcement.program_type as ProgramType] ?? announcement.program_type}`;
    case 'cohort': {
      const cohort = cohorts.find((c) => c.id === announcement.cohort_id);
      return `Cohort: ${cohort ? cohortName(cohort) : announcement.cohort_id}`;
    }
    case 'students': {
      const names = announcement.usernames;
      return names.length <= 3 ? `Students: ${names.join(', ')}` : `Students: ${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
    }
  }
}

/** When it went (or goes): the send time, else the scheduled time, else when it was written. */
export const whenOf = (announcement: AnnouncementSummary) => announcement.sent_at ?? announcement.send_at ?? announcement.created_at;
