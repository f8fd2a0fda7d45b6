import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ComplianceSubmission } from '#contract/compliance';
import { SubmissionFiles } from './SubmissionFiles';

/** The preview of a submission's files (the student's own, in My Compliance). */
export function FilePreviewDialog({ title, submission, onClose }: { title: string; submission: ComplianceSubmission; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="compliance-preview-title">
      <DialogTitle id="compliance-preview-title">{title}</DialogTitle>
      <DialogContent dividers tabIndex={0}>
        <SubmissionFiles submission={submission} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
