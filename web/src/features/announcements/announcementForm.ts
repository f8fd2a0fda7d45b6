import { MAX_NAMED_RECIPIENTS, type Audience } from '#contract/notifications';
import { AnnouncementRequest, type AnnouncementInput } from '#contract/notification-requests';
import type { ProgramType } from '#contract/programs';
import { schemaProblems, type FieldErrors } from '#shared/lib/fieldErrors';
import { defineFormFields, type FormValues } from '#shared/lib/formFields';
import { schoolTimeToIso } from './schoolTime';

/** The composer, as typed: the fields are named as the request's, so the server's schema checks them. */
const ANNOUNCEMENT_FORM = defineFormFields({
  subject: { label: 'Subject', initial: '' },
  body: { label: 'Message', initial: '' },
  audience: { label: 'Audience', initial: 'general' as Audience },
  program_type: { label: 'Program Type', initial: '' as ProgramType | '' },
  cohort_id: { label: 'Cohort', initial: '' },
  /** The students chosen in the picker, by username. */
  usernames: { label: 'Students', initial: [] as string[] },
  send_email: { label: 'Also send by email', initial: true },
  /** A date-time field's value, in school time; empty: send now. */
  send_at: { label: 'Send later', initial: '' },
});

export type AnnouncementValues = FormValues<typeof ANNOUNCEMENT_FORM.fields>;
export const ANNOUNCEMENT_LABELS = ANNOUNCEMENT_FORM.labels;

export const AUDIENCE_LABEL: Record<Audience, string> = {
  general: 'General (all students)',
  program_type: 'A program type',
  cohort: 'A cohort',
  students: 'Individual students',
};

/** A new announcement; from a cohort's Email All, addressed to that cohort. */
export const newAnnouncement = (cohortId: string | null): AnnouncementValues =>
  cohortId ? { ...ANNOUNCEMENT_FORM.initial, audience: 'cohort', cohort_id: cohortId } : ANNOUNCEMENT_FORM.initial;

/** The body of POST /api/announcements/: only the recipients the audience needs, and `send_at` with the school's offset. */
export function announcementBody(values: AnnouncementValues): AnnouncementInput {
  const { audience } = values;
  return {
    subject: values.subject,
    body: values.body,
    audience,
    ...(audience === 'program_type' && values.program_type ? { program_type: values.program_type } : {}),
    ...(audience === 'cohort' && values.cohort_id ? { cohort_id: values.cohort_id } : {}),
    ...(audience === 'students' ? { usernames: values.usernames } : {}),
    send_email: values.send_email,
    ...(values.send_at ? { send_at: schoolTimeToIso(values.send_at) ?? values.send_at } : {}),
  };
}

/** Said as the picker's user acts: they choose students, they type no usernames. */
const studentsProblem = (chosen: number, schemaSays: string) =>
  chosen === 0 ? 'Choose at least one student.' : chosen > MAX_NAMED_RECIPIENTS ? `Choose at most ${MAX_NAMED_RECIPIENTS} students.` : schemaSays;

/**
 * "Subject is required", "Cohort is required for a cohort audience": the server's schema, and a send-later time
 * still to come; "Choose at least one student." for an audience of individual students with none chosen.
 */
export function validateAnnouncement(values: AnnouncementValues, now = Date.now()): FieldErrors<keyof AnnouncementValues> {
  const body = announcementBody(values);
  const errors = schemaProblems(AnnouncementRequest, body, ANNOUNCEMENT_LABELS);
  if (errors.usernames) errors.usernames = studentsProblem(values.usernames.length, errors.usernames);
  if (!errors.send_at && body.send_at && Date.parse(body.send_at) <= now) errors.send_at = `${ANNOUNCEMENT_LABELS.send_at} must be a time still to come`;
  return errors;
}
