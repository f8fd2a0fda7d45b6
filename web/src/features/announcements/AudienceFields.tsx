import { AUDIENCES, type Audience } from '#contract/notifications';
import type { Cohort } from '#contract/cohorts';
import { NativeSelect } from '#shared/components/NativeSelect';
import { ProgramTypeOptions } from '#shared/components/ProgramTypeOptions';
import { cohortName } from './announcementFormat';
import { AUDIENCE_LABEL, type AnnouncementValues } from './announcementForm';
import { StudentPicker } from './StudentPicker';

type FieldProps = <K extends keyof AnnouncementValues & string>(
  name: K,
) => { id: string; label: string; value: AnnouncementValues[K]; onChange: (event: { target: { value: string } }) => void; error: boolean; helperText?: string };

interface Props {
  audience: Audience;
  field: FieldProps;
  cohorts: readonly Cohort[] | undefined;
  /** The picker's choice; its other props come from `field`. */
  onUsernamesChange: (usernames: string[]) => void;
}

/** Who the announcement is for: the audience, then the program type, cohort or students it needs. */
export function AudienceFields({ audience, field, cohorts, onUsernamesChange }: Props) {
  const students = field('usernames');
  return (
    <>
      <NativeSelect required {...field('audience')}>
        {AUDIENCES.map((value) => (
          <option key={value} value={value}>
            {AUDIENCE_LABEL[value]}
          </option>
        ))}
      </NativeSelect>
      {audience === 'program_type' && (
        <NativeSelect required {...field('program_type')}>
          <option value="">Select a program type</option>
          <ProgramTypeOptions />
        </NativeSelect>
      )}
      {audience === 'cohort' && (
        <NativeSelect required {...field('cohort_id')}>
          <option value="">{cohorts ? 'Select a cohort' : 'Loading cohorts...'}</option>
          {cohorts?.map((cohort) => (
            <option key={cohort.id} value={cohort.id}>
              {cohortName(cohort)}
            </option>
          ))}
        </NativeSelect>
      )}
      {audience === 'students' && (
        <StudentPicker
          multiple
          required
          id={students.id}
          label={students.label}
          error={students.error}
          helperText={students.helperText}
          value={students.value}
          onChange={onUsernamesChange}
        />
      )}
    </>
  );
}
