import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RootState } from '#shared/store/state';
import { jsonResponse } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';
import { asFinance, asStaff, asStudent, doc, handbook, immunization, page, stubDocumentApi, syllabus, type Answer } from './documentTestData';

const acknowledgedSyllabus = doc({ ...syllabus, acknowledged_at: '2026-11-02T15:00:00.000Z' });
const generalGuide = doc({ id: 'doc-aid-guide', title: 'Financial Aid Guide', scope: 'general', file_type: 'docx', file_name: 'guide.docx' });

function open(state: Partial<RootState>, answers: Record<string, Answer> = {}) {
  const calls = stubDocumentApi({ 'GET /api/documents/': page([handbook, acknowledgedSyllabus, immunization, generalGuide]), ...answers });
  renderApp('/documents', { preloadedState: state });
  return calls;
}

const row = (title: string) => screen.getByRole('table', { name: 'My documents' }).querySelector(`tr:has(button[aria-label="Preview ${title}"])`) as HTMLElement;
const cells = (title: string) =>
  within(row(title))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('/documents', { timeout: 20_000 }, () => {
  it('is Document Management for staff', async () => {
    open(asStaff());
    expect(await screen.findByRole('heading', { level: 1, name: 'Document Management' })).toBeTruthy();
    await screen.findByRole('tab', { name: 'General Resources (2)' });
  });

  it('is Document Management for finance, to read: no upload, nothing to acknowledge', async () => {
    const calls = open(asFinance());
    expect(await screen.findByRole('heading', { level: 1, name: 'Document Management' })).toBeTruthy();
    await screen.findByRole('tab', { name: 'General Resources (2)' });
    expect(screen.queryByRole('button', { name: 'Upload Document' })).toBeNull();
    expect(screen.queryByText(/Please acknowledge/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Acknowledge / })).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('/api/documents/')).map((c) => c.path)).toEqual(['/api/documents/?limit=100']);
  });

  it('sends anonymous visitors to the login screen', async () => {
    open({});
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });
});

describe('My Documents (students)', { timeout: 20_000 }, () => {
  it('lists what the server returns, with acknowledgement states', async () => {
    const calls = open(asStudent());
    expect(await screen.findByRole('heading', { level: 1, name: 'My Documents' })).toBeTruthy();
    await screen.findByText('Financial Aid Guide');
    expect(calls.filter((c) => c.path.startsWith('/api/documents/')).map((c) => c.path)).toEqual(['/api/documents/?limit=100']);
    expect(cells('Student Handbook 2026-2027').slice(2)).toEqual(['PDF', '1.50 MB', 'Sep 1, 2026', 'MandatorySignature required', 'Acknowledge', '']);
    expect(cells('Nursing Assistant Syllabus').slice(5, 7)).toEqual(['Mandatory', 'Acknowledged Nov 2, 2026']);
    expect(cells('Financial Aid Guide').slice(5, 7)).toEqual(['', '—']);
    expect(within(row('Financial Aid Guide')).getByRole('button', { name: 'Download Financial Aid Guide' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload Document' })).toBeNull();
  });

  it('acknowledges a signature document with the typed full name', async () => {
    let acknowledged = false;
    const calls = open(asStudent(), {
      'GET /api/documents/': () => page([doc({ ...handbook, acknowledged_at: acknowledged ? '2026-11-21T12:00:00.000Z' : null }), acknowledgedSyllabus]),
      [`POST /api/documents/${handbook.id}/acknowledge/`]: (call) => {
        const signature = (call.body as { signature?: string }).signature;
        if (signature !== 'maria lopez') return jsonResponse({ error: 'signature: must be your full name (Maria Lopez)' }, 400);
        acknowledged = true;
        const acknowledgedAt = '2026-11-21T12:00:00.000Z';
        return jsonResponse({ document_id: handbook.id, username: 'student', full_name: 'Maria Lopez', acknowledged_at: acknowledgedAt, signature });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Acknowledge Student Handbook 2026-2027' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge Document' });
    expect(within(dialog).getByText('I confirm that I have read and understood “Student Handbook 2026-2027”.')).toBeTruthy();
    expect(within(dialog).getByText('Type your full name as your signature: Maria Lopez')).toBeTruthy();
    const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));

    submit();
    expect(within(dialog).getByRole('alert').textContent).toBe('Please type your full name to sign');
    fireEvent.change(within(dialog).getByLabelText('Full name (signature)', { exact: false }), { target: { value: 'Maria' } });
    submit();
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Type your full name exactly: Maria Lopez'));
    fireEvent.change(within(dialog).getByLabelText('Full name (signature)', { exact: false }), { target: { value: ' maria lopez ' } });
    submit();
    await screen.findByText('Acknowledged Nov 21, 2026');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ signature: 'Maria' }, { signature: 'maria lopez' }]);
  });

  it('acknowledges a mandatory document without a signature field', async () => {
    const mandatory = doc({ ...syllabus, acknowledged_at: null });
    const calls = open(asStudent(), {
      'GET /api/documents/': page([mandatory]),
      [`POST /api/documents/${syllabus.id}/acknowledge/`]: jsonResponse({ document_id: syllabus.id }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Acknowledge Nursing Assistant Syllabus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge Document' });
    expect(within(dialog).queryByLabelText('Full name (signature)', { exact: false })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{}]));
  });

  it('shows a failed list as the response says', async () => {
    open(asStudent(), { 'GET /api/documents/': jsonResponse({ error: 'Service unavailable' }, 503) });
    expect((await screen.findByRole('alert')).textContent).toBe('Service unavailable');
  });
});
