import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import type { DocumentDto } from '#contract/documents';
import { serverErrorOf } from '#shared/lib/serverError';
import { useToast } from '#shared/toast/useToast';
import { FormDialog } from '#shared/components/FormDialog';
import { DOCUMENT_ACKNOWLEDGED, DOCUMENT_TOAST_MS, NEED_SIGNATURE } from './documentMessages';
import { useAcknowledgeDocumentMutation } from './documentsApi';

const ACKNOWLEDGE_FAILED = 'Error acknowledging document';

/**
 * A student acknowledges a mandatory document; one that requires a signature is signed by typing
 * their full name (the server compares it with the name on their record, ignoring case and spaces).
 */
export function AcknowledgeDialog({ doc, fullName, onClose }: { doc: DocumentDto; fullName: string; onClose: () => void }) {
  const [signature, setSignature] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [acknowledge, { isLoading }] = useAcknowledgeDocumentMutation();
  const toast = useToast(DOCUMENT_TOAST_MS);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (doc.requires_signature && signature.trim() === '') return setProblem(NEED_SIGNATURE);
    try {
      await acknowledge({ id: doc.id, signature: doc.requires_signature ? signature.trim() : undefined }).unwrap();
      toast(DOCUMENT_ACKNOWLEDGED, 'success');
      onClose();
    } catch (error) {
      setProblem(serverErrorOf(error) ?? ACKNOWLEDGE_FAILED);
    }
  };

  return (
    <FormDialog id="acknowledge" title="Acknowledge Document" submitLabel="Acknowledge" busy={isLoading} onClose={onClose} onSubmit={submit}>
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      <DialogContentText sx={{ mb: 2 }}>I confirm that I have read and understood &ldquo;{doc.title}&rdquo;.</DialogContentText>
      {doc.requires_signature && (
        <TextField
          id="acknowledge-signature"
          label="Full name (signature)"
          required
          fullWidth
          autoFocus
          autoComplete="name"
          value={signature}
          onChange={(event) => {
            setSignature(event.target.value);
            setProblem(null); // the message was about what was typed before
          }}
          helperText={fullName ? `Type your full name as your signature: ${fullName}` : 'Type your full name as your signature'}
        />
      )}
    </FormDialog>
  );
}
