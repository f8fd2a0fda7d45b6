import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentPlanView, PayNowResponse } from '#contract/payment-plans';
import { browserNavigation } from '#shared/lib/leavePortal';
import { jsonResponse, signedIn, stubApi, tableRows, toastText, type Answer } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';
import { bank, bodiesOf, plan, visa } from './myPlanTestData';

const PAY_NOW = '/api/payment-plans/plan-1/pay-now/';
const PLAN = '/api/payment-plans/plan-1/';

function open(plans: PaymentPlanView[], answers: Record<string, Answer> = {}, path = '/payment-plan') {
  const calls = stubApi({
    'GET /api/students/student/payment-plans/': jsonResponse({ plans }),
    'GET /api/students/student/payment-methods/': jsonResponse({ payment_methods: [visa, bank] }),
    [`PUT ${PLAN}`]: ({ body }) => jsonResponse(plan(body as Partial<PaymentPlanView>)),
    ...answers,
  });
  return { calls, ...renderApp(path, { preloadedState: signedIn() }) };
}

const paid = (outcome: PayNowResponse['outcome'], message: string, next_action_url: string | null = null): PayNowResponse => ({
  outcome,
  seq: 2,
  amount: 500,
  next_action_url,
  message,
  plan: plan(),
});

const card = () => screen.findByRole('region', { name: 'Nursing Assistant' });

