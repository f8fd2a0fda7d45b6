import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PaymentPlanTemplate } from '#contract/payment-plans';
import { NativeSelect } from '#shared/components/NativeSelect';
import type { ProgramBill } from '#shared/lib/bill';
import { formatDollars } from '#shared/lib/money';
import { programKey, templateSummary, templatesFor } from '#shared/lib/planChoices';

interface Props {
  programs: readonly ProgramBill[];
  templates: readonly PaymentPlanTemplate[];
  program: string;
  templateId: string;
  onProgram: (key: string) => void;
  onTemplate: (id: string) => void;
}

/** Step 1: the program balance to spread, and the plan (template) to spread it with. */
export function PlanChoiceStep({ programs, templates, program, templateId, onProgram, onTemplate }: Props) {
  const chosen = programs.find((bill) => programKey(bill) === program);
  const offered = chosen ? templatesFor(chosen.programType, templates) : [];
  return (
    <Stack spacing={2}>
      <NativeSelect id="plan-program" label="Program balance" value={program} onChange={(e) => onProgram(e.target.value)} sx={{ maxWidth: 480 }}>
        {programs.map((bill) => (
          <option key={programKey(bill)} value={programKey(bill)}>
            {`${bill.programName}: ${formatDollars(bill.remaining)} owed`}
          </option>
        ))}
      </NativeSelect>
      <Typography component="h3" variant="subtitle1" id="plan-template-label">
        Payment plan
      </Typography>
      <RadioGroup aria-labelledby="plan-template-label" value={templateId} onChange={(e) => onTemplate(e.target.value)}>
        {offered.map((t) => (
          <FormControlLabel
            key={t.id}
            value={t.id}
            control={<Radio />}
            sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.5 } }}
            label={
              <span>
                <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
                  {t.name}
                </Typography>
                <Typography component="span" variant="body2" color="text.secondary">
                  {templateSummary(t)}
                </Typography>
              </span>
            }
          />
        ))}
      </RadioGroup>
    </Stack>
  );
}
