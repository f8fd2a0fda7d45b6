import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { useGetPlanTemplatesQuery, useGetStudentPlansQuery } from '#shared/api/paymentPlans';
import type { BillDetails } from '#shared/lib/bill';
import { plannablePrograms } from '#shared/lib/planChoices';
import { planWizardPath } from '#shared/paths';

/**
 * My Bill's "Set up a payment plan", one per program balance that is owed, has no plan and is offered a template.
 * Loaded apart from the dashboard (its route has a size budget); nothing while the plans or templates are unread.
 */
export default function PlanSetupLinks({ username, details }: { username: string; details: BillDetails }) {
  const templates = useGetPlanTemplatesQuery();
  const plans = useGetStudentPlansQuery(username);
  if (!templates.data || !plans.data) return null;
  const programs = plannablePrograms(details, plans.data, templates.data.templates ?? []);
  if (programs.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      {programs.map((bill) => (
        <Button
          key={`${bill.programType}:${bill.programId}`}
          component={RouterLink}
          to={planWizardPath(bill.programType, bill.programId)}
          size="small"
          variant="outlined"
          aria-label={`Set up a payment plan for ${bill.programName}`}
        >
          {programs.length === 1 ? 'Set up a payment plan' : `Set up a payment plan: ${bill.programName}`}
        </Button>
      ))}
    </Stack>
  );
}
