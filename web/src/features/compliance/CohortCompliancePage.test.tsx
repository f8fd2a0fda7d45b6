import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../../lambdas/domain/csv';
import { localIsoDate } from '#shared/lib/dates';
import { jsonResponse, sampleUser, signedIn, stubApi, tableRows, type Answer } from '../../testing/test-utils';
import { captureDownloads } from '../../testing/downloads';
import { renderApp } from '../../testing/renderApp';
import type { RootState } from '#shared/store/state';
import { asComplianceStaff, cohortGrid } from './complianceTestData';

function open(answers: Record<string, Answer> = {}, state: Partial<RootState> = asComplianceStaff()) {
  const calls = stubApi({ 'GET /api/cohorts/cohort-2026-1/compliance/': jsonResponse(cohortGrid), ...answers });
  return { calls, ...renderApp('/cohorts/cohort-2026-1/compliance', { preloadedState: state }) };
}

describe('Cohort compliance grid', { timeout: 20_000 }, () => {
  it('shows students × requirements with status chips and the four counts', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Cohort Compliance' })).toBeTruthy();
    await screen.findByRole('table', { name: 'Compliance grid' });
    const counts = within(screen.getByLabelText('Counts'));
    expect(counts.getAllByRole('term').map((t) => [t.textContent, t.nextElementSibling?.textContent])).toEqual([
      ['Pending review', '1'],
      ['Expiring within 30 days', '1'],
      ['Expired', '1'],
      ['Missing', '1'],
    ]);
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Student', 'BLS card', 'Flu shot']);
    const rows = within(screen.getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => [
        within(row).getByRole('rowheader').textContent,
        ...within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ]);
    expect(rows[0]?.[0]).toBe('Jane Doe');
    expect(rows[0]?.[1]).toMatch(/^Expiring.*Expires.*2026/);
    expect(rows[0]?.[2]).toBe('Pending review');
    expect(rows[1]).toEqual(['Bob Smith', expect.stringMatching(/^Expired/), 'Missing']);
    expect(tableRows('Compliance grid')).toHaveLength(2);
  });

  it('exports the grid as CSV through the shared writer', async () => {
    open();
    await screen.findByRole('button', { name: 'Export CSV' });
    const files = captureDownloads();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(files.map((f) => f.name)).toEqual([`compliance-cohort-2026-1-${localIsoDate()}.csv`]);
    expect(parseCsv(await files[0]!.blob.text())).toEqual([
      ['Last name', 'First name', 'Username', 'BLS card', 'BLS card expires', 'Flu shot', 'Flu shot expires'],
      ['Doe', 'Jane', 'jdoe', 'Expiring', '2026-12-10', 'Pending review', ''],
      ['Smith', 'Bob', 'bsmith', 'Expired', '2026-10-01', 'Missing', ''],
    ]);
  });

  it('says in words when the grid cannot be read', async () => {
    open({ 'GET /api/cohorts/cohort-2026-1/compliance/': jsonResponse({ error: 'Cohort not found' }, 404) });
    expect((await screen.findByText('Cohort not found')).closest('[role="alert"]')).toBeTruthy();
  });

  it('keeps finance staff out, sending them to the dashboard', async () => {
    const { router } = open({}, signedIn(sampleUser({ username: 'fin', is_finance: true })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/Dashboard'));
    expect((await screen.findByRole('alert')).textContent).toContain('You do not have compliance privileges to access this area.');
  });
});
