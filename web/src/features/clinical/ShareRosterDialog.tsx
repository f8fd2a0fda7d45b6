import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { SHARE_DAYS, ShareRequest, type RosterShare } from '#contract/clinical';
import { FormFieldsDialog } from '#shared/components/FormFieldsDialog';
import { useDialogForm } from '#shared/components/useDialogForm';
import { schemaProblems, type FieldErrors } from '#shared/lib/fieldErrors';
import { formatDateTime } from '#shared/lib/dates';
import { useShareRosterMutation, type ShareInput } from './clinicalApi';
import { problemOf, SAVE_FAILED } from './clinicalMessages';

interface ShareValues {
  recipient: string;
  days: string;
  override_reason: string;
}

const LABELS: Record<keyof ShareValues, string> = { recipient: 'Recipient', days: 'Days the link works', override_reason: 'Reason to share anyway' };

const shareInputOf = (v: ShareValues, overriding: boolean): ShareInput => ({
  recipient: v.recipient.trim(),
  expires_in_days: v.days.trim() === '' ? Number.NaN : Number(v.days),
  ...(overriding ? { override_reason: v.override_reason.trim() } : {}),
});

/** The server's own checks (its labels), and the reason it would refuse a 409 without. */
function validateShare(v: ShareValues, overriding: boolean): FieldErrors<keyof ShareValues> {
  const { recipient, expires_in_days: days } = schemaProblems(ShareRequest, shareInputOf(v, overriding), { recipient: LABELS.recipient, expires_in_days: LABELS.days });
  const reason = overriding && !v.override_reason.trim() ? 'Give a reason to share a roster with students who are not cleared.' : undefined;
  return { ...(recipient && { recipient }), ...(days && { days }), ...(reason && { override_reason: reason }) };
}

/** The link once made: shown whole, with Copy, and when it stops working (its token is never shown again). */
function SharedLink({ share, onClose }: { share: RosterShare; onClose: () => void }) {
  const link = `${window.location.origin}${share.path}`;
  const [copied, setCopied] = useState(false);
  const copy = () => void navigator.clipboard?.writeText(link).then(() => setCopied(true));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="shared-link-title">
      <DialogTitle id="shared-link-title">Roster shared</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography>Send this link to the site. It works until {formatDateTime(share.expires_at)} and is shown only now.</Typography>
          <TextField label="Link" value={link} slotProps={{ htmlInput: { readOnly: true } }} onFocus={(e) => e.target.select()} />
          {share.overridden && <Alert severity="warning">Shared with students who are not cleared; your reason is kept with the share.</Alert>}
          <Typography role="status">{copied ? 'Link copied.' : ''}</Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={copy}>Copy link</Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * "Share with site": to whom and for how many days. When someone assigned is not cleared, sharing needs the
 * coordinator's reason, asked for here under a plain warning (the server refuses without it).
 */
export function ShareRosterDialog({ rotationId, blocked, total, onClose }: { rotationId: string; blocked: number; total: number; onClose: () => void }) {
  const overriding = blocked > 0;
  const [share] = useShareRosterMutation();
  const [made, setMade] = useState<RosterShare | null>(null);
  const form = useDialogForm<ShareValues>({
    initial: { recipient: '', days: String(SHARE_DAYS.default), override_reason: '' },
    validate: (v) => validateShare(v, overriding),
    save: async (v) => setMade(await share({ id: rotationId, ...shareInputOf(v, overriding) }).unwrap()),
    failureOf: (error) => problemOf(error, SAVE_FAILED),
    idPrefix: 'share',
    labels: LABELS,
  });
  const { field } = form;
  if (made) return <SharedLink share={made} onClose={onClose} />;
  return (
    <FormFieldsDialog id="share-roster" form={form} title="Share with site" submitLabel={form.busy ? 'Sharing...' : 'Share roster'} onClose={onClose}>
      <Typography variant="body2">
        The site sees each student&apos;s name, whether they are cleared, and their requirements&apos; statuses and expiry dates: never files.
      </Typography>
      <TextField required placeholder="Name or email at the site" {...field('recipient')} />
      <TextField required type="number" slotProps={{ htmlInput: { min: 1, max: SHARE_DAYS.max, step: 1 } }} {...field('days')} />
      {overriding && (
        <>
          <Alert severity="warning">
            {blocked} of {total} students are not cleared for this rotation. Share only if the site has agreed; say why.
          </Alert>
          <TextField required multiline minRows={2} {...field('override_reason')} />
        </>
      )}
    </FormFieldsDialog>
  );
}
