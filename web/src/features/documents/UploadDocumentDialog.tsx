import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent } from 'react';
import type { DocumentCategoryDto, DocumentRecordDto } from '#contract/documents';
import { useCurrentUser } from '#shared/session/currentUser';
import { useToast } from '#shared/toast/useToast';
import { FormDialog } from '#shared/components/FormDialog';
import { FormFields, SwitchField } from '#shared/components/FormFields';
import { NativeSelect } from '#shared/components/NativeSelect';
import { formatFileSize } from './documentFormat';
import { COHORTS_FAILED, DOCUMENT_TOAST_MS, DOCUMENT_UPLOADED, LOG_IN_TO_UPLOAD, uploadFailure } from './documentMessages';
import { useCreateDocumentMutation, useListUploadCohortsQuery, useRequestUploadUrlMutation } from './documentsApi';
import { putToPresignedUrl } from '#shared/lib/presignedUpload';
import { UploadAudienceFields } from './UploadAudienceFields';
import { ACCEPTED_FILES, fileProblem, MAX_UPLOAD_MB, NEW_UPLOAD, newDocumentOf, shownProblem, uploadProblem, withScope, type Problem, type UploadFormValues } from './uploadForm';
import { useStudentCheck } from './useStudentCheck';

type Flag = 'is_public' | 'is_mandatory' | 'requires_signature';
const FLAGS: Array<[Flag, string]> = [
  ['is_public', 'Public'],
  ['is_mandatory', 'Mandatory'],
  ['requires_signature', 'Requires Signature'],
];

interface Props {
  categories: readonly DocumentCategoryDto[];
  onClose: () => void;
  /** The stored document, as the server answered it (the list shows and highlights it). */
  onUploaded: (doc: DocumentRecordDto) => void;
}

/**
 * The Upload Document dialog. The file goes straight to storage through a
 * presigned URL (with a progress bar, and no Lambda body limit), then POST /api/documents/ names it
 * by its key; the server checks both again. Mount it fresh for each use.
 */
export function UploadDocumentDialog({ categories, onClose, onUploaded }: Props) {
  const user = useCurrentUser();
  const [values, setValues] = useState<UploadFormValues>(NEW_UPLOAD);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const cohorts = useListUploadCohortsQuery();
  const check = useStudentCheck(values.scope === 'individual' ? values.student_username : '');
  const [requestUploadUrl] = useRequestUploadUrlMutation();
  const [createDocument] = useCreateDocumentMutation();
  const toast = useToast(DOCUMENT_TOAST_MS);
  const uploading = progress !== null;

  const usernameValid = check.status === 'valid';
  // a refusal shows only while its cause lasts (uploadForm.ts shownProblem)
  const shown = shownProblem(problem, values, file, usernameValid);

  /** Any change: the server's last answer no longer describes what would be sent. */
  const edit = (next: (v: UploadFormValues) => UploadFormValues) => {
    setValues(next);
    setProblem((current) => (current?.kind === 'server' ? null : current));
  };
  const set = <K extends keyof UploadFormValues>(field: K, value: UploadFormValues[K]) => edit((v) => ({ ...v, [field]: value }));

  const choose = (chosen: File | null) => {
    setFile(chosen);
    const refusal = chosen ? fileProblem(chosen) : null;
    setProblem(refusal ? { kind: 'file', message: refusal } : null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const refusal = user?.token ? uploadProblem(values, file, usernameValid) : LOG_IN_TO_UPLOAD;
    setProblem(refusal ? { kind: user?.token ? 'form' : 'server', message: refusal } : null);
    if (refusal || !file) return;
    setProgress(0);
    try {
      const target = await requestUploadUrl({ file_name: file.name, file_size: file.size, content_type: file.type }).unwrap();
      await putToPresignedUrl(target, file, setProgress);
      const created = await createDocument(newDocumentOf(values, { upload_key: target.upload_key, file_name: file.name })).unwrap();
      toast(DOCUMENT_UPLOADED, 'success');
      onUploaded(created);
    } catch (error) {
      // shown once, in the dialog the person is looking at: a toast sits outside the modal, where screen readers cannot reach it
      setProblem({ kind: 'server', message: uploadFailure(error) });
      setProgress(null);
    }
  };

  return (
    <FormDialog id="upload-document" title="Upload Document" submitLabel="Upload" busy={uploading} onClose={onClose} onSubmit={submit}>
      <FormFields failure={shown}>
        {cohorts.isError && <Alert severity="error">{COHORTS_FAILED}</Alert>}
        <TextField id="upload-title" label="Title" required value={values.title} onChange={(e) => set('title', e.target.value)} />
        <TextField id="upload-description" label="Description" multiline minRows={2} value={values.description} onChange={(e) => set('description', e.target.value)} />
        <UploadAudienceFields values={values} cohorts={cohorts.data ?? []} check={check} onScope={(scope) => edit((v) => withScope(v, scope))} onChange={set} />
        <NativeSelect id="upload-category" label="Category" value={values.category_id} onChange={(e) => set('category_id', e.target.value)}>
          <option value="">No category</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </NativeSelect>
        <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
          {FLAGS.map(([flag, label]) => (
            <SwitchField key={flag} label={label} checked={values[flag]} onChange={(checked) => set(flag, checked)} />
          ))}
        </Stack>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {/* A real button (not a label around the input), so Enter and Space open the chooser as a click does. */}
          <Button variant="outlined" startIcon={<UploadFileIcon />} disabled={uploading} onClick={() => fileInput.current?.click()}>
            Choose File
          </Button>
          <input ref={fileInput} hidden type="file" aria-label="Choose File" accept={ACCEPTED_FILES} onChange={(e) => choose(e.target.files?.[0] ?? null)} />
          <Typography variant="body2">{file ? `${file.name} (${formatFileSize(file.size)})` : 'No file chosen'}</Typography>
        </Stack>
        <Typography variant="caption">PDF, images, Word, Excel, PowerPoint, text or CSV; at most {MAX_UPLOAD_MB} MB.</Typography>
        {uploading && (
          <Stack spacing={0.5}>
            <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" />
            <Typography variant="body2" role="status">
              {progress < 100 ? `Uploading... ${progress}%` : 'Saving document...'}
            </Typography>
          </Stack>
        )}
      </FormFields>
    </FormDialog>
  );
}
