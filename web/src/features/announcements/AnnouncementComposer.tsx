import TextField from '@mui/material/TextField';
import { MAX_BODY_LENGTH, MAX_SUBJECT_LENGTH } from '#contract/notifications';
import { FormDialog } from '#shared/components/FormDialog';
import { FormFields, SwitchField } from '#shared/components/FormFields';
import { useDialogForm } from '#shared/components/useDialogForm';
import { serverErrorOf } from '#shared/lib/serverError';
import { TOAST_MS, useToast } from '#shared/toast/useToast';
import { ANNOUNCEMENT_LABELS, announcementBody, newAnnouncement, validateAnnouncement, type AnnouncementValues } from './announcementForm';
import { ANNOUNCEMENT_SENT, announcementScheduled, FORMAT_HINT, SEND_FAILED } from './announcementMessages';
import { useCreateAnnouncementMutation, useListAnnouncementCohortsQuery } from './announcementsApi';
import { AudienceFields } from './AudienceFields';
import { RichTextPreview } from './RichTextPreview';
import { SCHOOL_TIME_NAME } from './schoolTime';

/**
 * New Announcement: subject, message with a live preview, audience, email on or off, and an optional
 * time to send it (school time). A refused send keeps the dialog open with the server's reason as a sentence.
 */
export function AnnouncementComposer({ cohortId, onClose }: { cohortId: string | null; onClose: () => void }) {
  const cohorts = useListAnnouncementCohortsQuery();
  const [create, creation] = useCreateAnnouncementMutation();
  const toast = useToast(TOAST_MS);
  const { values, errors, failure, set, field, submit } = useDialogForm<AnnouncementValues>({
    initial: () => newAnnouncement(cohortId),
    validate: validateAnnouncement,
    save: async (values) => {
      const created = await create(announcementBody(values)).unwrap();
      toast(created.status === 'scheduled' && created.send_at ? announcementScheduled(created.send_at) : ANNOUNCEMENT_SENT);
      onClose();
    },
    failureOf: (error) => serverErrorOf(error) ?? SEND_FAILED,
    idPrefix: 'announcement',
    labels: ANNOUNCEMENT_LABELS,
    clearFailureOnEdit: true,
  });
  const later = values.send_at !== '';

  return (
    <FormDialog
      id="announcement"
      title="New Announcement"
      submitLabel={creation.isLoading ? 'Sending...' : later ? 'Schedule' : 'Send'}
      busy={creation.isLoading}
      maxWidth="md"
      onClose={onClose}
      onSubmit={submit}
    >
      <FormFields failure={failure}>
        <TextField required autoFocus {...field('subject')} slotProps={{ htmlInput: { maxLength: MAX_SUBJECT_LENGTH } }} />
        <TextField required multiline minRows={6} {...field('body')} helperText={errors.body ?? FORMAT_HINT} slotProps={{ htmlInput: { maxLength: MAX_BODY_LENGTH } }} />
        <RichTextPreview source={values.body} />
        <AudienceFields audience={values.audience} field={field} cohorts={cohorts.data} onUsernamesChange={(usernames) => set('usernames', usernames)} />
        <SwitchField label={ANNOUNCEMENT_LABELS.send_email} checked={values.send_email} onChange={(checked) => set('send_email', checked)} />
        <TextField
          type="datetime-local"
          {...field('send_at')}
          label={`${ANNOUNCEMENT_LABELS.send_at} (${SCHOOL_TIME_NAME})`}
          helperText={errors.send_at ?? 'Leave empty to send now.'}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </FormFields>
    </FormDialog>
  );
}
