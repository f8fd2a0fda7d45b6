import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { HOLD_BLOCK_LABELS, HOLD_BLOCKS, type HoldRules } from '#contract/payment-plans';
import { SwitchField } from '#shared/components/FormFields';
import { ProblemAlert } from '#shared/components/ProblemAlert';
import { SectionCard } from '#shared/components/SectionCard';
import { useFormValues } from '#shared/components/useFormValues';
import { holdRulesFormOf, holdRulesOf, type HoldRulesForm } from './planForm';
import { useCheckedSave } from './useCheckedSave';

/** What no hold stops, said where the rules are set (lambdas/domain/financial-holds.ts NEVER_BLOCKED). */
export const NEVER_BLOCKED_NOTE =
  'A hold never blocks paying, viewing the bill or a student’s own records. There are no transcript holds: transcripts are never withheld for a balance.';

const BLOCK_FIELD = { plan_enrollment: 'planEnrollment', clinical_clearance: 'clinicalClearance' } as const;

interface Props {
  rules: HoldRules;
  /** Saves the set with these rules; a refusal comes back as its sentence. */
  onSave: (rules: HoldRules) => Promise<string | null>;
}

/** Hold rules (finance, admins): when a student is on hold, and what a hold stops. */
export function HoldRulesCard({ rules, onSave }: Props) {
  const { values: form, set, bind } = useFormValues<HoldRulesForm>(() => holdRulesFormOf(rules));
  const { failure, busy, submit } = useCheckedSave(
    () => holdRulesOf(form),
    (checked) => onSave(checked.rules),
  );

  return (
    <SectionCard id="hold-rules-title" title="Hold rules">
      <Stack component="form" spacing={2} noValidate onSubmit={submit}>
        <Typography color="text.secondary">{NEVER_BLOCKED_NOTE}</Typography>
        <TextField
          id="hold-installment-days"
          label="Days an installment may be past due"
          type="number"
          helperText="A plan's student is on hold once an installment is this many days past due (0 to 365)."
          {...bind('installmentDays')}
          sx={{ maxWidth: 420 }}
        />
        <SwitchField label="Also hold a balance outside any plan" checked={form.balanceRule} onChange={(on) => set('balanceRule', on)} />
        {form.balanceRule && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              id="hold-threshold"
              label="Balance threshold ($)"
              helperText="Owed at least this much"
              {...bind('threshold')}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <TextField id="hold-balance-days" label="Days a balance may be past due" type="number" helperText="0 to 365" {...bind('balanceDays')} />
          </Stack>
        )}
        <Stack component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle2">
            A hold blocks
          </Typography>
          {HOLD_BLOCKS.map((block) => (
            <FormControlLabel
              key={block}
              control={<Checkbox checked={form[BLOCK_FIELD[block]]} onChange={(e) => set(BLOCK_FIELD[block], e.target.checked)} />}
              label={HOLD_BLOCK_LABELS[block]}
            />
          ))}
        </Stack>
        <ProblemAlert problem={failure} />
        <div>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Saving...' : 'Save hold rules'}
          </Button>
        </div>
      </Stack>
    </SectionCard>
  );
}
