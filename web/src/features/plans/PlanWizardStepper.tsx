import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';

export const WIZARD_STEPS = ['Plan', 'Schedule', 'Agreement', 'Payment method', 'Autopay'] as const;

/** The wizard's steps: every label from 600 px up; on a phone the dots, and "Step 2 of 5: Schedule" under them. */
export function PlanWizardStepper({ active }: { active: number }) {
  return (
    <>
      <Stepper activeStep={active} alternativeLabel aria-label="Steps" sx={{ '& .MuiStepLabel-label': { display: { xs: 'none', sm: 'block' } } }}>
        {WIZARD_STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Typography variant="h6" component="h2">{`Step ${active + 1} of ${WIZARD_STEPS.length}: ${WIZARD_STEPS[active] ?? ''}`}</Typography>
    </>
  );
}
