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
import type { ProgramType } from '#contract/programs';
import { NativeSelect } from '#shared/components/NativeSelect';
import { ProblemAlert } from '#shared/components/ProblemAlert';
import { ProgramTypeOptions } from '#shared/components/ProgramTypeOptions';
import { SelectOptions } from '#shared/components/SelectOptions';
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
  const [form, setForm] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof RequirementForm>(key: K, value: RequirementForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const wholeNumber = (key: 'months' | 'day', label: string, max: number) => (
    <TextField id={`req-${key}`} label={label} type="number" value={form[key]} onChange={(e) => set(key, e.target.value)} slotProps={{ htmlInput: { min: 1, max } }} />
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
            <TextField id="req-name" label="Name" required value={form.name} onChange={(e) => set('name', e.target.value)} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <NativeSelect id="req-category" label="Category" value={form.category} onChange={(e) => set('category', e.target.value as RequirementForm['category'])} fullWidth>
                <SelectOptions options={COMPLIANCE_CATEGORIES.map((c) => [c, CATEGORY_LABELS[c]] as const)} />
              </NativeSelect>
              <NativeSelect id="req-evidence" label="Evidence" value={form.evidence} onChange={(e) => set('evidence', e.target.value as RequirementForm['evidence'])} fullWidth>
                <SelectOptions options={EVIDENCE_KINDS.map((k) => [k, EVIDENCE_LABELS[k]] as const)} />
              </NativeSelect>
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <NativeSelect id="req-validity" label="Validity" value={form.validityKind} onChange={(e) => set('validityKind', e.target.value as RequirementForm['validityKind'])}>
                <option value="none">Does not expire</option>
                <option value="months">Months after completion</option>
                <option value="seasonal">Until a date each year</option>
              </NativeSelect>
              {form.validityKind === 'months' && wholeNumber('months', 'Months', 120)}
              {form.validityKind === 'seasonal' && (
                <>
                  <NativeSelect id="req-month" label="Until month" value={form.month} onChange={(e) => set('month', e.target.value)}>
                    <SelectOptions options={MONTHS} />
                  </NativeSelect>
                  {wholeNumber('day', 'Until day', 31)}
                </>
              )}
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <NativeSelect id="req-applies" label="Applies to" value={form.appliesKind} onChange={(e) => set('appliesKind', e.target.value as RequirementForm['appliesKind'])}>
                <option value="program_type">A program type</option>
                <option value="cohort">One cohort</option>
                <option value="site">Only clinical sites that ask for it</option>
              </NativeSelect>
              {form.appliesKind === 'site' ? null : form.appliesKind === 'program_type' ? (
                <NativeSelect id="req-program" label="Program type" value={form.programType} onChange={(e) => set('programType', e.target.value as ProgramType)}>
                  <ProgramTypeOptions />
                </NativeSelect>
              ) : (
                <NativeSelect id="req-cohort" label="Cohort" value={form.cohortId} onChange={(e) => set('cohortId', e.target.value)}>
                  <option value="">Choose a cohort</option>
                  {form.cohortId && !cohorts.some((c) => c.id === form.cohortId) && <option value={form.cohortId}>{form.cohortId}</option>}
                  <SelectOptions options={cohorts.map((c) => [c.id, `${c.academic_year} Cohort ${c.cohort_number} (${c.program_name})`] as const)} />
                </NativeSelect>
              )}
              <TextField
                id="req-due"
                label="Due days from cohort start"
                type="number"
                helperText="Negative: before the start. Empty: no due date."
                value={form.dueDays}
                onChange={(e) => set('dueDays', e.target.value)}
              />
            </Stack>
            <TextField id="req-guidelines" label="Guidelines for the student" multiline minRows={2} value={form.guidelines} onChange={(e) => set('guidelines', e.target.value)} />
            <TextField
              id="req-alternatives"
              label="Alternatives (one a line)"
              multiline
              minRows={2}
              value={form.alternatives}
              onChange={(e) => set('alternatives', e.target.value)}
            />
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
