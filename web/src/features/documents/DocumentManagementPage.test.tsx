import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RootState } from '#shared/store/state';
import { jsonResponse, optionTexts, passTime, renderRoutes, tableRows, toastText, withFakeTimers } from '../../testing/test-utils';
import { USERNAME_CHECK_DELAY_MS } from './documentMessages';
import DocumentManagementPage from './DocumentManagementPage';
import { DOCUMENT_COLUMNS } from './DocumentsTable';
import { allDocuments, asAdmin, asStaff, handbook, immunization, page, schedule, stubDocumentApi, syllabus, unassigned, type Answer, type ApiCall } from './documentTestData';

function open(preloadedState: Partial<RootState> = asAdmin()) {
  return renderRoutes([{ path: '/admin', Component: DocumentManagementPage }], '/admin', { preloadedState });
}

const listCalls = (calls: ApiCall[]) => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/documents/?')).map((c) => c.path);

async function openList(answers: Record<string, Answer> = {}, state = asAdmin()) {
  const calls = stubDocumentApi({
    'GET /api/documents/': page(allDocuments),
    'GET /api/document-categories/': jsonResponse([
      { id: 'doccat-1', name: 'Syllabus' },
      { id: 'doccat-2', name: 'Policies' },
    ]),
    ...answers,
  });
  open(state);
  await screen.findByRole('tab', { name: /^Individual Students \(\d+\)$/ });
  return calls;
}

const tabs = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const table = () => screen.getByRole('table');
/** Body rows of the shown tab, each as its cells' text. */
const rows = () => tableRows();
const row = (title: string) => within(table()).getByText(title).closest('tr')!;
const showTab = (name: RegExp) => fireEvent.click(screen.getByRole('tab', { name }));

