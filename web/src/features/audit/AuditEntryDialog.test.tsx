import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntrySummary } from '#contract/audit';
import { compareSnapshots } from './auditCompare';
import { AuditEntryDialog } from './AuditEntryDialog';
import { stubMediaQueries } from '../../testing/test-utils';

const update: AuditEntrySummary = {
  id: 'e1',
  at: '2026-03-02T15:04:05.000Z',
  actor: 'admin',
  action: 'course.update',
  entity_type: 'course',
  entity_id: '0f0e6a52-6d0b-4a51-9d1e-3c2b1a098765',
  subject: 'course Physics II (40101)',
  before: { id: 'x', name: 'Physics', crn: '40101', creditHours: 4, isCertificateCourse: false },
  after: { id: 'x', name: 'Physics II', crn: '40101', creditHours: 5, isCertificateCourse: false },
};

/** Phones: the theme's "below sm" query matches (or not). */
const atPhoneWidth = (phone: boolean) => stubMediaQueries((query) => phone && query.includes('max-width'));

afterEach(() => vi.unstubAllGlobals());

describe('AuditEntryDialog', () => {
  it('shows who, when, what and the subject by name, then before and after side by side with changed fields marked', () => {
    atPhoneWidth(false);
    const onClose = vi.fn();
    render(<AuditEntryDialog entry={update} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Audit entry' });
    expect(within(dialog).getByText('course Physics II (40101)')).toBeTruthy();
    expect(within(dialog).getByText('course.update')).toBeTruthy();
    expect(within(dialog).getByText('admin')).toBeTruthy();
    expect(within(dialog).getByTitle('2026-03-02T15:04:05.000Z')).toBeTruthy();

    const table = within(dialog).getByRole('table', { name: 'Before and after' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Field', 'Before', 'After']);
    const rows = within(table).getAllByRole('row').slice(1);
    const byField = Object.fromEntries(
      rows.map((r) => [
        within(r).getByRole('rowheader').textContent,
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ]),
    );
    expect(byField['nameChanged']).toEqual(['Physics', 'Physics II']);
    expect(byField['creditHoursChanged']).toEqual(['4', '5']);
    expect(byField['crn']).toEqual(['40101', '40101']);
    expect(byField['isCertificateCourse']).toEqual(['No', 'No']);
    expect(rows.filter((r) => r.hasAttribute('data-changed'))).toHaveLength(2);
    expect(rows.slice(0, 2).every((r) => r.hasAttribute('data-changed'))).toBe(true);
    expect(within(dialog).getByText('2 fields changed. Changed fields are marked.')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("stacks each field's before above its after on a phone", () => {
    atPhoneWidth(true);
    render(<AuditEntryDialog entry={update} onClose={() => {}} />);
    const list = screen.getByRole('list', { name: 'Before and after' });
    expect(screen.queryByRole('table')).toBeNull();
    const name = within(list)
      .getAllByRole('listitem')
      .find((li) => li.hasAttribute('data-changed') && li.textContent!.startsWith('name'))!;
    expect([...name.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Before', 'After']);
    expect([...name.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual(['Physics', 'Physics II']);
  });

  it('a read shows what it showed and says there is nothing to compare', () => {
    atPhoneWidth(false);
    render(
      <AuditEntryDialog
        entry={{ ...update, action: 'cohort.roster.read', before: undefined, after: undefined, detail: { count: 2, students: ['ben', 'ada'] } }}
        onClose={() => {}}
      />,
    );
    expect(screen.getByText(/records no before or after/)).toBeTruthy();
    expect(screen.getByLabelText('Details').textContent).toContain('"ben"');
    expect(screen.getByText('course Physics II (40101) (2 students)')).toBeTruthy();
  });
});

describe('compareSnapshots', () => {
  it('marks nothing for a create (one side), and a field added or removed by an update as changed', () => {
    expect(compareSnapshots(undefined, { name: 'A' })).toEqual([{ field: 'name', before: '—', after: 'A', changed: false }]);
    expect(compareSnapshots({ cohortId: null }, { cohortId: 'c2', cohort: '2025-2026 Cohort 1' })).toEqual([
      { field: 'cohortId', before: 'null', after: 'c2', changed: true },
      { field: 'cohort', before: '—', after: '2025-2026 Cohort 1', changed: true },
    ]);
    expect(compareSnapshots({ items: [1] }, { items: [1] })[0]).toMatchObject({ before: '[1]', changed: false });
    // changed fields first; money in cents also in dollars
    expect(compareSnapshots({ crn: '1', tuitionPriceCents: 150_000 }, { crn: '1', tuitionPriceCents: 22_500_000 })).toEqual([
      { field: 'tuitionPriceCents', before: '$1,500.00 (150000 cents)', after: '$225,000.00 (22500000 cents)', changed: true },
      { field: 'crn', before: '1', after: '1', changed: false },
    ]);
  });
});
