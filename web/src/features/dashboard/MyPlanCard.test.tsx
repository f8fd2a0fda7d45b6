import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PaymentPlanView } from '#contract/payment-plans';
import { descriptionPairs, jsonResponse, signedIn, stubApi } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';
import { samplePlan } from '../../testing/planFixtures';

const installment = (seq: number, due_on: string, status: PaymentPlanView['installments'][number]['status']) => ({
  ...samplePlan().installments[2]!,
  seq,
  due_on,
  status,
});

const plan = (over: Partial<PaymentPlanView>) =>
  samplePlan({ remaining: 500, installments: [installment(1, '2026-11-01', 'paid'), installment(2, '2026-12-01', 'scheduled')], ...over });

function open(plans: PaymentPlanView[]) {
  const calls = stubApi({ 'GET /api/students/student/payment-plans/': jsonResponse({ plans }) });
  renderApp('/Dashboard', { preloadedState: signedIn() });
  return calls;
}

describe('My Plan card', { timeout: 20_000 }, () => {
  it('shows each plan with its status, next debit and what remains, and links to My Plan', async () => {
    open([plan({}), plan({ id: 'plan-2', program_name: 'Phlebotomy', status: 'past_due', next_debit: null, remaining: 125 })]);
    const card = await screen.findByRole('region', { name: 'My Plan' });
    expect(within(card).getByText('Active')).toBeTruthy();
    expect(within(card).getByText('Past due')).toBeTruthy();
    expect(descriptionPairs(card)).toEqual([
      ['Next debit', '$500.00 on Dec 1, 2026'],
      ['Remaining', '$500.00'],
      ['Next debit', 'None'],
      ['Remaining', '$125.00'],
    ]);
    expect(within(card).getByRole('link', { name: 'Open My Plan' }).getAttribute('href')).toBe('/payment-plan');
    expect(within(card).queryByRole('alert')).toBeNull();
  });

  it('says when a payment waits for the student to complete it', async () => {
    open([plan({ installments: [installment(1, '2026-11-01', 'action_needed')] })]);
    const card = await screen.findByRole('region', { name: 'My Plan' });
    expect(within(card).getByRole('alert').textContent).toBe('A payment needs your confirmation: open My Plan and choose Complete payment.');
  });

  it('shows nothing without a plan, or with only cancelled ones', async () => {
    const calls = open([plan({ status: 'cancelled' })]);
    await screen.findByRole('region', { name: 'My Bill' });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/students/student/payment-plans/')).toBe(true));
    expect(screen.queryByRole('region', { name: 'My Plan' })).toBeNull();
  });
});
