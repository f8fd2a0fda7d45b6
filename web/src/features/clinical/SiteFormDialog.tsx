import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ClinicalSite } from '#contract/clinical';
import { FormFieldsDialog } from '#shared/components/FormFieldsDialog';
import { useDialogForm } from '#shared/components/useDialogForm';
import { PresignedUploadError, putToPresignedUrl } from '#shared/lib/presignedUpload';
import { TOAST_MS, useToast } from '#shared/toast/useToast';
import { useListSiteRequirementOptionsQuery, useRequestAgreementUploadUrlMutation, useSaveSiteMutation } from './clinicalApi';
import { problemOf, SAVE_FAILED, UPLOAD_FAILED } from './clinicalMessages';
import { ContactsFields } from './ContactsFields';
import { SITE_LABELS, siteFormOf, siteInputOf, validateSite, type SiteFormValues } from './siteForm';

const dateProps = { type: 'date', slotProps: { inputLabel: { shrink: true } } } as const;

/** New site / Edit site (admins): the agreement file goes up first (a presigned PUT, with its progress), then the site names its key. */
export function SiteFormDialog({ site, onClose }: { site?: ClinicalSite; onClose: () => void }) {
  const toast = useToast(TOAST_MS);
  const requirements = useListSiteRequirementOptionsQuery();
  const [requestUrl] = useRequestAgreementUploadUrlMutation();
  const [saveSite] = useSaveSiteMutation();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const form = useDialogForm<SiteFormValues>({
    initial: () => siteFormOf(site),
    validate: (v) => validateSite(v, file !== null),
    save: async (v) => {
      let uploadKey: string | undefined;
      if (file) {
        const target = await requestUrl({ file_name: file.name, file_size: file.size, content_type: file.type || 'application/octet-stream' }).unwrap();
        await putToPresignedUrl(target, file, setProgress);
        uploadKey = target.upload_key;
      }
      await saveSite({ ...siteInputOf(v, uploadKey), ...(site ? { id: site.id } : {}) }).unwrap();
      toast(site ? 'Site saved.' : 'Site added.', 'success');
      onClose();
    },
    failureOf: (error) => (error instanceof PresignedUploadError ? UPLOAD_FAILED : problemOf(error, SAVE_FAILED)),
    idPrefix: 'site-form',
    labels: SITE_LABELS,
  });
  const { values, errors, busy, set, field } = form;
  // templates for sites to ask for, and any the site already names (a template whose scope changed since)
  const options = (requirements.data ?? []).filter((r) => r.applies_to.kind === 'site' || values.requirement_ids.includes(r.id));
  const toggle = (id: string, on: boolean) => set('requirement_ids', on ? [...values.requirement_ids, id] : values.requirement_ids.filter((r) => r !== id));

  return (
    <FormFieldsDialog
      id="site-form"
      form={form}
      title={site ? `Edit ${site.name}` : 'New clinical site'}
      submitLabel={busy ? 'Saving...' : 'Save site'}
      maxWidth="md"
      onClose={onClose}
    >
      <TextField required {...field('name')} />
      <TextField multiline minRows={2} {...field('address')} />
      <TextField required multiline minRows={3} {...field('units')} />
      <ContactsFields contacts={values.contacts} problem={errors.contacts} onChange={(next) => set('contacts', next)} />
      <Stack component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="subtitle2">
          {SITE_LABELS.requirement_ids}
        </Typography>
        {options.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {requirements.isLoading ? 'Loading the requirement templates...' : 'No requirement templates apply to clinical sites yet.'}
          </Typography>
        )}
        {options.map((r) => (
          <FormControlLabel key={r.id} label={r.name} control={<Checkbox checked={values.requirement_ids.includes(r.id)} onChange={(e) => toggle(r.id, e.target.checked)} />} />
        ))}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField fullWidth {...dateProps} {...field('starts_on')} />
        <TextField fullWidth {...dateProps} {...field('ends_on')} />
      </Stack>
      <Stack spacing={1}>
        <Typography variant="body2">{site?.agreement?.file ? `Agreement on file: ${site.agreement.file.name}` : 'No agreement file on file.'}</Typography>
        <Button variant="outlined" component="label" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
          {site?.agreement?.file ? 'Replace agreement file' : 'Choose agreement file'}
          <input hidden type="file" aria-label="Agreement file" accept=".pdf,.doc,.docx" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </Button>
        {file && <Typography variant="body2">{file.name}</Typography>}
        {file && progress !== null && <LinearProgress variant="determinate" value={progress} aria-label={`Upload of ${file.name}`} />}
      </Stack>
    </FormFieldsDialog>
  );
}
