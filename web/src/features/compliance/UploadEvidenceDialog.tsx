import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { MAX_FILES_PER_SUBMISSION, type ComplianceRequirement, type SubmissionInput } from '#contract/compliance';
import { NativeSelect } from '#shared/components/NativeSelect';
import { localIsoDate } from '#shared/lib/dates';
import { useRequestComplianceUploadUrlMutation, useSubmitComplianceMutation } from './complianceApi';
import { problemOf, SAVE_FAILED, UPLOAD_FAILED } from './complianceMessages';
import { PresignedUploadError, putToPresignedUrl } from '#shared/lib/presignedUpload';
import { ProblemAlert } from '#shared/components/ProblemAlert';

/** What the student hands in: the requirement's evidence, one of its alternatives ("alt-0"), or an exemption request. */
type Choice = 'evidence' | 'exemption' | `alt-${number}`;

interface Props {
  requirement: ComplianceRequirement;
  onClose: () => void;
  onSubmitted: () => void;
}

/** The problem with the form as filled, in a sentence, or null. */
export function uploadProblem(
  requirement: ComplianceRequirement,
  choice: Choice,
  form: { files: File[]; completedOn: string; attested: boolean; note: string },
  today: string,
): string | null {
  if (choice === 'exemption') return form.note.trim() ? null : 'Say why you ask for an exemption.';
  if (requirement.evidence === 'attestation') return form.attested ? null : 'Tick the box to attest.';
  if (requirement.evidence === 'file_and_dates' && form.files.length === 0) return 'Choose at least one file.';
  if (form.files.length > MAX_FILES_PER_SUBMISSION) return `Choose at most ${MAX_FILES_PER_SUBMISSION} files.`;
  if (!form.completedOn) return 'Enter the completion date.';
  if (form.completedOn > today) return 'The completion date cannot be in the future.';
  return null;
}

/**
 * "Upload" on My Compliance: several files uploaded straight to storage with their progress (the presigned
 * PUT of POST /api/compliance/upload-url/), then one POST /api/compliance/submissions/ naming them.
 */
export function UploadEvidenceDialog({ requirement, onClose, onSubmitted }: Props) {
  const id = useId();
  const today = localIsoDate();
  const [requestUrl] = useRequestComplianceUploadUrlMutation();
  const [submit] = useSubmitComplianceMutation();
  const [choice, setChoice] = useState<Choice>('evidence');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number[]>([]);
  const [completedOn, setCompletedOn] = useState('');
  const [attested, setAttested] = useState(false);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const exemption = choice === 'exemption';
  const attestation = !exemption && requirement.evidence === 'attestation';
  const takesFiles = !exemption && requirement.evidence !== 'attestation';
  const takesDate = !exemption && requirement.evidence !== 'attestation';

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const wrong = uploadProblem(requirement, choice, { files, completedOn, attested, note }, today);
    setProblem(wrong);
    if (wrong) return;
    setBusy(true);
    try {
      const keys: string[] = [];
      for (const [i, file] of files.entries()) {
        if (!takesFiles) break;
        const target = await requestUrl({ file_name: file.name, file_size: file.size, content_type: file.type || 'application/octet-stream' }).unwrap();
        await putToPresignedUrl(target, file, (percent) => setProgress((all) => Object.assign([...all], { [i]: percent })));
        keys.push(target.upload_key);
      }
      const body: SubmissionInput = { requirement_id: requirement.id, kind: exemption ? 'exemption' : choice === 'evidence' ? 'evidence' : 'alternative' };
      if (choice.startsWith('alt-')) body.alternative = Number(choice.slice(4));
      if (keys.length > 0) body.upload_keys = keys;
      if (takesDate && completedOn) body.completed_on = completedOn;
      if (attestation) body.attested = true;
      if (note.trim()) body.note = note.trim();
      await submit(body).unwrap();
      onSubmitted();
    } catch (error) {
      setProblem(error instanceof PresignedUploadError ? UPLOAD_FAILED : problemOf(error, SAVE_FAILED));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`}>
      <form onSubmit={(e) => void send(e)} noValidate>
        <DialogTitle id={`${id}-title`}>Upload: {requirement.name}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            {requirement.guidelines && <Typography variant="body2">{requirement.guidelines}</Typography>}
            {(requirement.alternatives.length > 0 || requirement.exemption_allowed) && (
              <NativeSelect id={`${id}-choice`} label="What you hand in" value={choice} onChange={(e) => setChoice(e.target.value as Choice)}>
                <option value="evidence">{requirement.name}</option>
                {requirement.alternatives.map((alternative, i) => (
                  <option key={alternative} value={`alt-${i}`}>
                    Alternative: {alternative}
                  </option>
                ))}
                {requirement.exemption_allowed && <option value="exemption">Ask for an exemption</option>}
              </NativeSelect>
            )}
            {takesFiles && (
              <Stack spacing={1}>
                <Button variant="outlined" component="label" disabled={busy}>
                  Choose files
                  <input
                    hidden
                    type="file"
                    multiple
                    aria-label="Files"
                    accept=".pdf,.png,.jpg,.jpeg,.doc,.docx"
                    onChange={(e) => {
                      setFiles(Array.from(e.target.files ?? []));
                      setProgress([]);
                    }}
                  />
                </Button>
                {files.length > 0 && (
                  <List dense aria-label="Chosen files">
                    {files.map((file, i) => (
                      <ListItem key={`${file.name}-${i}`} sx={{ display: 'block' }}>
                        <Typography variant="body2">{file.name}</Typography>
                        {progress[i] !== undefined && <LinearProgress variant="determinate" value={progress[i]} aria-label={`Upload of ${file.name}`} />}
                      </ListItem>
                    ))}
                  </List>
                )}
              </Stack>
            )}
            {takesDate && (
              <TextField
                id={`${id}-completed`}
                type="date"
                label="Completion date"
                required
                value={completedOn}
                onChange={(e) => setCompletedOn(e.target.value)}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
              />
            )}
            {attestation && (
              <FormControlLabel
                control={<Checkbox checked={attested} onChange={(e) => setAttested(e.target.checked)} />}
                label={`I attest that I meet the requirement "${requirement.name}".`}
              />
            )}
            <TextField
              id={`${id}-note`}
              label={exemption ? 'Why you ask for an exemption' : 'Note (optional)'}
              required={exemption}
              multiline
              minRows={2}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
            <ProblemAlert problem={problem} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Sending...' : exemption ? 'Ask for exemption' : 'Submit'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
