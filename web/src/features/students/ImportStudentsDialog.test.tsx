import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { IMPORT_COLUMNS } from '#contract/student-admin';
import type { ImportSummary } from '#contract/student-import';
import { jsonResponse, passTime, withFakeTimers } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';
import { IMPORT_POLL_MS } from './studentImport';
import { asAdmin, demoAnswers, importDetail, stubStudentsApi } from './studentTestData';

async function openDialog(answers = demoAnswers()) {
  const calls = stubStudentsApi(answers);
  renderApp('/admin?view=students', { preloadedState: asAdmin() });
  fireEvent.click(await screen.findByRole('button', { name: 'Import CSV' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import Students' });
  return { calls, dialog };
}

function chooseFile(dialog: HTMLElement, text: string, name = 'students.csv') {
  const file = new File([text], name, { type: 'text/csv' });
  fireEvent.change(within(dialog).getByLabelText('CSV file'), { target: { files: [file] } });
}

const HEADER = IMPORT_COLUMNS.join(',');
const csvOf = (rows: number) =>
  [HEADER, ...Array.from({ length: rows }, (_, i) => `user${i + 1},F,L,user${i + 1}@example.edu,,certificate,Phlebotomy,cohort-2026-cert-2,no,`)].join('\n');

const summary = (over: Partial<ImportSummary> = {}): ImportSummary => ({
  id: 'imp-1',
  file_name: 'students.csv',
  created_by: 'admin',
  created_at: '2026-09-01T09:00:00.000Z',
  finished_at: null,
  status: 'processing',
  total: 50,
  processed: 0,
  created: 0,
  skipped: 0,
  failed: 0,
  ...over,
});

describe('Import CSV (issues 8 and 19)', { timeout: 20_000 }, () => {
  it('downloads a template with the import columns', async () => {
    let saved: Blob | null = null;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:csv';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { dialog } = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download template' }));
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('student-import-template.csv');
    const text = await (saved as unknown as Blob).text();
    expect(text.split(/\r?\n/)[0]).toBe(HEADER);
  });

  it('sends the whole file once, follows the import with a progress bar, then shows the report', async () => {
    const text = csvOf(50);
    let polls = 0;
    const done = importDetail(
      Array.from({ length: 50 }, (_, i) => ({
        line: i + 2,
        username: `user${i + 1}`,
        outcome: i === 4 ? ('failed' as const) : ('created' as const),
        reason: i === 4 ? 'Email must be an email address.' : '',
      })),
    );
    const { calls, dialog } = await openDialog({
      ...demoAnswers(),
      'GET /api/students/imports/': { results: [], count: 0, next: null },
      'POST /api/students/import/': () => jsonResponse(summary(), 202),
      'GET /api/students/import/imp-1/': () => (++polls === 1 ? importDetail([], { total: 50, processed: 25, status: 'processing', finished_at: null }) : done),
    });
    expect(await within(dialog).findByText('No imports yet')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);
    chooseFile(dialog, text);
    // the import is read again a second later (IMPORT_POLL_MS), on the fake clock
    await withFakeTimers(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
      const bar = await within(dialog).findByRole('progressbar', { name: 'Import progress' });
      expect(bar.getAttribute('aria-valuenow')).toBe('50');
      expect(within(dialog).getByText('Imported 25 of 50 rows...')).toBeTruthy();
      await passTime(IMPORT_POLL_MS);
      expect(await within(dialog).findByText('Created 49 · Already existed 0 · Failed 1')).toBeTruthy();
    });
    const report = await within(dialog).findByRole('table', { name: 'Import report' });
    await waitFor(() => expect(within(report).getAllByRole('row')).toHaveLength(51));
    expect(
      within(within(report).getAllByRole('row')[5]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['6', 'user5', 'Failed', 'Email must be an email address.']);

    const posts = calls.filter((c) => c.path === '/api/students/import/');
    expect(posts.map((c) => c.body)).toEqual([{ csv: text, file_name: 'students.csv' }]);
  });

  it("shows the server's message for a refused file", async () => {
    const answers = {
      ...demoAnswers(),
      'GET /api/students/imports/': { results: [], count: 0, next: null },
      'POST /api/students/import/': () => jsonResponse({ error: 'file: missing columns email (download the template)' }, 400),
    };
    const { dialog } = await openDialog(answers);
    chooseFile(dialog, 'username\nx\n');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The file is missing columns email (download the template).');
    await waitFor(() => expect(within(dialog).queryByRole('table', { name: 'Import report' })).toBeNull());
  });

  it('lists past imports and reopens one to read its report again', async () => {
    const past = summary({ id: 'imp-9', file_name: 'fall-intake.csv', status: 'done', total: 2, processed: 2, created: 1, skipped: 1, finished_at: '2026-09-01T09:01:00.000Z' });
    const { calls, dialog } = await openDialog({
      ...demoAnswers(),
      'GET /api/students/imports/': { results: [past], count: 1, next: null },
      'GET /api/students/import/imp-9/': importDetail(
        [
          { line: 2, username: 'ann', outcome: 'created', reason: '' },
          { line: 3, username: 'bob', outcome: 'exists', reason: 'A student with username bob and this email already exists, so nothing was changed.' },
        ],
        { id: 'imp-9', file_name: 'fall-intake.csv' },
      ),
    });
    const list = await within(dialog).findByRole('table', { name: 'Past imports' });
    const cells = within(within(list).getAllByRole('row')[1]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 1).concat(cells.slice(2, 8))).toEqual(['fall-intake.csv', 'admin', 'Done', '2', '1', '1', '0']);
    fireEvent.click(within(list).getByRole('button', { name: /^Open import fall-intake\.csv of / }));
    expect(await within(dialog).findByText('Created 1 · Already existed 1 · Failed 0')).toBeTruthy();
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    // a finished import is read once, with its report
    expect(calls.filter((c) => c.path === '/api/students/import/imp-9/').map((c) => c.query.get('limit'))).toEqual(['500']);
  });
});
