import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import {
  CATEGORY_LABELS,
  EMAIL_CHOICES,
  NOTIFICATION_CATEGORIES,
  OPTIONAL_EMAIL_CATEGORIES,
  type EmailChoice,
  type NotificationCategory,
  type NotificationPreferences,
  type OptionalEmailCategory,
} from '#contract/notifications';
import { PageLoading } from '#shared/components/PageLoading';
import { SectionCard } from '#shared/components/SectionCard';
import { serverErrorOf } from '#shared/lib/serverError';
import { TOAST_MS, useToast } from '#shared/toast/useToast';
import { EMAIL_CHOICE_LABEL } from './notificationFormat';
import { ALWAYS_EMAILED, PREFERENCES_FAILED, PREFERENCES_SAVE_FAILED, PREFERENCES_SAVED } from './notificationMessages';
import { useGetNotificationPreferencesQuery, useUpdateNotificationPreferencesMutation } from './notificationsApi';

const isOptional = (category: NotificationCategory): category is OptionalEmailCategory => (OPTIONAL_EMAIL_CATEGORIES as readonly string[]).includes(category);

/**
 * Email preferences: announcements and reminders may be kept in-app only; billing, required actions and
 * account notices are always emailed, shown locked on with the reason.
 */
export function EmailPreferences() {
  const query = useGetNotificationPreferencesQuery();
  return (
    <SectionCard id="email-preferences-title" title="Email preferences">
      {query.isError ? <Alert severity="error">{PREFERENCES_FAILED}</Alert> : !query.data ? <PageLoading /> : <PreferencesForm saved={query.data} />}
    </SectionCard>
  );
}

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const [choices, setChoices] = useState<NotificationPreferences>(saved);
  const [save, saving] = useUpdateNotificationPreferencesMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const toast = useToast(TOAST_MS);
  const changed = OPTIONAL_EMAIL_CATEGORIES.some((category) => choices[category] !== saved[category]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      setChoices(await save(choices).unwrap());
      toast(PREFERENCES_SAVED);
    } catch (error) {
      setFailure(serverErrorOf(error) ?? PREFERENCES_SAVE_FAILED);
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <Typography variant="body2" color="text.secondary">
        Every notice shows here in the portal. Choose which ones are also emailed to you.
      </Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      {NOTIFICATION_CATEGORIES.map((category) => (
        <CategoryChoice
          key={category}
          category={category}
          value={isOptional(category) ? choices[category] : 'email'}
          onChange={isOptional(category) ? (value) => setChoices((current) => ({ ...current, [category]: value })) : undefined}
        />
      ))}
      <Typography variant="body2" color="text.secondary">
        {ALWAYS_EMAILED}
      </Typography>
      <Box>
        <Button type="submit" variant="contained" disabled={saving.isLoading || !changed}>
          {saving.isLoading ? 'Saving...' : 'Save preferences'}
        </Button>
      </Box>
    </Stack>
  );
}

/** One category's two choices, side by side; a category without `onChange` is locked (always emailed). */
function CategoryChoice({ category, value, onChange }: { category: NotificationCategory; value: EmailChoice; onChange?: (value: EmailChoice) => void }) {
  const id = `email-choice-${category}`;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2 }}>
      <Typography id={id} sx={{ width: { xs: '100%', sm: 160 }, fontWeight: 500 }}>
        {CATEGORY_LABELS[category]}
        {!onChange && (
          <Typography component="span" variant="body2" color="text.secondary">
            {' (always emailed)'}
          </Typography>
        )}
      </Typography>
      <RadioGroup row name={id} aria-labelledby={id} value={value} onChange={(event) => onChange?.(event.target.value as EmailChoice)} sx={{ display: 'contents' }}>
        {EMAIL_CHOICES.map((choice) => (
          <FormControlLabel key={choice} value={choice} disabled={!onChange} control={<Radio size="small" />} label={EMAIL_CHOICE_LABEL[choice]} />
        ))}
      </RadioGroup>
    </Box>
  );
}
