import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StudentHoldsResponse } from '#contract/holds';
import { renderApp } from '../../testing/renderApp';
import { asAdmin, demoAnswers, stubStudentsApi } from './studentTestData';

const holds: StudentHoldsResponse = {
  holds: [
    {
      kind: 'balance_past_due',
      program_name: 'Phlebotomy',
      amount: 650,
      since: '2026-12-15',
      reason: 'Balance of $650.00 for Phlebotomy past due since December 15, 2026',
      how_to_clear: 'Pay the $650.00 owed from My Bill; the hold lifts as soon as the payment is confirmed.',
      blocks: ['clinical_clearance'],
    },
  ],
  never_blocked: ['paying', 'viewing the bill', "reading one's own records", 'transcripts'],
};

function openRecord(answer: StudentHoldsResponse) {
  const calls = stubStudentsApi({ ...demoAnswers(), 'GET /api/students/jane.doe/holds/': answer });
  renderApp('/admin?view=students&student=jane.doe', { preloadedState: asAdmin() });
  return calls;
}

describe('Student record: holds', { timeout: 20_000 }, () => {
  it('shows each hold with its reason, what it blocks and how to clear it', async () => {
    openRecord(holds);
    const section = await screen.findByRole('region', { name: 'Holds' });
    const item = await within(section).findByRole('listitem');
    expect(within(section).getByRole('list', { name: 'Holds on this account' })).toBeTruthy();
    expect(item.textContent).toBe(
      'Balance of $650.00 for Phlebotomy past due since December 15, 2026.' +
        'Blocks: Clinical clearance.' +
        'How to clear it: Pay the $650.00 owed from My Bill; the hold lifts as soon as the payment is confirmed.',
    );
    expect(section.textContent).toContain('A hold never blocks paying, viewing the bill');
  });

  it('says "No holds" when there are none', async () => {
    openRecord({ holds: [], never_blocked: holds.never_blocked });
    const section = await screen.findByRole('region', { name: 'Holds' });
    expect(await within(section).findByText('No holds')).toBeTruthy();
  });
});
