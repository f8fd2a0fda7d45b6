import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImportRowReport } from '#contract/student-import';
import { jsonResponse, passTime, renderWithStore, withFakeTimers } from '../../testing/test-utils';
import { ImportProgress } from './ImportProgress';
import { IMPORT_POLL_MS } from './studentImport';
import { asAdmin, importDetail, stubStudentsApi, type Call } from './studentTestData';

const row = (line: number, outcome: ImportRowReport['outcome'] = 'created', reason = ''): ImportRowReport => ({ line, username: `user${line}`, outcome, reason });
const rows = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => row(from + i));

const cells = () =>
  within(screen.getByRole('table', { name: 'Import report' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('ImportProgress', { timeout: 20_000 }, () => {
  it('shows a progress bar while the import runs, then the counts and the per-row report', async () => {
    let polls = 0;
    const calls = stubStudentsApi({
      'GET /api/students/import/imp-1/': (call: Call) => {
        polls += 1;
        if (polls === 1) return { ...importDetail(rows(2, 21), { total: 50 }), rows: [] };
        const done = importDetail([
          ...rows(2, 49),
          row(50, 'exists', 'A student with username user50 and this email already exists, so nothing was changed.'),
          row(51, 'failed', 'Email must be an email address.'),
        ]);
        return call.query.get('limit') === '500' ? done : { ...done, rows: done.rows.slice(0, 1), next: 'more' };
      },
    });
    // the import is read again a second later (IMPORT_POLL_MS), on the fake clock
    await withFakeTimers(async () => {
      renderWithStore(<ImportProgress id="imp-1" />, { preloadedState: asAdmin() });
      const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
      expect(bar.getAttribute('aria-valuenow')).toBe('40');
      expect(screen.getByRole('status').textContent).toBe('Imported 20 of 50 rows...');
      await passTime(IMPORT_POLL_MS);
      expect(await screen.findByText('Created 48 · Already existed 1 · Failed 1')).toBeTruthy();
    });
    expect(screen.queryByRole('progressbar')).toBeNull();
    await waitFor(() => expect(cells()).toHaveLength(50));
    expect(cells()[0]).toEqual(['2', 'user2', 'Created', '']);
    expect(cells()[48]).toEqual(['50', 'user50', 'Already exists', 'A student with username user50 and this email already exists, so nothing was changed.']);
    expect(cells()[49]).toEqual(['51', 'user51', 'Failed', 'Email must be an email address.']);
    // polled with one row while running; the report read once, 500 rows at a time
    const gets = calls.filter((c) => c.path === '/api/students/import/imp-1/').map((c) => c.query.get('limit'));
    expect(gets[0]).toBe('1');
    expect(gets.at(-1)).toBe('500');
    expect(gets.filter((limit) => limit === '500')).toHaveLength(1);
  });

  it('reads a finished import straight away and shows more rows page by page', async () => {
    const calls = stubStudentsApi({
      'GET /api/students/import/imp-2/': (call: Call) =>
        call.query.get('cursor') === 'page-2'
          ? importDetail(rows(7, 8), { id: 'imp-2', status: 'done', total: 7, processed: 7, created: 7, next: null })
          : importDetail(rows(2, 6), { id: 'imp-2', status: 'done', total: 7, processed: 7, created: 7, next: 'page-2' }),
    });
    renderWithStore(<ImportProgress id="imp-2" finished pageRows={5} />, { preloadedState: asAdmin() });
    expect(await screen.findByText('Created 7 · Already existed 0 · Failed 0')).toBeTruthy();
    await waitFor(() => expect(cells()).toHaveLength(5));
    fireEvent.click(screen.getByRole('button', { name: 'Show more rows' }));
    await waitFor(() => expect(cells()).toHaveLength(7));
    expect(cells()[6]?.[0]).toBe('8');
    expect(screen.queryByRole('button', { name: 'Show more rows' })).toBeNull();
    expect(calls.filter((c) => c.path === '/api/students/import/imp-2/').map((c) => [c.query.get('limit'), c.query.get('cursor')])).toEqual([
      ['5', null],
      ['5', 'page-2'],
    ]);
  });

  it('says so when the import cannot be read', async () => {
    stubStudentsApi({ 'GET /api/students/import/imp-3/': () => jsonResponse({ error: 'Import not found' }, 404) });
    renderWithStore(<ImportProgress id="imp-3" />, { preloadedState: asAdmin() });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load the import: Import not found');
  });
});
