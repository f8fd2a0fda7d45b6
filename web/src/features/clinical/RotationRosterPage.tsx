import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { Clearance, RosterEntry, RotationRoster } from '#contract/clinical';
import { Facts } from '#shared/components/Facts';
import { PageHeading } from '#shared/components/PageHeading';
import { PageLoading } from '#shared/components/PageLoading';
import { LoadFailure } from '#shared/components/PagedList';
import { ProblemAlert } from '#shared/components/ProblemAlert';
import { ScrollTable } from '#shared/components/ScrollTable';
import { SectionCard } from '#shared/components/SectionCard';
import { paths } from '#shared/paths';
import { AssignStudentsForm } from './AssignStudentsForm';
import { useGetRosterQuery, useUnassignStudentMutation } from './clinicalApi';
import { dateRange } from './clinicalFormat';
import { ShareRosterDialog } from './ShareRosterDialog';
import { useConfirmedDelete } from './useConfirmedDelete';

const HEAD = ['Student', 'Username', 'Clearance', 'Actions'];
const fullName = (s: RosterEntry) => `${s.first_name} ${s.last_name}`.trim() || s.username;

/** "Cleared" or "Not cleared" in words (the colour repeats it), and why not. */
function ClearanceCell({ clearance }: { clearance: Clearance }) {
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Chip size="small" color={clearance.cleared ? 'success' : 'error'} label={clearance.cleared ? 'Cleared' : 'Not cleared'} />
      {clearance.reasons.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {clearance.reasons.map((reason) => (
            <Typography key={reason} component="li" variant="body2">
              {reason}
            </Typography>
          ))}
        </Box>
      )}
    </Stack>
  );
}

function Roster({ roster }: { roster: RotationRoster }) {
  const { rotation, students } = roster;
  const [unassign] = useUnassignStudentMutation();
  const [sharing, setSharing] = useState(false);
  const removal = useConfirmedDelete<RosterEntry>({
    title: 'Remove this student?',
    confirmLabel: 'Remove',
    question: (s) => `${fullName(s)} will be taken off this rotation.`,
    remove: (s) => unassign({ id: rotation.id, username: s.username }).unwrap(),
    done: (s) => `${fullName(s)} removed.`,
    failed: 'The student could not be removed. Please try again.',
  });
  const blocked = students.filter((s) => !s.cleared).length;

  return (
    <Stack spacing={3}>
      <PageHeading title={`${rotation.site_name}, ${rotation.unit}`} subtitle={`Clinical rotation · ${dateRange(rotation.starts_on, rotation.ends_on)}`} />
      <Link component={RouterLink} to={paths.rotations} sx={{ alignSelf: 'flex-start' }}>
        All rotations
      </Link>
      <SectionCard id="rotation-details" title="Details">
        <Facts
          facts={[
            ['Course', rotation.course_name],
            ['Instructor', rotation.instructor_email ? `${rotation.instructor} (${rotation.instructor_email})` : rotation.instructor],
            ['Dates', dateRange(rotation.starts_on, rotation.ends_on)],
            ['Students', `${rotation.assigned} of ${rotation.capacity}`],
          ]}
        />
      </SectionCard>
      <SectionCard id="roster-title" title="Roster">
        <Stack spacing={2}>
          <AssignStudentsForm rotationId={rotation.id} onProblem={removal.setProblem} />
          <ProblemAlert problem={removal.problem} />
          <Typography role="status">
            {students.length === 0 ? 'No students yet.' : roster.all_cleared ? 'Everyone is cleared.' : `${blocked} of ${students.length} students are not cleared.`}
          </Typography>
          {students.length > 0 && (
            <ScrollTable
              label="Roster"
              tableSx={{ minWidth: 560 }}
              head={HEAD.map((h) => (
                <TableCell key={h}>{h}</TableCell>
              ))}
            >
              {students.map((s) => (
                <TableRow key={s.username}>
                  <TableCell>{fullName(s)}</TableCell>
                  <TableCell>{s.username}</TableCell>
                  <TableCell>
                    <ClearanceCell clearance={s} />
                  </TableCell>
                  <TableCell>
                    <Button size="small" color="error" aria-label={`Remove ${fullName(s)}`} onClick={() => removal.ask(s)}>
                      Remove
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </ScrollTable>
          )}
          <Box>
            <Button variant="contained" disabled={students.length === 0} onClick={() => setSharing(true)}>
              Share with site
            </Button>
          </Box>
        </Stack>
      </SectionCard>
      {removal.dialog}
      {sharing && <ShareRosterDialog rotationId={rotation.id} blocked={blocked} total={students.length} onClose={() => setSharing(false)} />}
    </Stack>
  );
}

/** One rotation (the compliance group, admins): its details, who is on it and whether each is cleared, and sharing it with the site. */
export default function RotationRosterPage() {
  const { id = '' } = useParams();
  const roster = useGetRosterQuery(id);
  if (roster.isLoading) return <PageLoading label="Loading the roster..." />;
  if (!roster.data)
    return (
      <Stack spacing={2}>
        <PageHeading title="Clinical rotation" />
        <LoadFailure message="Unable to load the roster" error={roster.error} />
      </Stack>
    );
  return <Roster roster={roster.data} />;
}
