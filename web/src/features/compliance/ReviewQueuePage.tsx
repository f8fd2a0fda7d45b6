import { cohortCompliancePath, paths } from '#shared/paths';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { suggestedExpiry } from '../../../../lambdas/domain/compliance';
import type { ComplianceRequirement, QueueEntry } from '#contract/compliance';
import { NativeSelect } from '#shared/components/NativeSelect';
import { PageHeading } from '#shared/components/PageHeading';
import { PageLoading } from '#shared/components/PageLoading';
import { ScrollTable } from '#shared/components/ScrollTable';
import { SelectOptions } from '#shared/components/SelectOptions';
import { formatDateTime } from '#shared/lib/dates';
import { useSignedInUser } from '#shared/session/currentUser';
import { TOAST_MS, useToast } from '#shared/toast/useToast';
import { useDecideSubmissionMutation, useGetQueueQuery, useGetRequirementsQuery, useListComplianceCohortsQuery, type QueueStatus } from './complianceApi';
import { dayText, personName } from './complianceFormat';
import { problemOf, SAVE_FAILED } from './complianceMessages';
import { LoadFailed } from './LoadFailed';
import { ReviewDialog } from './ReviewDialog';

const STATUS_OPTIONS: Array<[QueueStatus, string]> = [
  ['pending', 'Pending review'],
  ['expiring', 'Expiring within 30 days'],
  ['expired', 'Expired'],
];

/** The approval a bulk approve sends for an entry: its own completion date and the expiry its requirement suggests; null when it has no completion date. */
export function bulkApproval(entry: QueueEntry, requirement: ComplianceRequirement | undefined): { completed_on: string; expires_on: string | null } | null {
  const completed = entry.submission.completed_on;
  if (!completed || !requirement) return null;
  const expires = entry.submission.expires_on ?? suggestedExpiry(requirement.validity, completed);
  if (!expires && requirement.validity.kind !== 'none') return null;
  return { completed_on: completed, expires_on: expires };
}

