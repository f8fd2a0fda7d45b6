import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCurrentUser } from '#shared/session/currentUser';
import { LOG_IN_TO_VIEW } from './documentMessages';
import { DocumentManager } from './DocumentManager';

/**
 * Document Management: the admin panel's default Documents view, and staff's own
 * page at /documents (StaffDocumentsPage, where it is the page's h1). Without a session it only
 * asks the visitor to log in.
 */
export default function DocumentManagementPage({ headingLevel = 'h2' }: { headingLevel?: 'h1' | 'h2' }) {
  const user = useCurrentUser();
  return (
    <Stack spacing={2} component="section" aria-labelledby="document-management-title">
      <Typography id="document-management-title" variant={headingLevel === 'h1' ? 'h4' : 'h5'} component={headingLevel}>
        Document Management
      </Typography>
      {user ? <DocumentManager user={user} /> : <Alert severity="info">{LOG_IN_TO_VIEW}</Alert>}
    </Stack>
  );
}