describe('My Plan', { timeout: 20_000 }, () => {
  it("shows the plan's standing and each payment with its status and late fee, and the attempts", async () => {
    open([plan({ arrears: 515 })]);
    const region = await card();
    expect(within(region).getByText('Active')).toBeTruthy();
    expect(within(region).getByText('Next payment').nextElementSibling?.textContent).toBe('$500.00 on Dec 1, 2026');
    expect(within(region).getByText('Remaining').nextElementSibling?.textContent).toBe('$1,000.00');
    expect(within(region).getByText('Past due amount').nextElementSibling?.textContent).toBe('$515.00');
    expect(within(region).getByText('Payment method').nextElementSibling?.textContent).toBe('Visa •••• 4242');
    expect(tableRows('Payments of Nursing Assistant')).toEqual([
      ['Down payment', 'Oct 15, 2026', '$525.00', 'Paid', 'None'],
      ['Payment 1', 'Nov 1, 2026', '$500.00', 'Past due', '$15.00'],
      ['Payment 2', 'Dec 1, 2026', '$500.00', 'Scheduled', 'None'],
    ]);
    expect(tableRows('Payment history of Nursing Assistant')).toEqual([
      ['Oct 15, 2026', 'Down payment', '1', 'Paid'],
      ['Nov 1, 2026', 'Payment 1', '1', 'Declined'],
    ]);
    expect(within(region).queryByRole('button', { name: 'Complete payment' })).toBeNull();
  });

  it('offers Complete payment for a payment waiting on the bank, and sends the browser to its 3-D Secure page', async () => {
    const leave = vi.spyOn(browserNavigation, 'leaveFor').mockImplementation(() => {});
    const waiting = plan();
    waiting.installments[2] = { ...waiting.installments[2]!, status: 'action_needed' };
    const url = 'http://127.0.0.1:3000/local/stripe/__control/authenticate/pi_3ds';
    const { calls } = open([waiting], { [`POST ${PAY_NOW}`]: jsonResponse(paid('requires_action', 'Your bank needs you to confirm this payment.', url)) });
    const region = await card();
    expect(within(region).getByRole('alert').textContent).toContain('Your bank needs you to confirm the payment of $500.00 due Dec 1, 2026.');
    expect(within(region).getByText('Action needed')).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: 'Complete payment' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(url));
    expect(bodiesOf(calls, 'POST', PAY_NOW)).toEqual([{ seq: 2, return_path: '/payment-plan' }]);
  });

  it('pays the next payment now once confirmed, and says a bank payment is processing', async () => {
    const processing = plan({ payment_method: bank });
    processing.installments[1] = { ...processing.installments[1]!, status: 'processing' };
    const message = 'Your payment was submitted. It shows as paid once your bank confirms it.';
    const { calls } = open([processing], { [`POST ${PAY_NOW}`]: jsonResponse(paid('processing', message)) });
    const region = await card();
    expect(within(region).getByText('Processing')).toBeTruthy();
    expect(within(region).getByText('Bank payments take a few business days: a payment shows as paid once your bank confirms it.')).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: 'Pay now' }));
    const confirm = await screen.findByRole('dialog', { name: 'Pay now' });
    expect(confirm.textContent).toContain('Pay $500.00 now with STRIPE TEST BANK •••• 6789?');
    expect(bodiesOf(calls, 'POST', PAY_NOW)).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Pay' }));
    expect(await within(await card()).findByText(message)).toBeTruthy();
    expect(bodiesOf(calls, 'POST', PAY_NOW)).toEqual([{ return_path: '/payment-plan' }]);
  });

  it('says a declined payment in words', async () => {
    const message = 'Your payment was declined. Nothing was charged: try again or change the payment method.';
    open([plan()], { [`POST ${PAY_NOW}`]: jsonResponse(paid('declined', message)) });
    fireEvent.click(within(await card()).getByRole('button', { name: 'Pay now' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Pay now' })).getByRole('button', { name: 'Pay' }));
    const alert = await within(await card()).findByText(message);
    expect(alert.closest('.MuiAlert-root')?.className).toContain('colorError');
  });

  it.each([
    ['succeeded', 'Your payment was submitted. It shows as paid once your bank confirms it.'],
    ['failed', 'Your bank could not confirm the payment. Nothing was charged: try again or change the payment method.'],
  ])('back from the bank with redirect_status=%s: says so once and drops the query', async (status, sentence) => {
    const { router, calls } = open([plan()], {}, `/payment-plan?payment_intent=pi_3ds&payment_intent_client_secret=s&redirect_status=${status}`);
    expect(await screen.findByText(sentence)).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(calls.some((c) => c.path === '/api/students/student/payment-plans/')).toBe(true);
  });

  it('turns autopay off with PUT set_autopay', async () => {
    const { calls } = open([plan()]);
    fireEvent.click(within(await card()).getByRole('switch', { name: 'Autopay' }));
    await waitFor(() => expect(bodiesOf(calls, 'PUT', PLAN)).toEqual([{ action: 'set_autopay', autopay: false }]));
    expect(await toastText()).toContain('Autopay is off');
  });

  it('changes the payment method to a saved one with PUT set_payment_method', async () => {
    const { calls } = open([plan()]);
    fireEvent.click(within(await card()).getByRole('button', { name: 'Change payment method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change payment method' });
    expect(((await within(dialog).findByRole('radio', { name: 'Visa •••• 4242 (card)' })) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'STRIPE TEST BANK •••• 6789 (bank account)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use this method' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesOf(calls, 'PUT', PLAN)).toEqual([{ action: 'set_payment_method', payment_method_id: 'pm_bank' }]);
    expect(await toastText()).toContain('Payment method changed.');
  });

  it('removes a saved method once asked, and says why the one paying the plan stays', async () => {
    const METHODS = '/api/students/student/payment-methods/';
    const { calls } = open([plan()], {
      [`DELETE ${METHODS}pm_bank/`]: jsonResponse({ removed: true, id: 'pm_bank' }),
      [`DELETE ${METHODS}pm_visa/`]: jsonResponse({ error: 'Visa •••• 4242 pays the Nursing Assistant plan: choose another payment method for the plan first' }, 409),
    });
    fireEvent.click(within(await card()).getByRole('button', { name: 'Change payment method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change payment method' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Remove STRIPE TEST BANK •••• 6789 (bank account)' }));
    // asked first: cancelling sends nothing
    let confirm = await screen.findByRole('dialog', { name: 'Remove this payment method?' });
    expect(confirm.textContent).toContain('STRIPE TEST BANK •••• 6789 (bank account) will no longer be saved');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove this payment method?' })).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    const reads = () => calls.filter((c) => c.method === 'GET' && c.path === METHODS).length;
    const readBefore = reads();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove STRIPE TEST BANK •••• 6789 (bank account)' }));
    confirm = await screen.findByRole('dialog', { name: 'Remove this payment method?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await toastText()).toContain('STRIPE TEST BANK •••• 6789 (bank account) removed.');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove this payment method?' })).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`${METHODS}pm_bank/`]);
    // the list is read again
    await waitFor(() => expect(reads()).toBeGreaterThan(readBefore));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Visa •••• 4242 (card)' }));
    confirm = await screen.findByRole('dialog', { name: 'Remove this payment method?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Visa •••• 4242 pays the Nursing Assistant plan: choose another payment method for the plan first');
    // still chosen: nothing was removed
    expect((within(dialog).getByRole('radio', { name: 'Visa •••• 4242 (card)' }) as HTMLInputElement).checked).toBe(true);
  });

  it('offers no payment or changes on a completed plan', async () => {
    open([plan({ status: 'completed', next_debit: null, remaining: 0 })]);
    const region = await card();
    expect(within(region).getByText('Completed')).toBeTruthy();
    expect(within(region).queryByRole('button', { name: 'Pay now' })).toBeNull();
    expect(within(region).queryByRole('switch')).toBeNull();
  });
});
