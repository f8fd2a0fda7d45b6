import Alert from '@mui/material/Alert';
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
import { PROGRAM_TYPES, type ProgramType } from '#contract/programs';
import { PROGRAM_TYPE_LABEL } from '#shared/lib/programs';
import { NativeSelect } from '#shared/components/NativeSelect';
import { EVIDENCE_LABELS, monthName } from './complianceFormat';
import { inputOf, type RequirementForm } from './requirementForm';

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
                {COMPLIANCE_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {CATEGORY_LABELS[c]}
                  </option>
                ))}
              </NativeSelect>
              <NativeSelect id="req-evidence" label="Evidence" value={form.evidence} onChange={(e) => set('evidence', e.target.value as RequirementForm['evidence'])} fullWidth>
                {EVIDENCE_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {EVIDENCE_LABELS[k]}
                  </option>
                ))}
              </NativeSelect>
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <NativeSelect id="req-validity" label="Validity" value={form.validityKind} onChange={(e) => set('validityKind', e.target.value as RequirementForm['validityKind'])}>
                <option value="none">Does not expire</option>
                <option value="months">Months after completion</option>
                <option value="seasonal">Until a date each year</option>
              </NativeSelect>
              {form.validityKind === 'months' && (
                <TextField
                  id="req-months"
                  label="Months"
                  type="number"
                  value={form.months}
                  onChange={(e) => set('months', e.target.value)}
                  slotProps={{ htmlInput: { min: 1, max: 120 } }}
                />
              )}
              {form.validityKind === 'seasonal' && (
                <>
                  <NativeSelect id="req-month" label="Until month" value={form.month} onChange={(e) => set('month', e.target.value)}>
                    {Array.from({ length: 12 }, (_, i) => (
                      <option key={i + 1} value={String(i + 1)}>
                        {monthName(i + 1)}
                      </option>
                    ))}
                  </NativeSelect>
                  <TextField
                    id="req-day"
                    label="Until day"
                    type="number"
                    value={form.day}
                    onChange={(e) => set('day', e.target.value)}
                    slotProps={{ htmlInput: { min: 1, max: 31 } }}
                  />
                </>
              )}
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <NativeSelect id="req-applies" label="Applies to" value={form.appliesKind} onChange={(e) => set('appliesKind', e.target.value as RequirementForm['appliesKind'])}>
                <option value="program_type">A program type</option>
                <option value="cohort">One cohort</option>
              </NativeSelect>
              {form.appliesKind === 'program_type' ? (
                <NativeSelect id="req-program" label="Program type" value={form.programType} onChange={(e) => set('programType', e.target.value as ProgramType)}>
                  {PROGRAM_TYPES.map((p) => (
                    <option key={p} value={p}>
                      {PROGRAM_TYPE_LABEL[p]}
                    </option>
                  ))}
                </NativeSelect>
              ) : (
                <NativeSelect id="req-cohort" label="Cohort" value={form.cohortId} onChange={(e) => set('cohortId', e.target.value)}>
                  <option value="">Choose a cohort</option>
                  {form.cohortId && !cohorts.some((c) => c.id === form.cohortId) && <option value={form.cohortId}>{form.cohortId}</option>}
                  {cohorts.map((c) => (
                    <option key={c.id} value={c.id}>
                      {`${c.academic_year} Cohort ${c.cohort_number} (${c.program_name})`}
                    </option>
                  ))}
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
            {problem && (
              <Alert severity="error" role="alert">
                {problem}
              </Alert>
            )}
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
