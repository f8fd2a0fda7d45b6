import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Papa from 'papaparse';
import { describe, expect, it, vi } from 'vitest';
import { IMPORT_COLUMNS, type ImportRowResult } from '../../../../lambdas/contract/student-admin';
import { appRoutes } from '../../app/router';
import { jsonResponse, renderRoutes } from '../../test-utils';
import { asAdmin, demoAnswers, importReport, stubStudentsApi, type Call } from './studentTestData';

async function openDialog(answers = demoAnswers()) {
  const calls = stubStudentsApi(answers);
  renderRoutes(appRoutes, '/admin?view=students', { preloadedState: asAdmin() });
  fireEvent.click(await screen.findByRole('button', { name: 'Import CSV' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import Students' });
  return { calls, dialog };
}

function chooseFile(dialog: HTMLElement, text: string) {
  const file = new File([text], 'students.csv', { type: 'text/csv' });
  fireEvent.change(within(dialog).getByLabelText('CSV file'), { target: { files: [file] } });
}

const HEADER = IMPORT_COLUMNS.join(',');
const csvOf = (rows: number) =>
  [HEADER, ...Array.from({ length: rows }, (_, i) => `user${i + 1},F,L,user${i + 1}@example.edu,,certificate,Phlebotomy,cohort-2026-cert-2,no,`)].join('\n');

/** Answers each call as the server would: every data row created, except usernames ending in 5, which are invalid. */
function answerImport(call: Call) {
  const [, ...rows] = Papa.parse<string[]>((call.body as { csv: string }).csv, { skipEmptyLines: true }).data;
  return importReport(
    rows.map((cells, i): ImportRowResult => {
      const invalid = cells[0]?.endsWith('5') ?? false;
      return { line: i + 2, username: cells[0] ?? '', status: invalid ? 'invalid' : 'created', errors: invalid ? ['email: is already used by another student'] : [] };
    }),
  );
}

const reportRows = () =>
  within(screen.getByRole('table', { name: 'Import report' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe('Import CSV (issue 8)', { timeout: 20_000 }, () => {
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

  it('imports a big file 100 rows per call, in order, and shows one report with the file line numbers', async () => {
    const { calls, dialog } = await openDialog({ ...demoAnswers(), 'POST /api/students/import/': answerImport });
    expect((within(dialog).getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);
    chooseFile(dialog, csvOf(210));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));

    expect(await within(dialog).findByText('Created 189 · Invalid 21 · Failed 0')).toBeTruthy();
    const posts = calls.filter((c) => c.path === '/api/students/import/');
    expect(posts.map((c) => Papa.parse<string[]>((c.body as { csv: string }).csv, { skipEmptyLines: true }).data.length - 1)).toEqual([100, 100, 10]);
    expect(posts.map((c) => (c.body as { csv: string }).csv.split('\n')[0])).toEqual([HEADER, HEADER, HEADER]);
    const rows = reportRows();
    expect(rows).toHaveLength(210);
    expect(rows[4]).toEqual(['6', 'user5', 'Invalid', 'email: is already used by another student']);
    expect(rows[209]).toEqual(['211', 'user210', 'Created', '']);
    expect(rows[104]?.slice(0, 3)).toEqual(['106', 'user105', 'Invalid']);
  });

  it('imports a small file as it is and lists valid and invalid rows', async () => {
    const answers = {
      ...demoAnswers(),
      'POST /api/students/import/': importReport([
        { line: 2, username: 'good.one', status: 'created', errors: [] },
        { line: 3, username: 'bad one', status: 'invalid', errors: ['username: may contain only lower-case letters', 'email: must be an email address'] },
      ]),
    };
    const { calls, dialog } = await openDialog(answers);
    const text = `${HEADER}\ngood.one,G,O,g@example.edu,,certificate,Phlebotomy,cohort-2026-cert-2,no,\nbad one,B,O,nope,,certificate,Phlebotomy,cohort-2026-cert-2,no,\n`;
    chooseFile(dialog, text);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Created 1 · Invalid 1 · Failed 0')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/students/import/')?.body).toEqual({ csv: text });
    expect(reportRows()).toEqual([
      ['2', 'good.one', 'Created', ''],
      ['3', 'bad one', 'Invalid', 'username: may contain only lower-case letters; email: must be an email address'],
    ]);
  });

  it("shows the server's message for a refused file", async () => {
    const answers = { ...demoAnswers(), 'POST /api/students/import/': () => jsonResponse({ error: 'file: missing columns email (download the template)' }, 400) };
    const { dialog } = await openDialog(answers);
    chooseFile(dialog, 'username\nx\n');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Error: file: missing columns email (download the template)');
    await waitFor(() => expect(within(dialog).queryByRole('table')).toBeNull());
  });
});
