import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { COURSE_STATUSES, joinDays, splitDays, TIME_SLOTS, WEEKDAYS, type CourseDraft, type CourseStatus } from './scheduleCourses';

export type CourseDialogMode = 'add' | 'edit';

interface Props {
  mode: CourseDialogMode;
  initial: CourseDraft;
  onCancel: () => void;
  onSubmit: (draft: CourseDraft) => void;
}

/**
 * Add/edit dialog. The spec asks for no validation: whatever is entered is kept. Mount it
 * fresh (a new `key`) for each course, so the form starts from `initial`.
 */
export function CourseDialog({ mode, initial, onCancel, onSubmit }: Props) {
  const [draft, setDraft] = useState(initial);
  // Credits as typed, so the field can be cleared while typing; stored as a number.
  const [credits, setCredits] = useState(String(initial.credits));
  const set = <K extends keyof CourseDraft>(field: K, value: CourseDraft[K]) => setDraft((d) => ({ ...d, [field]: value }));
  const text = (field: 'code' | 'name' | 'room' | 'instructor') => ({
    value: draft[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ ...draft, credits: Number(credits) || 0 });
  };

  const title = mode === 'add' ? 'Add New Course' : 'Edit Course';
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm" aria-labelledby="course-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="course-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField id="course-code" label="Course Code" {...text('code')} autoFocus />
            <TextField id="course-name" label="Course Name" {...text('name')} />
            <TextField id="course-credits" label="Credits" type="number" value={credits} onChange={(e) => setCredits(e.target.value)} />
            <TextField
              id="course-days"
              label="Days"
              select
              value={splitDays(draft.days)}
              onChange={(event) => {
                const value = event.target.value as unknown as string[] | string;
                set('days', joinDays(typeof value === 'string' ? splitDays(value) : value));
              }}
              slotProps={{ select: { multiple: true, renderValue: (selected) => joinDays(selected as string[]) } }}
            >
              {WEEKDAYS.map((day) => (
                <MenuItem key={day} value={day}>
                  {day}
                </MenuItem>
              ))}
            </TextField>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TimeSelect id="course-start" label="Start Time" value={draft.startTime} onChange={(value) => set('startTime', value)} />
              <TimeSelect id="course-end" label="End Time" value={draft.endTime} onChange={(value) => set('endTime', value)} />
            </Stack>
            <TextField id="course-room" label="Location" {...text('room')} />
            <TextField id="course-instructor" label="Instructor" {...text('instructor')} />
            <TextField id="course-status" label="Status" select value={draft.status} onChange={(event) => set('status', event.target.value as CourseStatus)}>
              {COURSE_STATUSES.map((status) => (
                <MenuItem key={status} value={status}>
                  {status}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="contained">
            {mode === 'add' ? 'Add Course' : 'Update Course'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function TimeSelect({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <TextField id={id} label={label} select fullWidth value={value} onChange={(event) => onChange(event.target.value)}>
      {TIME_SLOTS.map((slot) => (
        <MenuItem key={slot} value={slot}>
          {slot}
        </MenuItem>
      ))}
    </TextField>
  );
}
