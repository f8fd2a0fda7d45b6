import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { PlanPreview } from '#contract/payment-plans';
import { useGetPlanTemplatesQuery, useGetStudentPlansQuery } from '#shared/api/paymentPlans';
import { useGetStudentQuery } from '#shared/api/students';
import { SwitchField } from '#shared/components/FormFields';
import { PageHeading } from '#shared/components/PageHeading';
import { PageLoading } from '#shared/components/PageLoading';
import { ProblemAlert } from '#shared/components/ProblemAlert';
import { plannablePrograms, programKey, templatesFor } from '#shared/lib/planChoices';
import { serverErrorOf } from '#shared/lib/serverError';
import { paths } from '#shared/paths';
import { useSignedInUser } from '#shared/session/currentUser';
import { TOAST_MS, useToast } from '#shared/toast/useToast';
import { AgreementStep } from './AgreementStep';
import { CREATE_FAILED, PLAN_CREATED, PREVIEW_FAILED } from './myPlanMessages';
import { useCreatePlanMutation, usePreviewPlanMutation } from './myPlanApi';
import { PaymentMethodPicker } from './PaymentMethodPicker';
import { PlanChoiceStep } from './PlanChoiceStep';
import { PlanScheduleStep } from './PlanScheduleStep';
import { PlanWizardStepper, WIZARD_STEPS } from './PlanWizardStepper';

const NO_PLAN_TO_SET_UP = 'You have no balance a payment plan can be set up for. Balances already on a plan, and programs no plan is offered for, are not listed.';

/** Set up a payment plan (/payment-plan/new): a program balance and a plan, its schedule, the agreement, how to pay, autopay. */
export default function PlanWizardPage() {
  const user = useSignedInUser();
  const toast = useToast(TOAST_MS);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const student = useGetStudentQuery(user.username);
  const plans = useGetStudentPlansQuery(user.username);
  const templates = useGetPlanTemplatesQuery();
  const [preview, { isLoading: previewing }] = usePreviewPlanMutation();
  const [create, { isLoading: creating }] = useCreatePlanMutation();

  const [step, setStep] = useState(0);
  const [chosen, setChosen] = useState<{ program: string; templateId: string } | null>(null);
  const [schedule, setSchedule] = useState<PlanPreview | null>(null);
  const [typedName, setTypedName] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [methodId, setMethodId] = useState<string | null>(null);
  const [autopay, setAutopay] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);

  if (student.isLoading || plans.isLoading || templates.isLoading) return <PageLoading label="Loading your balances and plans..." />;
  const offered = templates.data?.templates ?? [];
  const programs = student.data?.payment_details ? plannablePrograms(student.data.payment_details, plans.data ?? [], offered) : [];
  const firstTemplate = (key: string) => templatesFor(programs.find((b) => programKey(b) === key)?.programType ?? 'certificate', offered)[0]?.id ?? '';
  const wanted = programs.find((b) => programKey(b) === search.get('program')) ?? programs[0];
  const choice = chosen ?? (wanted ? { program: programKey(wanted), templateId: firstTemplate(programKey(wanted)) } : null);
  const bill = programs.find((b) => programKey(b) === choice?.program);

  const go = (to: number) => {
    setProblem(null);
    setStep(to);
  };
  const loadSchedule = async () => {
    if (!bill || !choice?.templateId) return setProblem('Choose a program balance and a payment plan.');
    try {
      const body = { program_type: bill.programType, program_id: bill.programId, template_id: choice.templateId };
      setSchedule(await preview({ username: user.username, body }).unwrap());
      go(1);
    } catch (error) {
      setProblem(serverErrorOf(error) ?? PREVIEW_FAILED);
    }
  };
  const checkAgreement = () => {
    if (typedName.trim().length < 2) return setProblem('Type your full name to accept the agreement.');
    if (!accepted) return setProblem('Check the box to accept the payment plan agreement.');
    go(3);
  };
  const submit = async () => {
    if (!schedule || !methodId) return;
    const body = { program_type: schedule.program_type, program_id: schedule.program_id, template_id: schedule.template.id };
    try {
      await create({ username: user.username, body: { ...body, typed_name: typedName.trim(), accept_agreement: true, payment_method_id: methodId, autopay } }).unwrap();
      toast(PLAN_CREATED, 'success');
      navigate(paths.myPlan);
    } catch (error) {
      setProblem(serverErrorOf(error) ?? CREATE_FAILED);
    }
  };

  const next = [
    () => void loadSchedule(),
    () => go(2),
    checkAgreement,
    () => (methodId ? go(4) : setProblem('Choose a card or bank account for your payments.')),
    () => void submit(),
  ][step];
  const holderName = `${user.first_name} ${user.last_name}`.trim();

  return (
    <Stack spacing={3}>
      <PageHeading title="Set up a payment plan" subtitle="Spread a program balance over monthly payments." />
      {programs.length === 0 || !choice ? (
        <Typography>{NO_PLAN_TO_SET_UP}</Typography>
      ) : (
        <Card>
          <CardContent>
            <Stack spacing={3}>
              <PlanWizardStepper active={step} />
              {step === 0 && (
                <PlanChoiceStep
                  programs={programs}
                  templates={offered}
                  program={choice.program}
                  templateId={choice.templateId}
                  onProgram={(program) => setChosen({ program, templateId: firstTemplate(program) })}
                  onTemplate={(templateId) => setChosen({ ...choice, templateId })}
                />
              )}
              {step === 1 && schedule && <PlanScheduleStep preview={schedule} />}
              {step === 2 && schedule && (
                <AgreementStep text={schedule.agreement.text} typedName={typedName} accepted={accepted} onTypedName={setTypedName} onAccepted={setAccepted} />
              )}
              {step === 3 && <PaymentMethodPicker username={user.username} holderName={holderName} value={methodId} onChange={setMethodId} />}
              {step === 4 && (
                <Stack spacing={1}>
                  <SwitchField label="Autopay: pay each payment automatically on its date" checked={autopay} onChange={setAutopay} />
                  <Typography color="text.secondary">
                    {autopay ? 'Each payment is taken from your chosen card or bank account on its date.' : 'You pay each payment yourself from My Plan by its date.'}
                  </Typography>
                </Stack>
              )}
              <ProblemAlert problem={problem} />
              <Stack direction="row" spacing={1}>
                {step > 0 && (
                  <Button onClick={() => go(step - 1)} disabled={creating}>
                    Back
                  </Button>
                )}
                <Button variant="contained" onClick={next} disabled={previewing || creating}>
                  {step === WIZARD_STEPS.length - 1 ? (creating ? 'Creating...' : 'Create plan') : previewing ? 'Working out the schedule...' : 'Next'}
                </Button>
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
