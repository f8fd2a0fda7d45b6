import TextField from '@mui/material/TextField';
import type { Cohort } from '#contract/cohorts';
import { DOCUMENT_SCOPES, SCOPE_LABELS, type DocumentScope } from '#contract/documents';
import { NativeSelect } from '#shared/components/NativeSelect';
import { ProgramTypeOptions } from '#shared/components/ProgramTypeOptions';
import { cohortLabel } from './documentFormat';
import { USERNAME_CHECKING, USERNAME_HINT, validStudent } from './documentMessages';
import { needsCohort, type UploadFormValues } from './uploadForm';
import type { StudentCheck } from './useStudentCheck';

interface Props {
  values: UploadFormValues;
  cohorts: readonly Cohort[];
  check: StudentCheck;
  onScope: (scope: DocumentScope) => void;
  onChange: (field: 'cohort_id' | 'program_type' | 'student_username', value: string) => void;
}

function usernameHelp(check: StudentCheck): string {
  switch (check.status) {
    case 'idle':
      return USERNAME_HINT;
    case 'validating':
      return USERNAME_CHECKING;
    case 'valid':
      return validStudent(check.name);
    case 'error':
      return check.message;
  }
}

/** Who an upload is for: the scope, then the cohort, program type or student that scope needs. */
export function UploadAudienceFields({ values, cohorts, check, onScope, onChange }: Props) {
  return (
    <>
      <NativeSelect id="upload-scope" label="Scope" value={values.scope} onChange={(event) => onScope(event.target.value as DocumentScope)}>
        {DOCUMENT_SCOPES.map((scope) => (
          <option key={scope} value={scope}>
            {SCOPE_LABELS[scope]}
          </option>
        ))}
      </NativeSelect>
      {needsCohort(values.scope) && (
        <NativeSelect id="upload-cohort" label="Cohort" required value={values.cohort_id} onChange={(event) => onChange('cohort_id', event.target.value)}>
          <option value="">Select a cohort</option>
          {cohorts.map((cohort) => (
            <option key={cohort.id} value={cohort.id}>
              {`${cohortLabel(cohort)} - ${cohort.program_name}`}
            </option>
          ))}
        </NativeSelect>
      )}
      {values.scope === 'program' && (
        <NativeSelect id="upload-program-type" label="Program Type" required value={values.program_type} onChange={(event) => onChange('program_type', event.target.value)}>
          <option value="">Select a program type</option>
          <ProgramTypeOptions />
        </NativeSelect>
      )}
      {values.scope === 'individual' && (
        <TextField
          id="upload-student-username"
          label="Student Username"
          required
          autoComplete="off"
          value={values.student_username}
          onChange={(event) => onChange('student_username', event.target.value)}
          error={check.status === 'error'}
          helperText={usernameHelp(check)}
          slotProps={{ formHelperText: { 'aria-live': 'polite' } }}
        />
      )}
    </>
  );
}
