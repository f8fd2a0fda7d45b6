import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { CATEGORY_LABELS, COMPLIANCE_CATEGORIES, EVIDENCE_KINDS, type RequirementInput } from '#contract/compliance';
import type { Cohort } from '#contract/cohorts';
import { NativeSelect } from '#shared/components/NativeSelect';
import { ProblemAlert } from '#shared/components/ProblemAlert';
import { ProgramTypeOptions } from '#shared/components/ProgramTypeOptions';
import { SelectOptions } from '#shared/components/SelectOptions';
import { useFormValues } from '#shared/components/useFormValues';
import { EVIDENCE_LABELS, monthName } from './complianceFormat';
import { inputOf, type RequirementForm } from './requirementForm';

const MONTHS = Array.from({ length: 12 }, (_, i) => [String(i + 1), monthName(i + 1)] as const);

interface Props {
  initial: RequirementForm;
  cohorts: readonly Cohort[];
  onDone: (input: RequirementInput) => void;
  onClose: () => void;
}

/** One requirement template's fields; Done keeps it in the set, which the page saves with one PUT. */
export function RequirementEditorDialog({ initial, cohorts, onDone, onClose }: Props) {
  const { values: form, set, bind } = useFormValues(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const wholeNumber = (key: 'months' | 'day', label: string, max: number) => (
    <TextField id={`req-${key}`} label={label} type="number" {...bind(key)} slotProps={{ htmlInput: { min: 1, max } }} />
  );

  const done = (event: FormEvent) => {
    event.preventDefault();
    const result = inputOf(form);
    if ('problem' in result) return setProblem(result.problem);
    onDone(result.input);
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="requirement-editor-title">
      <form onSubmit={done} noValidate>
        <DialogTitle id="requirement-editor-title">{initial.id ? `Edit ${initial.name}` : 'New requirement'}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField id="req-name" label="Name" required {...bind('name')} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <NativeSelect id="req-category" label="Category" {...bind('category')} fullWidth>
                <SelectOptions options={COMPLIANCE_CATEGORIES.map((c) => [c, CATEGORY_LABELS[c]] as const)} />
              </NativeSelect>
              <NativeSelect id="req-evidence" label="Evidence" {...bind('evidence')} fullWidth>
                <SelectOptions options={EVIDENCE_KINDS.map((k) => [k, EVIDENCE_LABELS[k]] as const)} />
              </NativeSelect>
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <NativeSelect id="req-validity" label="Validity" {...bind('validityKind')}>
                <option value="none">Does not expire</option>
                <option value="months">Months after completion</option>
                <option value="seasonal">Until a date each year</option>
              </NativeSelect>
              {form.validityKind === 'months' && wholeNumber('months', 'Months', 120)}
              {form.validityKind === 'seasonal' && (
                <>
                  <NativeSelect id="req-month" label="Until month" {...bind('month')}>
                    <SelectOptions options={MONTHS} />
                  </NativeSelect>
                  {wholeNumber('day', 'Until day', 31)}
                </>
              )}
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <NativeSelect id="req-applies" label="Applies to" {...bind('appliesKind')}>
                <option value="program_type">A program type</option>
                <option value="cohort">One cohort</option>
                <option value="site">Only clinical sites that ask for it</option>
              </NativeSelect>
              {form.appliesKind === 'site' ? null : form.appliesKind === 'program_type' ? (
                <NativeSelect id="req-program" label="Program type" {...bind('programType')}>
                  <ProgramTypeOptions />
                </NativeSelect>
              ) : (
                <NativeSelect id="req-cohort" label="Cohort" {...bind('cohortId')}>
                  <option value="">Choose a cohort</option>
                  {form.cohortId && !cohorts.some((c) => c.id === form.cohortId) && <option value={form.cohortId}>{form.cohortId}</option>}
                  <SelectOptions options={cohorts.map((c) => [c.id, `${c.academic_year} Cohort ${c.cohort_number} (${c.program_name})`] as const)} />
                </NativeSelect>
              )}
              <TextField id="req-due" label="Due days from cohort start" type="number" helperText="Negative: before the start. Empty: no due date." {...bind('dueDays')} />
            </Stack>
            <TextField id="req-guidelines" label="Guidelines for the student" multiline minRows={2} {...bind('guidelines')} />
            <TextField id="req-alternatives" label="Alternatives (one a line)" multiline minRows={2} {...bind('alternatives')} />
            <FormControlLabel
              control={<Checkbox checked={form.exemptionAllowed} onChange={(e) => set('exemptionAllowed', e.target.checked)} />}
              label="Students may ask for an exemption"
            />
            <ProblemAlert problem={problem} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            Done
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
