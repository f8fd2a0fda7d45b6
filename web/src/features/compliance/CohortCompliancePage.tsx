import { paths } from '#shared/paths';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { downloadCsv } from '#shared/lib/csv';
import { localIsoDate } from '#shared/lib/dates';
import { PageHeading } from '#shared/components/PageHeading';
import { ScrollTable } from '#shared/components/ScrollTable';
import { useGetCohortComplianceQuery } from './complianceApi';
import { dayText, personName } from './complianceFormat';
import { LoadState } from './LoadState';
import { cohortComplianceCsv, cohortComplianceFileName } from './cohortComplianceCsv';
import { ComplianceStatusChip } from './ComplianceStatusChip';

const COUNTS = [
  ['pending', 'Pending review'],
  ['expiring', 'Expiring within 30 days'],
  ['expired', 'Expired'],
  ['missing', 'Missing'],
] as const;

/** One cohort's compliance: students × requirements, the four counts, and the CSV export. */
export default function CohortCompliancePage() {
  const { id = '' } = useParams();
  const { data, error, isLoading, refetch } = useGetCohortComplianceQuery(id, { skip: !id });

  return (
    <Stack spacing={2}>
      <PageHeading title="Cohort Compliance" subtitle={`Cohort ${id}`} />
      <Link component={RouterLink} to={paths.complianceReview}>
        Back to the review queue
      </Link>
      <LoadState isLoading={isLoading} error={error} retry={refetch} loading="Loading the cohort's compliance..." />
      {data && (
        <>
          <Stack component="dl" direction="row" sx={{ flexWrap: 'wrap', gap: 2, m: 0 }} aria-label="Counts">
            {COUNTS.map(([key, label]) => (
              <Paper key={key} variant="outlined" sx={{ px: 2, py: 1, minWidth: 140 }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" variant="h5" sx={{ m: 0 }}>
                  {data.counts[key]}
                </Typography>
              </Paper>
            ))}
          </Stack>
          <Stack direction="row">
            <Button
              variant="outlined"
              disabled={data.students.length === 0}
              onClick={() => downloadCsv(cohortComplianceCsv(data), cohortComplianceFileName(data.cohort_id, localIsoDate()))}
            >
              Export CSV
            </Button>
          </Stack>
          {data.students.length === 0 || data.requirements.length === 0 ? (
            <Typography>{data.students.length === 0 ? 'This cohort has no students.' : 'No requirements apply to this cohort.'}</Typography>
          ) : (
            <ScrollTable
              label="Compliance grid"
              stickyHeader
              containerSx={{ overflowX: 'auto', maxWidth: '100%' }}
              head={
                <>
                  <TableCell component="th" scope="col" sx={{ position: 'sticky', left: 0, zIndex: 3, bgcolor: 'background.paper' }}>
                    Student
                  </TableCell>
                  {data.requirements.map((r) => (
                    <TableCell key={r.id} component="th" scope="col">
                      {r.name}
                    </TableCell>
                  ))}
                </>
              }
            >
              {data.students.map((s) => (
                <TableRow key={s.username}>
                  <TableCell component="th" scope="row" sx={{ position: 'sticky', left: 0, bgcolor: 'background.paper', whiteSpace: 'nowrap' }}>
                    {personName(s)}
                  </TableCell>
                  {data.requirements.map((r) => {
                    const cell = s.statuses[r.id];
                    return (
                      <TableCell key={r.id} sx={{ whiteSpace: 'nowrap' }}>
                        <ComplianceStatusChip status={cell?.status ?? 'missing'} />
                        {cell?.expires_on && (
                          <Typography variant="caption" sx={{ display: 'block' }}>
                            Expires {dayText(cell.expires_on)}
                          </Typography>
                        )}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </ScrollTable>
          )}
        </>
      )}
    </Stack>
  );
}
