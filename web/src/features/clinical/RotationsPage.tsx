import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Rotation } from '#contract/clinical';
import { DataTable } from '#shared/components/DataTable';
import type { DataColumn } from '#shared/components/dataTableColumns';
import { PagedQueryList } from '#shared/components/PagedList';
import { rotationRosterPath } from '#shared/paths';
import { useDeleteRotationMutation, useListRotationsInfiniteQuery } from './clinicalApi';
import { dateRange } from './clinicalFormat';
import { RotationFormDialog } from './RotationFormDialog';
import { ListPageHeading } from './ListPageHeading';
import { useConfirmedDelete } from './useConfirmedDelete';

const COLUMNS: DataColumn<Rotation>[] = [
  {
    header: 'Site and unit',
    priority: 'title',
    render: (r) => (
      <Link component={RouterLink} to={rotationRosterPath(r.id)}>
        {r.site_name}, {r.unit}
      </Link>
    ),
  },
  { header: 'Dates', render: (r) => dateRange(r.starts_on, r.ends_on) },
  { header: 'Course', render: (r) => r.course_name },
  { header: 'Instructor', render: (r) => r.instructor },
  { header: 'Students', align: 'right', nowrap: true, render: (r) => `${r.assigned} of ${r.capacity}` },
];

/** Upcoming clinical rotations (the compliance group, admins), soonest first, each leading to its roster. */
export default function RotationsPage() {
  const list = useListRotationsInfiniteQuery();
  const rotations = list.data?.pages.flatMap((page) => page.results) ?? [];
  const [deleteRotation] = useDeleteRotationMutation();
  const [editing, setEditing] = useState<{ rotation?: Rotation } | null>(null);
  const deletion = useConfirmedDelete<Rotation>({
    title: 'Delete this rotation?',
    question: (r) => `The rotation at ${r.site_name}, ${r.unit} (${dateRange(r.starts_on, r.ends_on)}) and its assignments will be deleted.`,
    remove: (r) => deleteRotation(r.id).unwrap(),
    done: () => 'Rotation deleted.',
    failed: 'The rotation could not be deleted. Please try again.',
  });

  return (
    <Stack spacing={2}>
      <ListPageHeading
        title="Clinical Rotations"
        subtitle="Rotations that have not ended, soonest first. Open one to assign students and share its roster."
        addLabel="Add rotation"
        onAdd={() => setEditing({})}
        problem={deletion.problem}
      />
      <PagedQueryList
        query={list}
        loadingText="Loading rotations..."
        failureText="Unable to load the rotations"
        empty={rotations.length === 0 && 'No upcoming rotations. Add one.'}
      >
        <DataTable
          label="Rotations"
          columns={COLUMNS}
          rows={rotations}
          rowKey={(r) => r.id}
          actions={{
            render: (r) => (
              <>
                <Button size="small" aria-label={`Edit ${r.site_name}, ${r.unit}`} onClick={() => setEditing({ rotation: r })}>
                  Edit
                </Button>
                <Button size="small" color="error" aria-label={`Delete ${r.site_name}, ${r.unit}`} onClick={() => deletion.ask(r)}>
                  Delete
                </Button>
              </>
            ),
          }}
        />
      </PagedQueryList>
      {editing && <RotationFormDialog rotation={editing.rotation} onClose={() => setEditing(null)} />}
      {deletion.dialog}
    </Stack>
  );
}
