import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fill, jsonResponse, sampleUser, signedIn, stubApi, tableRows, toastText, type Answer, type ApiCall } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';
import { bodiesOf, listItem } from './myPlanTestData';
import { asFinance } from './plansTestData';

const LIST = '/api/payment-plans/';
const PLAN = '/api/payment-plans/plan-1/';

function open(answers: Record<string, Answer> = {}) {
  const calls = stubApi({
    [`GET ${LIST}`]: ({ path }) => {
      const query = new URLSearchParams(path.split('?')[1]);
      if (query.get('status') === 'paused') return jsonResponse({ results: [listItem({ id: 'plan-9', status: 'paused', student_name: 'Ann Lee' })], next: null });
      if (query.get('cursor') === 'c2') return jsonResponse({ results: [listItem({ id: 'plan-2', student_name: 'Bo Chen', username: 'bchen' })], next: null });
      return jsonResponse({ results: [listItem({ arrears: 515 })], next: 'c2' });
    },
    [`PUT ${PLAN}`]: jsonResponse(listItem()),
    ...answers,
  });
  return { calls, ...renderApp('/finance/payment-plans/list', { preloadedState: asFinance() }) };
}

const listQueries = (calls: ApiCall[]) => calls.filter((c) => c.method === 'GET' && c.path.startsWith(LIST)).map((c) => c.path.slice(LIST.length));

/** Opens the row action `label` on Jane Doe's plan, and its dialog. */
async function act(label: string) {
  fireEvent.click(await screen.findByRole('button', { name: `${label}: Jane Doe, Nursing Assistant` }));
  return screen.findByRole('dialog', { name: `${label}: Jane Doe, Nursing Assistant` });
}

describe("Finance: students' payment plans", { timeout: 20_000 }, () => {
  it('lists the active plans first, pages through the cursor, and reads another status from its tab', async () => {
    const { calls } = open();
    await screen.findByRole('button', { name: 'Pause: Jane Doe, Nursing Assistant' });
    expect(tableRows('Active plans')[0]?.slice(0, 7)).toEqual(['Jane Doestudent', 'Nursing Assistant', 'Monthly', 'Active', '$1,000.00', '$515.00', 'Dec 1, 2026: $500.00']);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Bo Chen');
    expect(tableRows('Active plans')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Paused' }));
    await screen.findByText('Ann Lee');
    expect(screen.getByRole('button', { name: 'Resume: Ann Lee, Nursing Assistant' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pause: Ann Lee, Nursing Assistant' })).toBeNull();
    expect(listQueries(calls)).toEqual(['?status=active&limit=25', '?status=active&limit=25&cursor=c2', '?status=paused&limit=25']);
  });

  it('pauses with a reason, checked before anything is sent', async () => {
    const { calls } = open();
    const dialog = await act('Pause');
    fill(dialog, { Reason: 'ok' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Reason must say why, in at least 3 characters.');
    fill(dialog, { Reason: '  Student on medical leave  ' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesOf(calls, 'PUT', PLAN)).toEqual([{ action: 'pause', reason: 'Student on medical leave' }]);
    expect(await toastText()).toContain('Plan paused.');
  });

  it('resumes a paused plan', async () => {
    const { calls } = open();
    fireEvent.click(await screen.findByRole('tab', { name: 'Paused' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Resume: Ann Lee, Nursing Assistant' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(bodiesOf(calls, 'PUT', '/api/payment-plans/plan-9/')).toEqual([{ action: 'resume' }]));
  });

  it('reschedules from a date', async () => {
    const { calls } = open();
    const dialog = await act('Reschedule');
    expect((within(dialog).getByLabelText('First payment date') as HTMLInputElement).value).toBe('2026-12-01');
    fill(dialog, { 'First payment date': '2027-01-15' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    await waitFor(() => expect(bodiesOf(calls, 'PUT', PLAN)).toEqual([{ action: 'reschedule', first_due_on: '2027-01-15' }]));
  });

  it('cancels once confirmed with a reason, and re-amortizes', async () => {
    const { calls } = open();
    const cancel = await act('Cancel plan');
    expect(cancel.textContent).toContain('Future debits stop. What is owed stays on the student’s bill.');
    fill(cancel, { Reason: 'Withdrew from the program' });
    fireEvent.click(within(cancel).getByRole('button', { name: 'Cancel plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(await act('Re-amortize')).getByRole('button', { name: 'Re-amortize' }));
    await waitFor(() => expect(bodiesOf(calls, 'PUT', PLAN)).toHaveLength(2));
    expect(bodiesOf(calls, 'PUT', PLAN)).toEqual([{ action: 'cancel', reason: 'Withdrew from the program' }, { action: 'reamortize' }]);
  });

  it('waives the late fee of the payment chosen, with a reason', async () => {
    const { calls } = open();
    const dialog = await act('Waive late fee');
    const payment = within(dialog).getByLabelText('Payment') as HTMLSelectElement;
    expect([...payment.options].map((o) => o.text)).toEqual(['Choose a payment', 'Payment 1, due Nov 1, 2026: late fee $15.00']);
    expect(payment.value).toBe('1');
    fill(dialog, { Reason: 'Bank error, not the student' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Waive late fee' }));
    await waitFor(() => expect(bodiesOf(calls, 'PUT', PLAN)).toEqual([{ action: 'waive_late_fee', seq: 1, reason: 'Bank error, not the student' }]));
    expect(await toastText()).toContain('Late fee waived.');
  });

  it("keeps the dialog open with the server's refusal in words", async () => {
    open({ [`PUT ${PLAN}`]: jsonResponse({ error: 'This plan is already cancelled' }, 409) });
    const dialog = await act('Re-amortize');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Re-amortize' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('This plan is already cancelled'));
  });

  it('offers no waiver without a late fee', async () => {
    open({ [`GET ${LIST}`]: jsonResponse({ results: [listItem({ installments: listItem().installments.map((i) => ({ ...i, late_fee: null })) })], next: null }) });
    await screen.findByRole('button', { name: 'Pause: Jane Doe, Nursing Assistant' });
    expect(screen.queryByRole('button', { name: /^Waive late fee/ })).toBeNull();
  });

  it('keeps students out', async () => {
    stubApi({});
    const { router } = renderApp('/finance/payment-plans/list', { preloadedState: signedIn(sampleUser()) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/Dashboard'));
  });
});
