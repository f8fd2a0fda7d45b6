import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { brand } from '#shared/brand';
import { useSignedInUser } from '#shared/session/currentUser';
import { VIEW_LABEL, type AdminView } from './adminViews';

interface Props {
  view: AdminView;
  documents: ReactNode;
  cohorts: ReactNode;
  students: ReactNode;
  audit: ReactNode;
}

/** What the panel shows for the chosen view. */
export function AdminViewContent({ view, documents, cohorts, students, audit }: Props) {
  switch (view) {
    case 'documents':
      return documents;
    case 'cohorts':
      return cohorts;
    case 'students':
      return students;
    case 'audit':
      return audit;
    case 'overview':
      return <Overview />;
    default:
      return <ComingSoon title={VIEW_LABEL[view]} />;
  }
}

function Overview() {
  const user = useSignedInUser();
  return (
    <Stack spacing={1} component="section" aria-labelledby="admin-view-title">
      <Typography id="admin-view-title" variant="h5" component="h2">
        Overview
      </Typography>
      <Typography>
        Welcome{user.first_name ? `, ${user.first_name}` : ''}! This is the {brand.collegeName} admin dashboard. Use the menu to manage documents, cohorts and students.
      </Typography>
    </Stack>
  );
}

/** The spec's Categories, Analytics and Settings views are placeholders for now. */
function ComingSoon({ title }: { title: string }) {
  return (
    <Stack spacing={1} component="section" aria-labelledby="admin-view-title">
      <Typography id="admin-view-title" variant="h5" component="h2">
        {title}
      </Typography>
      <Typography>The {title} feature is coming soon.</Typography>
    </Stack>
  );
}
