import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import type { Cohort } from '#contract/cohorts';
import { brand } from '#shared/brand';
import { paths } from '#shared/paths';
import { PageLoading } from '#shared/components/PageLoading';
import { PROGRAM_TYPE_LABEL } from '#shared/lib/programs';
import { cohortLabel, statusLabel } from './cohortFormat';
import { COHORT_NOT_FOUND, COHORTS_FAILED } from './cohortMessages';
import { useListCohortsQuery } from './cohortsApi';
import { CohortStudents } from './CohortStudents';

/** Cohort detail at /cohort-management/:cohortId (admin only). */
export default function CohortDetailPage() {
  const { cohortId = '' } = useParams();
  // The list is usually cached from Cohort Management; it is small, so no call per cohort is needed.
  const cohorts = useListCohortsQuery();
  const cohort = cohorts.data?.find((c) => c.id === cohortId);

  return (
    <Stack spacing={3} component="section" aria-labelledby="page-title">
      <Breadcrumbs aria-label="Breadcrumb">
        <Link component={RouterLink} to={paths.cohortManagement} underline="hover" color="inherit">
          Cohort Management
        </Link>
        <Typography color="text.primary" aria-current="page">
          {cohort ? cohortLabel(cohort) : 'Cohort detail'}
        </Typography>
      </Breadcrumbs>
      <Box>
        <Button component={RouterLink} to={paths.cohortManagement} startIcon={<ArrowBackIcon />}>
          Back to Cohorts
        </Button>
      </Box>
      {cohorts.isError ? (
        <Alert severity="error">{COHORTS_FAILED}</Alert>
      ) : cohorts.isLoading ? (
        <PageLoading label="Loading cohort..." />
      ) : !cohort ? (
        <Alert severity="warning">{COHORT_NOT_FOUND}</Alert>
      ) : (
        <CohortDetail cohort={cohort} />
      )}
    </Stack>
  );
}

function CohortDetail({ cohort }: { cohort: Cohort }) {
  const title = cohortLabel(cohort);
  return (
    <>
      <title>{`${title} · ${brand.productName}`}</title>
      <Box>
        <Typography id="page-title" variant="h4" component="h1">
          {title}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography color="text.secondary">
            {cohort.program_name} · {PROGRAM_TYPE_LABEL[cohort.program_type] ?? cohort.program_type}
          </Typography>
          <Chip size="small" label={statusLabel(cohort)} color={cohort.is_active ? 'success' : 'default'} />
        </Stack>
      </Box>
      <CohortStudents cohort={cohort} />
    </>
  );
}
