import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import type { SharedRoster } from '#contract/clinical';
import { Facts } from '#shared/components/Facts';
import { PageHeading } from '#shared/components/PageHeading';
import { PageLoading } from '#shared/components/PageLoading';
import { ScrollTable } from '#shared/components/ScrollTable';
import { formatCalendarDate, formatDateTime } from '#shared/lib/dates';
import { useGetSharedRosterQuery } from './clinicalApi';
import { problemOf } from './clinicalMessages';
import { dateRange } from './clinicalFormat';

const TITLE = 'Clinical roster';
const noPrint = { '@media print': { display: 'none' } } as const;

/** Every requirement any student has, in the order first met: the table's columns. */
const requirementNames = (roster: SharedRoster) => [...new Set(roster.students.flatMap((s) => s.requirements.map((r) => r.name)))];

function RosterTable({ roster }: { roster: SharedRoster }) {
  const names = requirementNames(roster);
  return (
    <ScrollTable
      label="Students and their requirements"
      head={['Student', 'Cleared', ...names].map((h) => (
        <TableCell key={h}>{h}</TableCell>
      ))}
      containerSx={{ overflowX: 'auto', '@media print': { overflow: 'visible' } }}
    >
      {roster.students.map((s, index) => (
        <TableRow key={index}>
          <TableCell>
            {s.last_name}, {s.first_name}
          </TableCell>
          <TableCell>{s.cleared ? 'Cleared' : 'Not cleared'}</TableCell>
          {names.map((name) => {
            const r = s.requirements.find((req) => req.name === name);
            return (
              <TableCell key={name}>
                {r ? r.status_label : '—'}
                {r?.expires_on && (
                  <Typography variant="body2" color="text.secondary">
                    Expires {formatCalendarDate(r.expires_on)}
                  </Typography>
                )}
              </TableCell>
            );
          })}
        </TableRow>
      ))}
    </ScrollTable>
  );
}

/**
 * The roster a school shared with a clinical site (public: the site has no account): names, cleared or not, and each
 * requirement's status and expiry, as it was when shared. Printable. A wrong or expired link says so in words.
 */
export default function SharedRosterPage() {
  const { token = '' } = useParams();
  const { data: roster, error, isLoading } = useGetSharedRosterQuery(token);
  if (isLoading) return <PageLoading label="Loading the roster..." />;
  if (!roster)
    return (
      <Stack spacing={2}>
        <PageHeading title={TITLE} />
        <Alert severity="error">{problemOf(error, 'This roster could not be loaded. Please try again later.')}</Alert>
      </Stack>
    );
  return (
    <Stack spacing={2}>
      <PageHeading
        title={`${TITLE}: ${roster.site_name}, ${roster.unit}`}
        subtitle={`Shared ${formatDateTime(roster.shared_at)}; this link works until ${formatDateTime(roster.expires_at)}.`}
      />
      <Facts
        facts={[
          ['Course', roster.course_name],
          ['Instructor', roster.instructor],
          ['Dates', dateRange(roster.starts_on, roster.ends_on)],
          ['Students', String(roster.students.length)],
        ]}
      />
      <Button variant="outlined" onClick={() => window.print()} sx={{ alignSelf: 'flex-start', ...noPrint }}>
        Print
      </Button>
      {roster.students.length === 0 ? <Typography>No students are on this roster.</Typography> : <RosterTable roster={roster} />}
    </Stack>
  );
}
