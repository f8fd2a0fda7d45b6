import { SiteRequest, type ClinicalSite, type SiteContact, type SiteInput } from '#contract/clinical';
import type { FieldErrors } from '#shared/lib/fieldErrors';
import { defineFormFields, type FormValues } from '#shared/lib/formFields';

/** A contact as typed: every box a string, blank ones left out of the request. */
export type ContactDraft = Required<{ [K in keyof SiteContact]: string }>;

/**
 * The site form, checked with the server's own schema (lambdas/contract/clinical.ts) so what passes here is
 * accepted there. Units are typed one a line; the agreement is sent only when its dates are given.
 */
const SITE_FORM = defineFormFields({
  name: { label: 'Name', initial: '' },
  address: { label: 'Address', initial: '' },
  units: { label: 'Units (one a line)', initial: '' },
  contacts: { label: 'Contacts', initial: [] as ContactDraft[] },
  requirement_ids: { label: 'Extra requirements', initial: [] as string[] },
  starts_on: { label: 'Agreement start', initial: '' },
  ends_on: { label: 'Agreement end', initial: '' },
});

export type SiteFormValues = FormValues<typeof SITE_FORM.fields>;
export type SiteField = keyof SiteFormValues;
export const SITE_LABELS = SITE_FORM.labels;

export const emptyContact = (): ContactDraft => ({ name: '', title: '', email: '', phone: '' });

export const siteFormOf = (site?: ClinicalSite): SiteFormValues =>
  site
    ? {
        name: site.name,
        address: site.address,
        units: site.units.join('\n'),
        contacts: site.contacts.map((c) => ({ name: c.name, title: c.title ?? '', email: c.email ?? '', phone: c.phone ?? '' })),
        requirement_ids: site.requirement_ids,
        starts_on: site.agreement?.starts_on ?? '',
        ends_on: site.agreement?.ends_on ?? '',
      }
    : SITE_FORM.initial;

const unitsOf = (typed: string) =>
  typed
    .split('\n')
    .map((unit) => unit.trim())
    .filter(Boolean);

/** The body of POST/PUT /api/clinical-sites/; `uploadKey` is a new agreement file's, when one was chosen. */
export function siteInputOf(values: SiteFormValues, uploadKey?: string): SiteInput {
  const hasAgreement = Boolean(values.starts_on || values.ends_on || uploadKey);
  return {
    name: values.name.trim(),
    address: values.address.trim(),
    units: unitsOf(values.units),
    contacts: values.contacts.map(({ name, title, email, phone }) => ({ name: name.trim(), title: title.trim(), email: email.trim(), phone: phone.trim() })),
    requirement_ids: values.requirement_ids,
    agreement: hasAgreement ? { starts_on: values.starts_on, ends_on: values.ends_on, ...(uploadKey ? { upload_key: uploadKey } : {}) } : null,
  };
}

/** Where an issue of the schema shows: a top-level field, or the agreement date it is about. */
function fieldOf(path: readonly PropertyKey[]): SiteField | null {
  const [first, second] = path;
  if (first === 'agreement') return second === 'starts_on' ? 'starts_on' : 'ends_on';
  return typeof first === 'string' && first in SITE_LABELS ? (first as SiteField) : null;
}

/** "Agreement end must be after the start date", "Contact 2 name is required": the schema's first word per field. */
export function validateSite(values: SiteFormValues, withFile = false): FieldErrors<SiteField> {
  // a chosen file needs the agreement's dates: checked as if its key were there already
  const parsed = SiteRequest.safeParse(siteInputOf(values, withFile ? 'chosen-file' : undefined));
  const errors: FieldErrors<SiteField> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path);
    if (!field || errors[field]) continue;
    const contact = field === 'contacts' && typeof issue.path[1] === 'number' ? `Contact ${issue.path[1] + 1} ${String(issue.path[2] ?? '')}`.trim() : null;
    const label = field === 'starts_on' || field === 'ends_on' ? SITE_LABELS[field] : field === 'units' ? 'Units' : (contact ?? SITE_LABELS[field]);
    // an empty date box is missing, not "not a date YYYY-MM-DD"
    const message = (field === 'starts_on' || field === 'ends_on') && !values[field] ? 'is required' : issue.message;
    errors[field] = `${label} ${message}`;
  }
  return errors;
}
