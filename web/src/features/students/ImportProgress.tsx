import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import type { ImportRowReport } from '#contract/student-import';
import { useAppDispatch } from '#shared/store/hooks';
import { formatDateTime } from '#shared/lib/dates';
import { serverErrorOf } from '#shared/lib/serverError';
import { ImportReportTable } from './ImportReportTable';
import { IMPORT_POLL_MS, importSummaryText, progressPercent, progressText, REPORT_PAGE_ROWS } from './studentImport';
import { IMPORT_FAILED, IMPORT_NOT_QUEUED } from './studentMessages';
import { studentsAdminApi, useGetImportQuery, useLazyGetImportQuery } from './studentsAdminApi';

/**
 * One import: while the server works through it, a progress bar read every second; once every
 * row has its outcome, the counts and the per-row report (`pageRows` rows, then "Show more rows").
 */
export function ImportProgress({ id, finished = false, pageRows = REPORT_PAGE_ROWS }: { id: string; finished?: boolean; pageRows?: number }) {
  const dispatch = useAppDispatch();
  const [done, setDone] = useState(finished);
  const query = useGetImportQuery({ id, limit: done ? pageRows : 1 }, { pollingInterval: done ? 0 : IMPORT_POLL_MS });
  const detail = query.data;
  const sawRunning = useRef(false);
  const [extra, setExtra] = useState<{ rows: ImportRowReport[]; next: string | null } | null>(null);
  const [loadPage, page] = useLazyGetImportQuery();

  useEffect(() => {
    if (!detail) return;
    if (detail.status === 'processing') {
      sawRunning.current = true;
    } else if (!done) {
      setDone(true);
      // the students it created show in the lists, once for the whole file
      if (sawRunning.current) dispatch(studentsAdminApi.util.invalidateTags(['StudentList', 'Cohort', 'CohortStudents', 'StudentImports']));
    }
  }, [detail, done, dispatch]);

  if (query.isError && !detail) return <Alert severity="error">{`${IMPORT_FAILED}${serverErrorOf(query.error) ? `: ${serverErrorOf(query.error)}` : ''}`}</Alert>;
  if (!detail) return <Typography role="status">Loading import...</Typography>;

  const report = done ? query.currentData : undefined;
  const rows = report ? [...report.rows, ...(extra?.rows ?? [])] : [];
  const next = extra ? extra.next : (report?.next ?? null);
  const showMore = async () => {
    if (!next) return;
    const more = await loadPage({ id, limit: pageRows, cursor: next }).unwrap();
    setExtra({ rows: [...(extra?.rows ?? []), ...more.rows], next: more.next });
  };

  return (
    <Box component="section" aria-label="Import" sx={{ mb: 2 }}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {`${detail.file_name} · ${detail.total} rows · started ${formatDateTime(detail.created_at)} by ${detail.created_by}`}
      </Typography>
      {detail.status === 'processing' && (
        <>
          <LinearProgress variant="determinate" value={progressPercent(detail)} aria-label="Import progress" sx={{ mb: 1 }} />
          <Typography role="status">{progressText(detail)}</Typography>
        </>
      )}
      {detail.status === 'failed' && <Alert severity="error">{IMPORT_NOT_QUEUED}</Alert>}
      {detail.status === 'done' && (
        <Alert severity={detail.failed > 0 ? 'warning' : 'success'} sx={{ mb: 2 }}>
          {importSummaryText(detail)}
        </Alert>
      )}
      {rows.length > 0 && <ImportReportTable rows={rows} />}
      {done && next && (
        <Button onClick={showMore} disabled={page.isFetching} sx={{ mt: 1 }}>
          Show more rows
        </Button>
      )}
    </Box>
  );
}
