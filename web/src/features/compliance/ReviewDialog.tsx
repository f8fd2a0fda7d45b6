import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { suggestedExpiry } from '../../../../lambdas/domain/compliance';
import type { ComplianceRequirement, QueueEntry } from '#contract/compliance';
import { Facts } from '#shared/components/Facts';
import { formatDateTime } from '#shared/lib/dates';
import { useDecideSubmissionMutation } from './complianceApi';
import { dayText, personName, SUBMISSION_STATUS_LABELS, submissionKindText, validityText } from './complianceFormat';
import { problemOf, SAVE_FAILED } from './complianceMessages';
import { SubmissionFiles } from './SubmissionFiles';
import { ProblemAlert } from '#shared/components/ProblemAlert';

interface Props {
  entry: QueueEntry;
  requirement: ComplianceRequirement | undefined;
  /** Opens the queue's next entry; absent on the last one. */
  onNext?: () => void;
  /** A decision was recorded (`approved` or `not_approved`). */
  onDecided: (decision: 'approved' | 'not_approved') => void;
  onClose: () => void;
}

/** The expiry offered for a completion date: the requirement's validity rule, or nothing. */
const suggestionFor = (requirement: ComplianceRequirement | undefined, completedOn: string) =>
  requirement && completedOn ? (suggestedExpiry(requirement.validity, completedOn) ?? '') : '';

/** What is wrong with an approval, in a sentence, or null. */
export function approvalProblem(requirement: ComplianceRequirement | undefined, completedOn: string, expiresOn: string): string | null {
  if (!completedOn) return 'Enter the completion date to approve.';
  if (!expiresOn && requirement?.validity.kind !== 'none') return 'Enter the expiry date to approve.';
  if (expiresOn && expiresOn <= completedOn) return 'The expiry date must be after the completion date.';
  return null;
}

/**
 * One queue entry: its files in the preview, then Approve (completion and expiry dates, the expiry suggested
 * from the requirement's validity), Not approved (a reason) or Next item.
 */
export function ReviewDialog({ entry, requirement, onNext, onDecided, onClose }: Props) {
  const { submission, student } = entry;
  const [decide, { isLoading }] = useDecideSubmissionMutation();
  const [completedOn, setCompletedOn] = useState(submission.completed_on ?? '');
  const [expiresOn, setExpiresOn] = useState(submission.expires_on ?? suggestionFor(requirement, submission.completed_on ?? ''));
  const [expiryTouched, setExpiryTouched] = useState(Boolean(submission.expires_on));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const pending = submission.status === 'pending';

  const changeCompletion = (day: string) => {
    setCompletedOn(day);
    if (!expiryTouched) setExpiresOn(suggestionFor(requirement, day));
  };

  const send = async (decision: 'approved' | 'not_approved') => {
    const wrong = decision === 'approved' ? approvalProblem(requirement, completedOn, expiresOn) : reason.trim() ? null : 'Give a reason when an item is not approved.';
    setProblem(wrong);
    if (wrong) return;
    try {
      await decide(
        decision === 'approved'
          ? { id: submission.id, decision, completed_on: completedOn, expires_on: expiresOn || null }
          : { id: submission.id, decision, reason: reason.trim() },
      ).unwrap();
      onDecided(decision);
    } catch (error) {
      setProblem(problemOf(error, SAVE_FAILED));
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="review-title">
      <DialogTitle id="review-title">
        {entry.requirement_name}: {personName(student)}
      </DialogTitle>
      <DialogContent dividers tabIndex={0}>
        <Stack spacing={2}>
          <Facts
            facts={[
              ['Student', `${personName(student)} (${student.username})`],
              ['Handed in', `${submissionKindText(submission, requirement)}, ${formatDateTime(submission.submitted_at)}`],
              ['Status', SUBMISSION_STATUS_LABELS[submission.status]],
              ['Completed', dayText(submission.completed_on)],
              ['Validity', requirement ? validityText(requirement.validity) : '—'],
              ...(submission.attested ? ([['Attestation', 'The student attests to it.']] as Array<[string, string]>) : []),
              ...(submission.note ? ([['Note', submission.note]] as Array<[string, string]>) : []),
            ]}
          />
          <SubmissionFiles submission={submission} />
          {pending && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                id="review-completed"
                type="date"
                label="Completion date"
                required
                value={completedOn}
                onChange={(e) => changeCompletion(e.target.value)}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                id="review-expires"
                type="date"
                label="Expiry date"
                required={requirement?.validity.kind !== 'none'}
                value={expiresOn}
                onChange={(e) => {
                  setExpiryTouched(true);
                  setExpiresOn(e.target.value);
                }}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField id="review-reason" label="Reason (when not approved)" value={reason} onChange={(e) => setReason(e.target.value)} sx={{ flexGrow: 1 }} />
            </Stack>
          )}
          <ProblemAlert problem={problem} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {pending && (
          <>
            <Button variant="contained" color="success" disabled={isLoading} onClick={() => void send('approved')}>
              Approve
            </Button>
            <Button variant="outlined" color="error" disabled={isLoading} onClick={() => void send('not_approved')}>
              Not approved
            </Button>
          </>
        )}
        {onNext && (
          <Button onClick={onNext} disabled={isLoading}>
            Next item
          </Button>
        )}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
