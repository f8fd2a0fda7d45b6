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
import type { Cohort } from '#contract/cohorts';
import { downloadCsv } from '#shared/lib/csv';
import { ImportProgress } from './ImportProgress';
import { PastImports } from './PastImports';
import { importTemplateCsv, TEMPLATE_FILE_NAME } from './studentImport';
import { useStudentImport } from './useStudentImport';

/**
 * Import CSV: the whole file is sent once and checked; the server then creates the
 * students in the background, row by row, each at most once. The dialog follows the import with a
 * progress bar and shows the per-row report; past imports can be reopened here later.
 */
export function ImportStudentsDialog({ cohorts, onClose }: { cohorts: readonly Cohort[]; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [openFinished, setOpenFinished] = useState(false);
  const importer = useStudentImport();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (file && !importer.starting) {
      setOpenFinished(false);
      await importer.start(file);
    }
  };
  const example = cohorts.find((cohort) => cohort.is_active) ?? cohorts[0];

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="import-students-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="import-students-title">Import Students</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            One student per row, with the template&apos;s columns. The file is checked, then the students are created in the background: you may close this window and reopen the
            import from Past imports at any time.
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
                disabled={importer.starting}
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
          {importer.error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {importer.error}
            </Alert>
          )}
          {importer.openId && <ImportProgress key={importer.openId} id={importer.openId} finished={openFinished} />}
          <PastImports
            openId={importer.openId}
            onOpen={(item) => {
              setOpenFinished(item.status !== 'processing');
              importer.open(item.id);
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
          <Button type="submit" variant="contained" disabled={!file || importer.starting}>
            {importer.starting ? 'Importing...' : 'Import'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
