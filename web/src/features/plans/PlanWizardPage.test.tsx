import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PaymentDetails } from '#contract/students';
import { defaultRuntimeConfig, setRuntimeConfig } from '#shared/runtimeConfig';
import { fill, jsonResponse, signedIn, stubApi, tableRows, toastText, type Answer } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';
import { bodiesOf, plan, preview, visa } from './myPlanTestData';
import { planSettings, semester } from './plansTestData';

const program = (id: string, program_type: 'certificate' | 'diploma', program_name: string, amount_due: number, amount_paid: number) => ({
  id,
  program_type,
  program_name,
  amount_due,
  amount_paid,
  next_due_date: null,
  payment_history: [],
});

/** Nursing Assistant owes 1500.00 and has no plan; Patient Care Technician owes 4200.00 and already has one. */
const details: PaymentDetails = {
  certificate_courses: [program('nursing-assistant', 'certificate', 'Nursing Assistant', 2400, 900)],
  diploma_programs: [program('patient-care-technician', 'diploma', 'Patient Care Technician', 5200, 1000)],
  associate_programs: [],
  next_due_date: null,
};

const PLANS = '/api/students/student/payment-plans/';

function open(path: string, answers: Record<string, Answer> = {}) {
  const calls = stubApi({
    'GET /api/students/student/': jsonResponse({ username: 'student', program: 'Nursing Assistant', payment_details: details }),
    [`GET ${PLANS}`]: jsonResponse({ plans: [plan({ id: 'plan-pct', program_type: 'diploma', program_id: 'patient-care-technician', program_name: 'Patient Care Technician' })] }),
    'GET /api/payment-plan-templates/': jsonResponse(
      planSettings({ templates: [{ ...semester, active: true }, { ...semester, id: 'tpl-x', name: 'Other' }, planSettings().templates[0]!] }),
    ),
    [`POST ${PLANS}`]: ({ path: sent }) => (sent.includes('preview=true') ? jsonResponse(preview) : jsonResponse(plan(), 201)),
    'GET /api/students/student/payment-methods/': jsonResponse({ payment_methods: [visa] }),
    ...answers,
  });
  return { calls, ...renderApp(path, { preloadedState: signedIn() }) };
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
const problem = () => screen.getByRole('alert').textContent;

/** Through the first four steps with the saved Visa chosen, to the autopay step. */
async function toAutopayStep() {
  await screen.findByRole('heading', { name: 'Step 1 of 5: Plan' });
  next();
  await screen.findByRole('heading', { name: 'Step 2 of 5: Schedule' });
  next();
  fill(document.body, { 'Type your full name': 'Jane Doe' });
  fireEvent.click(screen.getByRole('checkbox', { name: 'I have read and accept the payment plan agreement' }));
  next();
  fireEvent.click(await screen.findByRole('radio', { name: 'Visa •••• 4242 (card)' }));
  next();
  await screen.findByRole('heading', { name: 'Step 5 of 5: Autopay' });
}

describe('Payment plan wizard', { timeout: 20_000 }, () => {
  it('starts from My Bill for a balance with no plan, and sets up the plan step by step', async () => {
    const { calls, router } = open('/Dashboard');
    const bill = await screen.findByRole('region', { name: 'My Bill' });
    // only the balance without a plan, offered a template, gets the action
    const setUp = await within(bill).findByRole('link', { name: 'Set up a payment plan for Nursing Assistant' });
    expect(within(bill).queryByRole('link', { name: /Patient Care Technician/ })).toBeNull();
    fireEvent.click(setUp);
    await waitFor(() => expect(router.state.location.search).toBe('?program=certificate%3Anursing-assistant'));

    await screen.findByRole('heading', { name: 'Step 1 of 5: Plan' });
    expect((screen.getByLabelText('Program balance') as HTMLSelectElement).value).toBe('certificate:nursing-assistant');
    // associates-only Semester is not offered for a certificate; Monthly is, and is chosen
    expect(screen.queryByRole('radio', { name: /Semester/ })).toBeNull();
    expect((screen.getByRole('radio', { name: /^Monthly/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('10% down, then 6 monthly payments on day 1. Setup fee $25.00; late fee $15.00 after 5 days.')).toBeTruthy();
    next();

    await screen.findByRole('heading', { name: 'Step 2 of 5: Schedule' });
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      [`${PLANS}?preview=true`, { program_type: 'certificate', program_id: 'nursing-assistant', template_id: 'tpl-monthly' }],
    ]);
    expect(tableRows('Payment schedule')).toEqual([
      ['Down payment', 'Nov 10, 2026', '$175.00'],
      ['Payment 1', 'Dec 1, 2026', '$450.00'],
      ['Payment 2', 'Jan 1, 2027', '$450.00'],
      ['Payment 3', 'Feb 1, 2027', '$450.00'],
    ]);
    expect(screen.getByText('Setup fee').nextElementSibling?.textContent).toBe('$25.00');
    expect(screen.getByText('Total').nextElementSibling?.textContent).toBe('$1,525.00');
    next();

    expect(within(await screen.findByRole('region', { name: 'Plan agreement' })).getByText(preview.agreement.text)).toBeTruthy();
    next();
    expect(problem()).toBe('Type your full name to accept the agreement.');
    fill(document.body, { 'Type your full name': '  Jane Doe ' });
    next();
    expect(problem()).toBe('Check the box to accept the payment plan agreement.');
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have read and accept the payment plan agreement' }));
    next();

    await screen.findByRole('heading', { name: 'Step 4 of 5: Payment method' });
    await screen.findByRole('radio', { name: 'Visa •••• 4242 (card)' });
    next();
    expect(problem()).toBe('Choose a card or bank account for your payments.');
    fireEvent.click(screen.getByRole('radio', { name: 'Visa •••• 4242 (card)' }));
    next();

    await screen.findByRole('heading', { name: 'Step 5 of 5: Autopay' });
    expect((screen.getByRole('switch', { name: /Autopay/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Create plan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-plan'));
    expect(bodiesOf(calls, 'POST', PLANS).slice(1)).toEqual([
      {
        program_type: 'certificate',
        program_id: 'nursing-assistant',
        template_id: 'tpl-monthly',
        typed_name: 'Jane Doe',
        accept_agreement: true,
        payment_method_id: 'pm_visa',
        autopay: true,
      },
    ]);
    expect(await toastText()).toContain('Your payment plan is set up.');
  });

  it('sends autopay off when it is turned off', async () => {
    const { calls } = open('/payment-plan/new');
    await toAutopayStep();
    fireEvent.click(screen.getByRole('switch', { name: /Autopay/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create plan' }));
    await waitFor(() => expect(bodiesOf(calls, 'POST', PLANS)).toHaveLength(2));
    expect(bodiesOf(calls, 'POST', PLANS)[1]).toMatchObject({ autopay: false, payment_method_id: 'pm_visa' });
  });

  it("says the server's refusal when a hold stops new plans, and stays on the wizard", async () => {
    const refusal = 'A hold on your account stops new payment plans: pay the $125.00 past due from My Bill first.';
    const { router } = open('/payment-plan/new', {
      [`POST ${PLANS}`]: ({ path }) => (path.includes('preview=true') ? jsonResponse(preview) : jsonResponse({ error: refusal }, 409)),
    });
    await toAutopayStep();
    fireEvent.click(screen.getByRole('button', { name: 'Create plan' }));
    await waitFor(() => expect(problem()).toBe(refusal));
    expect(router.state.location.pathname).toBe('/payment-plan/new');
    expect(screen.getByRole('button', { name: 'Create plan' })).toBeTruthy();
  });

  it('says when no balance can go on a plan', async () => {
    open('/payment-plan/new', { 'GET /api/payment-plan-templates/': jsonResponse(planSettings({ templates: [semester] })) });
    expect(await screen.findByText(/You have no balance a payment plan can be set up for/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });
});

describe('Adding a card or bank account (the local Stripe sandbox)', { timeout: 20_000 }, () => {
  const CONFIRM = '/local/stripe/v1/setup_intents/seti_1/confirm';
  const setupAnswers = (confirm: Answer): Record<string, Answer> => ({
    'POST /api/payment-methods/setup-intent/': jsonResponse({ setup_intent_id: 'seti_1', client_secret: 'seti_1_secret_x', customer_id: 'cus_1' }),
    [`POST ${CONFIRM}`]: confirm,
  });

  async function openAdd(confirm: Answer) {
    setRuntimeConfig({ ...defaultRuntimeConfig, payments: { mode: 'sandbox', publishableKey: 'pk_test_local' } });
    const view = open('/payment-plan/new', setupAnswers(confirm));
    await toAutopayStep();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add a card or bank account' }));
    return { ...view, form: await screen.findByRole('form', { name: 'Add a card or bank account' }) };
  }

  it('saves a card with a SetupIntent and chooses it', async () => {
    const { calls, form } = await openAdd(jsonResponse({ id: 'seti_1', status: 'succeeded', payment_method: 'pm_new' }));
    fill(form, { 'Card number': '4000 0027 6000 3185' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save card' }));
    expect(within(form).getByRole('alert').textContent).toBe('Your card number is incorrect.');
    fill(form, { 'Card number': '4242424242424242', 'Expiry (MM/YY)': '1240', CVC: '123', 'Postal code': '02139' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add a card or bank account' })).toBeNull());
    expect(bodiesOf(calls, 'POST', CONFIRM)).toEqual([{ client_secret: 'seti_1_secret_x', payment_method: 'pm_card_visa' }]);
    // the list is read again, and the new method is the chosen one
    await waitFor(() => expect(bodiesOf(calls, 'GET', '/api/students/student/payment-methods/').length).toBeGreaterThan(1));
    next();
    fireEvent.click(await screen.findByRole('button', { name: 'Create plan' }));
    await waitFor(() => expect(bodiesOf(calls, 'POST', PLANS)[1]).toMatchObject({ payment_method_id: 'pm_new' }));
  });

  it('saves a bank account only with the ACH debit authorization, sending the online mandate', async () => {
    const { calls, form } = await openAdd(jsonResponse({ id: 'seti_1', status: 'succeeded', payment_method: 'pm_bank_new' }));
    fireEvent.click(within(form).getByRole('radio', { name: 'US bank account' }));
    expect((within(form).getByLabelText('Account holder name') as HTMLInputElement).value).toBe('Jane Doe');
    expect(form.textContent).toContain('you authorize Northfield College of Nursing & Allied Health to debit the bank account specified above');
    fill(form, { 'Routing number': '110000000', 'Account number': '000123456789' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save bank account' }));
    expect(within(form).getByRole('alert').textContent).toBe('Agree to the bank debit authorization to save this account.');
    expect(bodiesOf(calls, 'POST', CONFIRM)).toEqual([]);
    fireEvent.click(within(form).getByRole('checkbox', { name: 'I agree to this bank debit authorization' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save bank account' }));
    await waitFor(() => expect(bodiesOf(calls, 'POST', CONFIRM)).toHaveLength(1));
    expect(bodiesOf(calls, 'POST', CONFIRM)[0]).toEqual({
      client_secret: 'seti_1_secret_x',
      'payment_method_data[type]': 'us_bank_account',
      'payment_method_data[billing_details][name]': 'Jane Doe',
      'payment_method_data[us_bank_account][routing_number]': '110000000',
      'payment_method_data[us_bank_account][account_number]': '000123456789',
      'payment_method_data[us_bank_account][account_holder_type]': 'individual',
      'payment_method_data[us_bank_account][account_type]': 'checking',
      'mandate_data[customer_acceptance][type]': 'online',
      'mandate_data[customer_acceptance][online][infer_from_client]': 'true',
    });
  });

  it("shows Stripe's refusal of a declined card", async () => {
    const declined = jsonResponse({ error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } }, 402);
    const { form } = await openAdd(declined);
    fill(form, { 'Card number': '4000 0000 0000 0002', 'Expiry (MM/YY)': '1240', CVC: '123', 'Postal code': '02139' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('Your card was declined.'));
  });
});
