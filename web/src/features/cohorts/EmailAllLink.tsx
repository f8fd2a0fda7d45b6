import EmailIcon from '@mui/icons-material/Email';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { composeToCohortPath } from '#shared/announcementLinks';

/** "Email All": a link to the announcements page's composer, addressed to this cohort. */
export function EmailAllLink({ cohortId }: { cohortId: string }) {
  return (
    <Button variant="outlined" startIcon={<EmailIcon />} component={RouterLink} to={composeToCohortPath(cohortId)}>
      Email All
    </Button>
  );
}
