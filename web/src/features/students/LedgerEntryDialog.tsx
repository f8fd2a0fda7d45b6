import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { StudentRecord } from '#contract/students';
import { PROGRAM_TYPE_LABEL } from '#shared/lib/programs';
import { TOAST_MS, useToast } from '#shared/toast/useToast';
import { FormDialog } from '#shared/components/FormDialog';
import { useDialogForm } from '#shared/components/useDialogForm';
import { ledgerEntryBody, LEDGER_ENTRY_LABELS, newLedgerEntry, programKey, validateLedgerEntry, type LedgerEntryValues } from './ledgerEntryForm';
import { NativeSelect } from '#shared/components/NativeSelect';
import { entryPosted, savedFailure } from './studentMessages';
import { programsOf } from './studentLedger';
import { usePostLedgerEntryMutation } from './studentsAdminApi';

/** Post Charge or Credit: a new ledger entry with its reason. Past entries are never edited. */
export function LedgerEntryDialog({ student, onClose }: { student: StudentRecord; onClose: () => void }) {
  const programs = programsOf(student.payment_details);
  const [post, posting] = usePostLedgerEntryMutation();
  const toast = useToast(TOAST_MS);
  const { errors, failure, field, submit } = useDialogForm<LedgerEntryValues>({
    initial: () => newLedgerEntry(programs),
    validate: validateLedgerEntry,
    save: async (values) => {
      await post({ username: student.username, body: ledgerEntryBody(values) }).unwrap();
      toast(entryPosted(values.kind));
      onClose();
    },
    failureOf: savedFailure,
    idPrefix: 'ledger-entry',
    labels: LEDGER_ENTRY_LABELS,
  });

  return (
    <FormDialog id="ledger-entry" title="Post Charge or Credit" submitLabel="Post" busy={posting.isLoading} maxWidth="xs" onClose={onClose} onSubmit={submit}>
      <DialogContentText sx={{ mb: 2 }}>A charge adds to what the program costs; a credit (adjustment) takes off it.</DialogContentText>
      <Stack spacing={2}>
        {failure && <Alert severity="error">{failure}</Alert>}
        <NativeSelect required {...field('kind')}>
          <option value="charge">Charge</option>
          <option value="credit">Credit</option>
        </NativeSelect>
        <NativeSelect required {...field('program')}>
          <option value="">Choose a program</option>
          {programs.map((program) => (
            <option key={programKey(program)} value={programKey(program)}>
              {`${program.program_name} (${PROGRAM_TYPE_LABEL[program.program_type] ?? program.program_type})`}
            </option>
          ))}
        </NativeSelect>
        <TextField required inputMode="decimal" placeholder="0.00" {...field('amount')} />
        <TextField required multiline minRows={2} {...field('reason')} />
        <TextField
          type="date"
          slotProps={{ inputLabel: { shrink: true } }}
          {...field('next_due_date')}
          helperText={errors.next_due_date ?? 'Optional: empty keeps the current due date.'}
        />
      </Stack>
    </FormDialog>
  );
}