describe('Document Management (spec: Document Management)', { timeout: 20_000 }, () => {
  it('shows the four tabs with counts, the spec columns and the Individual tab with its chips', async () => {
    await openList();
    expect(screen.getByRole('heading', { level: 2, name: 'Document Management' })).toBeTruthy();
    expect(tabs()).toEqual(['Individual Students (2)', 'Cohort Documents (2)', 'Program Materials (1)', 'General Resources (1)']);
    expect(screen.getByRole('button', { name: 'Filter' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload Document' })).toBeTruthy();
    expect(screen.getByLabelText('Search by student name')).toBeTruthy();
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([...DOCUMENT_COLUMNS]);

    expect(rows().map((cells) => cells.slice(0, 9))).toEqual([
      ['Immunization Record', 'Individual Students', '2025-2026 Cohort 1Maria Lopez', 'Syllabus', 'PNG', '1.50 MB', 'Sam Rivera', 'Sep 1, 2026', 'PrivateMandatory'],
      ['Unassigned Form', 'Individual Students', 'No students assigned yet', 'Syllabus', 'CSV', '1.50 MB', 'Sam Rivera', 'Sep 1, 2026', 'Public'],
    ]);
    // immunization needs acknowledging (it is mandatory), the unassigned form does not
    expect(within(row('Immunization Record')).getByRole('button', { name: 'Acknowledgements of Immunization Record' })).toBeTruthy();
    expect(within(row('Unassigned Form')).queryByRole('button', { name: /Acknowledgements/ })).toBeNull();
    for (const action of ['Preview', 'Download', 'Delete']) {
      expect(within(row('Unassigned Form')).getByRole('button', { name: `${action} Unassigned Form` })).toBeTruthy();
    }
  });

  it('shows the scope cells, sizes, badges and status of the other tabs', async () => {
    await openList();
    showTab(/^Cohort Documents/);
    expect(screen.queryByLabelText('Search by student name')).toBeNull();
    expect(rows().map(([title, , audience, , type, size, , , status]) => [title, audience, type, size, status])).toEqual([
      ['Nursing Assistant Syllabus', '2025-2026 Cohort 1', 'PDF', '0.00 MB', 'PublicMandatory'],
      ['Clinical Rotation Schedule', 'N/A', 'TXT', 'N/A', 'Public'],
    ]);
    // with a storage key the title is a link (through the download endpoint); without one, the "No S3" badge
    expect(within(row('Nursing Assistant Syllabus')).getByRole('button', { name: 'Nursing Assistant Syllabus' })).toBeTruthy();
    showTab(/^Program Materials/);
    expect(rows()[0]!.slice(0, 3)).toEqual(['Diploma Program Lab ManualNo S3', 'Program Materials', 'Program-wide']);
    expect(within(row('Diploma Program Lab Manual')).queryByRole('button', { name: 'Diploma Program Lab Manual' })).toBeNull();
    showTab(/^General Resources/);
    expect(rows()[0]!.slice(0, 3)).toEqual(['Student Handbook 2026-2027', 'General Resources', 'All Programs']);
  });

  it('loads every page through `next`, so the counts are true', async () => {
    const calls = await openList({
      'GET /api/documents/': (call) => (call.path.includes('cursor=p2') ? page([schedule, handbook]) : page([syllabus, immunization], 'p2')),
    });
    expect(tabs()).toEqual(['Individual Students (1)', 'Cohort Documents (2)', 'Program Materials (0)', 'General Resources (1)']);
    expect(listCalls(calls)).toEqual(['/api/documents/?limit=100', '/api/documents/?limit=100&cursor=p2']);
  });

  it("sends the filter dialog's non-empty fields as the query string, and clears them", async () => {
    const calls = await openList();
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter Documents' });
    const set = (label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    set('Academic Year', '2025-2026');
    set('Cohort Number', '1');
    set('Program Type', 'certificate');
    set('Category', 'doccat-2');
    set('Mandatory', 'true');
    set('Search', ' handbook ');
    expect(optionTexts(within(dialog).getByLabelText('Category'))).toEqual(['All', 'Syllabus', 'Policies']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toBe(
        '/api/documents/?academic_year=2025-2026&cohort_number=1&program_type=certificate&category_id=doccat-2&is_mandatory=true&search=handbook&limit=100',
      ),
    );

    fireEvent.click(screen.getByRole('button', { name: /Filter/ }));
    const again = await screen.findByRole('dialog', { name: 'Filter Documents' });
    expect((within(again).getByLabelText('Academic Year') as HTMLInputElement).value).toBe('2025-2026');
    fireEvent.click(within(again).getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // back to the first query, which RTK Query still has cached
    expect(listCalls(calls)).toHaveLength(2);
    await screen.findByRole('tab', { name: 'General Resources (1)' });
  });

  it('searches the Individual tab by student name on the server, 500 ms after typing stops', async () => {
    const calls = await openList({
      'GET /api/documents/': (call) => page(call.path.includes('student_name=') ? [immunization] : allDocuments),
    });
    await withFakeTimers(async () => {
      fireEvent.change(screen.getByLabelText('Search by student name'), { target: { value: 'lopez' } });
      await passTime(USERNAME_CHECK_DELAY_MS);
      await screen.findByRole('tab', { name: 'Individual Students (1)' });
    });
    expect(listCalls(calls).at(-1)).toBe('/api/documents/?scope=individual&student_name=lopez&limit=100');
    expect(rows().map((cells) => cells[0])).toEqual(['Immunization Record']);
    // the other tabs keep the full list
    expect(tabs().slice(1)).toEqual(['Cohort Documents (2)', 'Program Materials (1)', 'General Resources (1)']);
  });

  it('shows the empty state, with the upload hint for staff', async () => {
    await openList({ 'GET /api/documents/': page([]) }, asStaff());
    expect(tabs()).toEqual(['Individual Students (0)', 'Cohort Documents (0)', 'Program Materials (0)', 'General Resources (0)']);
    expect(rows()).toEqual([['No documents found in this category.Click Upload Document to add one.']]);
  });

  it.each([
    [{ detail: 'Service unavailable' }, 'Service unavailable'],
    [{ error: 'cohort_number: must be a number' }, 'Cohort number must be a number.'],
    [{}, 'Error fetching documents'],
  ])('shows a failed list as the response says (%j)', async (body, message) => {
    stubDocumentApi({ 'GET /api/documents/': jsonResponse(body, 500) });
    open();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('asks anonymous visitors to log in and offers no upload', () => {
    stubDocumentApi({});
    open({});
    expect(screen.getByText('Please log in to view documents')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload Document' })).toBeNull();
  });

  it('deletes after the confirmation, with the success toast, and lists again', async () => {
    let remaining = allDocuments;
    const calls = await openList({
      'GET /api/documents/': () => page(remaining),
      [`DELETE /api/documents/${unassigned.id}/`]: () => {
        remaining = allDocuments.filter((d) => d !== unassigned);
        return jsonResponse({ message: 'deleted' });
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Unassigned Form' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Document' });
    expect(within(confirm).getByText('Are you sure you want to delete this document?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Unassigned Form' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete Document' })).getByRole('button', { name: 'Delete' }));
    expect(await toastText()).toBe('Document deleted successfully');
    await screen.findByRole('tab', { name: 'Individual Students (1)' });
    expect(listCalls(calls)).toHaveLength(2);
  });

  it('says "Error deleting document" when the delete fails', async () => {
    await openList({ [`DELETE /api/documents/${unassigned.id}/`]: jsonResponse({ error: 'Forbidden' }, 403) });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Unassigned Form' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete Document' })).getByRole('button', { name: 'Delete' }));
    expect(await toastText()).toBe('Error deleting document');
  });

  it('downloads through a fresh link, and says "Error downloading document" (and "No S3 URL") when the file is gone', async () => {
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const calls = await openList({
      [`GET /api/documents/${unassigned.id}/download/`]: jsonResponse({
        download_url: 'http://localhost/local/s3/b/form.csv?sig=1',
        file_name: 'form.csv',
        file_type: 'csv',
        expires_in: 300,
      }),
      [`GET /api/documents/${immunization.id}/download/`]: jsonResponse({ error: 'Not found' }, 404),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Download Unassigned Form' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect([clicked[0]!.href, clicked[0]!.download]).toEqual(['http://localhost/local/s3/b/form.csv?sig=1', 'form.csv']);
    expect(calls.find((c) => c.path.includes('/download/'))!.path).toBe(`/api/documents/${unassigned.id}/download/?disposition=attachment`);

    fireEvent.click(screen.getByRole('button', { name: 'Download Immunization Record' }));
    expect(await toastText()).toBe('Error downloading document');
    expect(within(row('Immunization Record')).getByText('No S3 URL')).toBeTruthy();
  });

  it('opens the title in a new tab through an inline link', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const openSpy = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await openList({
      [`GET /api/documents/${syllabus.id}/download/`]: jsonResponse({
        download_url: 'http://localhost/local/s3/b/na.pdf?sig=2',
        file_name: 'na.pdf',
        file_type: 'pdf',
        expires_in: 300,
      }),
    });
    showTab(/^Cohort Documents/);
    fireEvent.click(screen.getByRole('button', { name: 'Nursing Assistant Syllabus' }));
    expect(openSpy).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('http://localhost/local/s3/b/na.pdf?sig=2'));
    expect(tab.opener).toBeNull();
  });

  it('shows staff who has and has not acknowledged a document', async () => {
    await openList({
      [`GET /api/documents/${immunization.id}/acknowledgements/`]: jsonResponse({
        document_id: immunization.id,
        acknowledged: [{ username: 'student', full_name: 'Maria Lopez', acknowledged_at: '2026-11-20T10:00:00.000Z', signature: 'Maria Lopez' }],
        pending: [{ username: 'ben.nguyen', full_name: 'Ben Nguyen' }],
      }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledgements of Immunization Record' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledgements: Immunization Record' });
    const acknowledged = await within(dialog).findByRole('table', { name: 'Acknowledged' });
    expect(
      within(acknowledged)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Maria Lopez', 'student', expect.stringMatching(/^Nov 20, 2026/), 'Maria Lopez']);
    expect(
      within(within(dialog).getByRole('table', { name: 'Not yet acknowledged' }))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Ben Nguyen', 'ben.nguyen']);

    let exported: Blob | undefined;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => ((exported = blob), 'blob:x'), revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    act(() => fireEvent.click(within(dialog).getByRole('button', { name: 'Export CSV' })));
    expect((await exported!.text()).split('\r\n')[0]).toBe('Status,Name,Username,Acknowledged At,Signature');
  });
});
