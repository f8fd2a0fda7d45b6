import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HOLD_BLOCK_LABELS, type StudentHold, type StudentHoldsResponse } from '#contract/holds';
import { holdBlocksText } from '#shared/components/HoldList';
import { jsonResponse, signedIn, stubApi } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';

const NEVER_BLOCKED = ['paying', 'viewing the bill', "reading one's own records", 'transcripts'];

const installmentHold: StudentHold = {
  kind: 'installment_past_due',
  program_name: 'Phlebotomy',
  amount: 125,
  since: '2026-10-01',
  reason: 'Installment of $125.00 for Phlebotomy past due since October 1, 2026',
  how_to_clear: 'Pay the $125.00 past due from My Bill; the hold lifts as soon as the payment is confirmed.',
  blocks: ['plan_enrollment', 'clinical_clearance'],
};

/** The student's dashboard, their holds answering `body`. */
function open(body: StudentHoldsResponse | Response) {
  const calls = stubApi({ 'GET /api/students/student/holds/': body instanceof Response ? body : jsonResponse(body) });
  renderApp('/Dashboard', { preloadedState: signedIn() });
  return calls;
}

describe('Account holds card', { timeout: 20_000 }, () => {
  it('shows each hold with its reason, what it blocks and how to clear it, and what a hold never blocks', async () => {
    open({
      holds: [
        installmentHold,
        { ...installmentHold, kind: 'balance_past_due', reason: 'Balance of $600.00 for Phlebotomy past due since September 1, 2026', blocks: ['plan_enrollment'] },
      ],
      never_blocked: NEVER_BLOCKED,
    });
    const card = await screen.findByRole('region', { name: 'Account holds' });
    expect(within(card).getByText('2 holds')).toBeTruthy();
    const items = within(within(card).getByRole('list', { name: 'Your holds' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Installment of $125.00 for Phlebotomy past due since October 1, 2026.' +
        'Blocks: New payment plans and Clinical clearance.' +
        'How to clear it: Pay the $125.00 past due from My Bill; the hold lifts as soon as the payment is confirmed.',
      'Balance of $600.00 for Phlebotomy past due since September 1, 2026.' +
        'Blocks: New payment plans.' +
        'How to clear it: Pay the $125.00 past due from My Bill; the hold lifts as soon as the payment is confirmed.',
    ]);
    expect(within(card).getByText("A hold never blocks paying, viewing the bill, reading one's own records or transcripts.")).toBeTruthy();
  });

  it("words what a hold blocks as the contract's HOLD_BLOCK_LABELS do", () => {
    expect(holdBlocksText({ ...installmentHold, blocks: ['plan_enrollment', 'clinical_clearance'] })).toBe(
      `${HOLD_BLOCK_LABELS.plan_enrollment} and ${HOLD_BLOCK_LABELS.clinical_clearance}`,
    );
  });

  it('shows nothing without a hold', async () => {
    const calls = open({ holds: [], never_blocked: NEVER_BLOCKED });
    await screen.findByRole('region', { name: 'My Bill' });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/students/student/holds/')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Account holds' })).toBeNull();
  });

  it('shows nothing when the holds cannot be read', async () => {
    const calls = open(jsonResponse({ error: 'Student not found' }, 404));
    await screen.findByRole('region', { name: 'My Bill' });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/students/student/holds/')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Account holds' })).toBeNull();
  });
});
