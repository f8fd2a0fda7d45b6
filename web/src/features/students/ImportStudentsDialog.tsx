import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import type { Cohort } from '../../../../lambdas/contract/cohorts';
import { downloadCsv } from '../../lib/csv';
import { ImportReportTable } from './ImportReportTable';
import { importTemplateCsv, reportSummary, ROWS_PER_CALL, TEMPLATE_FILE_NAME } from './studentImport';
import { useStudentImport } from './useStudentImport';

/**
 * Import CSV (issue 8): every row is checked by the server before any is written; valid rows are
 * created, the others listed with their reasons. Bigger files go 100 rows per call.
 */
export function ImportStudentsDialog({ cohorts, onClose }: { cohorts: readonly Cohort[]; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const importer = useStudentImport();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (file && !importer.running) await importer.run(await file.text());
  };
  const example = cohorts.find((cohort) => cohort.is_active) ?? cohorts[0];

  return (
    <Dialog open onClose={importer.running ? undefined : onClose} fullWidth maxWidth="md" aria-labelledby="import-students-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="import-students-title">Import Students</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            One student per row, with the template&apos;s columns. Rows are checked before anything is written; a file of more than {ROWS_PER_CALL} rows
            is sent {ROWS_PER_CALL} rows at a time.
          </DialogContentText>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
            <Box>
              <Typography component="label" htmlFor="import-file" variant="body2" sx={{ display: 'block', mb: 0.5 }}>
                CSV file
              </Typography>
              <input
                id="import-file"
                type="file"
                accept=".csv,text/csv"
                disabled={importer.running}
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  importer.reset();
                }}
              />
            </Box>
            <Button variant="text" startIcon={<DownloadIcon />} onClick={() => downloadCsv(importTemplateCsv(example), TEMPLATE_FILE_NAME)}>
              Download template
            </Button>
          </Box>
          {importer.progress && <Typography role="status">{importer.progress}</Typography>}
          {importer.error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {importer.error}
            </Alert>
          )}
          {importer.report && !importer.running && (
            <Alert severity={importer.report.invalid + importer.report.failed > 0 ? 'warning' : 'success'} sx={{ mb: 2 }}>
              {reportSummary(importer.report)}
            </Alert>
          )}
          {importer.report && importer.report.rows.length > 0 && <ImportReportTable rows={importer.report.rows} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={importer.running}>
            Close
          </Button>
          <Button type="submit" variant="contained" disabled={!file || importer.running}>
            {importer.running ? 'Importing...' : 'Import'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