/** The review queue: the compliance group's and admins' list of items to decide, expiring and expired. */
export default function ReviewQueuePage() {
  const user = useSignedInUser();
  const toast = useToast(TOAST_MS);
  const [status, setStatus] = useState<QueueStatus>('pending');
  const [cohortId, setCohortId] = useState('');
  const [requirementId, setRequirementId] = useState('');
  const [cursors, setCursors] = useState<string[]>([]);
  const [open, setOpen] = useState<{ entries: QueueEntry[]; index: number } | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkProblem, setBulkProblem] = useState<string | null>(null);
  const [decide, { isLoading: approving }] = useDecideSubmissionMutation();

  const cursor = cursors.at(-1);
  const queue = useGetQueueQuery({ status, cohort_id: cohortId || undefined, requirement_id: requirementId || undefined, cursor });
  const requirements = useGetRequirementsQuery();
  // every reviewer lists the cohorts by name (GET /api/cohorts/ takes the compliance group too); the queue's own fill any gap
  const cohorts = useListComplianceCohortsQuery();
  const byId = useMemo(() => new Map((requirements.data?.requirements ?? []).map((r) => [r.id, r])), [requirements.data]);
  const entries = useMemo(() => queue.data?.results ?? [], [queue.data]);

  const cohortOptions = useMemo(() => {
    const options = new Map<string, string>();
    for (const c of cohorts.data ?? []) options.set(c.id, `${c.academic_year} Cohort ${c.cohort_number} (${c.program_name})`);
    for (const e of entries) if (e.student.cohort_id && !options.has(e.student.cohort_id)) options.set(e.student.cohort_id, e.student.cohort_id);
    if (cohortId && !options.has(cohortId)) options.set(cohortId, cohortId);
    return [...options];
  }, [cohorts.data, entries, cohortId]);

  const filterChanged = (change: () => void) => {
    change();
    setCursors([]);
    setSelected(new Set());
  };
  const toggle = (id: string) =>
    setSelected((ids) => {
      const next = new Set(ids);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const bulkApprove = async () => {
    const chosen = entries.filter((e) => selected.has(e.submission.id));
    let approved = 0;
    const skipped: string[] = [];
    for (const entry of chosen) {
      const approval = bulkApproval(entry, byId.get(entry.submission.requirement_id));
      if (!approval) {
        skipped.push(`${personName(entry.student)} (${entry.requirement_name})`);
        continue;
      }
      try {
        await decide({ id: entry.submission.id, decision: 'approved', ...approval }).unwrap();
        approved += 1;
      } catch (error) {
        skipped.push(`${personName(entry.student)} (${entry.requirement_name}): ${problemOf(error, SAVE_FAILED)}`);
      }
    }
    setSelected(new Set());
    setBulkProblem(skipped.length ? `Not approved in bulk, open each to review: ${skipped.join('; ')}` : null);
    if (approved) toast(`${approved} item${approved === 1 ? '' : 's'} approved.`, 'success');
  };

  const current = open ? open.entries[open.index] : undefined;
  const nextCursor = queue.data?.next ?? null;
  const pendingView = status === 'pending';

  return (
    <Stack spacing={2}>
      <PageHeading title="Compliance Review" subtitle="Items handed in for review, and approvals expiring or expired." />
      {user.isAdmin && (
        <Link component={RouterLink} to={paths.complianceRequirements}>
          Edit the requirement templates
        </Link>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} component="form" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
        <NativeSelect id="queue-status" label="Status" value={status} onChange={(e) => filterChanged(() => setStatus(e.target.value as QueueStatus))}>
          <SelectOptions options={STATUS_OPTIONS} />
        </NativeSelect>
        <NativeSelect id="queue-cohort" label="Cohort" value={cohortId} onChange={(e) => filterChanged(() => setCohortId(e.target.value))}>
          <option value="">All cohorts</option>
          <SelectOptions options={cohortOptions} />
        </NativeSelect>
        <NativeSelect id="queue-requirement" label="Requirement" value={requirementId} onChange={(e) => filterChanged(() => setRequirementId(e.target.value))}>
          <option value="">All requirements</option>
          <SelectOptions options={(requirements.data?.requirements ?? []).map((r) => [r.id, r.name] as const)} />
        </NativeSelect>
      </Stack>
      {cohortId && (
        <Link component={RouterLink} to={cohortCompliancePath(cohortId)}>
          Open this cohort's compliance grid
        </Link>
      )}
      {queue.isFetching && !queue.data && <PageLoading label="Loading the queue..." />}
      {queue.error && <LoadFailed error={queue.error} retry={queue.refetch} />}
      {bulkProblem && <Alert severity="warning">{bulkProblem}</Alert>}
      {queue.data && entries.length === 0 && <Typography>Nothing in the queue for these filters.</Typography>}
      {entries.length > 0 && (
        <>
          <Typography role="status">
            {queue.data?.count ?? entries.length} item{(queue.data?.count ?? entries.length) === 1 ? '' : 's'}
          </Typography>
          {pendingView && (
            <Stack direction="row">
              <Button variant="outlined" disabled={selected.size === 0 || approving} onClick={() => void bulkApprove()}>
                Approve selected ({selected.size})
              </Button>
            </Stack>
          )}
          <ScrollTable
            labelledBy="queue-table-caption"
            tableSx={{ minWidth: 720 }}
            caption={
              <caption id="queue-table-caption" style={{ captionSide: 'top', textAlign: 'left' }}>
                Review queue
              </caption>
            }
            head={
              <>
                {pendingView && <TableCell padding="checkbox">Select</TableCell>}
                <TableCell>Student</TableCell>
                <TableCell>Requirement</TableCell>
                <TableCell>Submitted</TableCell>
                <TableCell>Files</TableCell>
                {!pendingView && <TableCell>Expires</TableCell>}
                <TableCell>Action</TableCell>
              </>
            }
          >
            {entries.map((entry, index) => (
              <TableRow key={entry.submission.id} hover>
                {pendingView && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.has(entry.submission.id)}
                      onChange={() => toggle(entry.submission.id)}
                      slotProps={{ input: { 'aria-label': `Select ${personName(entry.student)}, ${entry.requirement_name}` } }}
                    />
                  </TableCell>
                )}
                <TableCell>{personName(entry.student)}</TableCell>
                <TableCell>{entry.requirement_name}</TableCell>
                <TableCell>{formatDateTime(entry.submission.submitted_at)}</TableCell>
                <TableCell>{entry.submission.files.length}</TableCell>
                {!pendingView && <TableCell>{dayText(entry.submission.expires_on)}</TableCell>}
                <TableCell>
                  <Button size="small" onClick={() => setOpen({ entries, index })} aria-label={`Review ${personName(entry.student)}, ${entry.requirement_name}`}>
                    Review
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </ScrollTable>
          <Stack direction="row" spacing={1}>
            <Button disabled={cursors.length === 0} onClick={() => setCursors((all) => all.slice(0, -1))}>
              Previous page
            </Button>
            <Button disabled={!nextCursor} onClick={() => nextCursor && setCursors((all) => [...all, nextCursor])}>
              Next page
            </Button>
          </Stack>
        </>
      )}
      {open && current && (
        <ReviewDialog
          key={current.submission.id}
          entry={current}
          requirement={byId.get(current.submission.requirement_id)}
          onNext={open.index + 1 < open.entries.length ? () => setOpen({ ...open, index: open.index + 1 }) : undefined}
          onDecided={(decision) => {
            toast(decision === 'approved' ? 'Approved.' : 'Marked not approved.', 'success');
            if (open.index + 1 < open.entries.length) setOpen({ ...open, index: open.index + 1 });
            else setOpen(null);
          }}
          onClose={() => setOpen(null)}
        />
      )}
    </Stack>
  );
}
