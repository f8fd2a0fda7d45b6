import { ALLOWED_FILE_TYPES, MAX_UPLOAD_BYTES, type DocumentScope } from '#contract/documents';
import { NEED_COHORT, NEED_PROGRAM_TYPE, NEED_TITLE_AND_FILE, NEED_USERNAME, NEED_VALID_USERNAME } from './documentMessages';
import type { NewDocument } from './documentsApi';

export interface UploadFormValues {
  title: string;
  description: string;
  scope: DocumentScope;
  cohort_id: string;
  program_type: string;
  category_id: string;
  student_username: string;
  is_public: boolean;
  is_mandatory: boolean;
  requires_signature: boolean;
}

/** New uploads default to scope cohort, public, not mandatory, no signature required (the spec's defaults). */
export const NEW_UPLOAD: UploadFormValues = {
  title: '',
  description: '',
  scope: 'cohort',
  cohort_id: '',
  program_type: '',
  category_id: '',
  student_username: '',
  is_public: true,
  is_mandatory: false,
  requires_signature: false,
};

/** Changing the scope resets the cohort and the student username. */
export const withScope = (values: UploadFormValues, scope: DocumentScope): UploadFormValues => ({
  ...values,
  scope,
  cohort_id: '',
  student_username: '',
});

export const needsCohort = (scope: DocumentScope) => scope === 'cohort' || scope === 'individual';

/** The file input's `accept`: the server's allowlist. */
export const ACCEPTED_FILES = ALLOWED_FILE_TYPES.map((type) => `.${type}`).join(',');
export const MAX_UPLOAD_MB = MAX_UPLOAD_BYTES / 1024 / 1024;

/** The server's checks of the file's name and size, made before anything is sent. */
export function fileProblem(file: File): string | null {
  const dot = file.name.lastIndexOf('.');
  const type = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  if (!(ALLOWED_FILE_TYPES as readonly string[]).includes(type)) {
    return `${type ? `.${type} files are` : 'A file without an extension is'} not allowed (allowed: ${ALLOWED_FILE_TYPES.join(', ')})`;
  }
  if (file.size === 0) return 'The file is empty';
  if (file.size > MAX_UPLOAD_BYTES) return `The file is larger than the ${MAX_UPLOAD_MB} MB limit`;
  return null;
}

/**
 * The spec's checks, in its order: a title and a file; a cohort for cohort and individual scope; for
 * individual scope a username that has been validated as an existing student. Answers the message
 * to show, or null when the upload may go ahead.
 */
export function uploadProblem(values: UploadFormValues, file: File | null, usernameValid: boolean): string | null {
  if (values.title.trim() === '' || !file) return NEED_TITLE_AND_FILE;
  if (needsCohort(values.scope) && values.cohort_id === '') return NEED_COHORT;
  if (values.scope === 'individual') {
    if (values.student_username.trim() === '') return NEED_USERNAME;
    if (!usernameValid) return NEED_VALID_USERNAME;
  }
  if (values.scope === 'program' && values.program_type === '') return NEED_PROGRAM_TYPE;
  return fileProblem(file);
}

/**
 * A refusal shown in the dialog: `form` (uploadProblem's, on Upload), `file` (the chosen file's, at once)
 * or `server` (the answer to the last attempt, or the missing session).
 */
export interface Problem {
  kind: 'form' | 'file' | 'server';
  message: string;
}

/**
 * What the dialog shows now. A form refusal lasts only while it is still the first thing wrong: once its
 * cause is fixed ("Please enter a valid student username" when the check finds the student, or when the
 * scope no longer asks for one) it goes, and the next problem waits for the next Upload. The others
 * last until their file or, for the server's, any field changes (the dialog clears those).
 */
export function shownProblem(problem: Problem | null, values: UploadFormValues, file: File | null, usernameValid: boolean): string | null {
  if (!problem) return null;
  if (problem.kind !== 'form') return problem.message;
  return uploadProblem(values, file, usernameValid) === problem.message ? problem.message : null;
}

/** POST /api/documents/ JSON: the form's fields, with those of other scopes left out. */
export function newDocumentOf(values: UploadFormValues, upload: { upload_key: string; file_name: string }): NewDocument {
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    scope: values.scope,
    category_id: optional(values.category_id),
    cohort_id: needsCohort(values.scope) ? optional(values.cohort_id) : undefined,
    program_type: values.scope === 'program' ? optional(values.program_type) : undefined,
    student_username: values.scope === 'individual' ? optional(values.student_username) : undefined,
    is_public: values.is_public,
    is_mandatory: values.is_mandatory,
    requires_signature: values.requires_signature,
    ...upload,
  };
}
