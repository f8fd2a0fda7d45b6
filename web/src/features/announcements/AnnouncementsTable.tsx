import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { Cohort } from '#contract/cohorts';
import type { AnnouncementSummary } from '#contract/notifications';
import { DataTable } from '#shared/components/DataTable';
import type { DataColumn } from '#shared/components/dataTableColumns';
import { audienceOf, STATUS_COLOR, STATUS_LABEL, whenOf } from './announcementFormat';
import { formatSchoolTime } from './schoolTime';

/** The status, and a warning when some recipients' addresses no longer take email (the details say whose). */
function StatusCell({ announcement }: { announcement: AnnouncementSummary }) {
  const flagged = announcement.flagged_recipients.length;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      <Chip size="small" label={STATUS_LABEL[announcement.status] ?? announcement.status} color={STATUS_COLOR[announcement.status] ?? 'default'} />
      {flagged > 0 && <Chip size="small" variant="outlined" color="warning" label={`${flagged} not emailed`} />}
    </Box>
  );
}

const columns = (cohorts: readonly Cohort[]): ReadonlyArray<DataColumn<AnnouncementSummary>> => [
  { header: 'Subject', priority: 'title', render: (a) => a.subject, breakAnywhere: true },
  { header: 'Audience', render: (a) => audienceOf(a, cohorts) },
  { header: 'Status', render: (a) => <StatusCell announcement={a} /> },
  { header: 'Recipients', align: 'right', nowrap: true, render: (a) => a.recipient_count },
  { header: 'Sent / Scheduled', nowrap: true, render: (a) => formatSchoolTime(whenOf(a)) },
];

/** The sent and scheduled announcements, newest first; each opens to its message and whom email missed. */
export function AnnouncementsTable({
  announcements,
  cohorts,
  onOpen,
}: {
  announcements: readonly AnnouncementSummary[];
  cohorts: readonly Cohort[];
  onOpen: (a: AnnouncementSummary) => void;
}) {
  return <DataTable label="Announcements" columns={columns(cohorts)} rows={announcements} rowKey={(a) => a.id} onRowOpen={onOpen} openLabel={(a) => `View ${a.subject}`} />;
}
