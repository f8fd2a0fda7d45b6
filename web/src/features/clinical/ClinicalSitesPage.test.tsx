import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { asAdmin, fill, jsonResponse, stubApi, tableRows, toastText, type Answer } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';
import { daysFromToday, site, UploadXhr } from './clinicalTestData';

const sites = [
  site(),
  site({ id: 'site-2', name: 'County Clinic', units: ['Clinic'], rotations: 0, agreement: { starts_on: '2025-01-01', ends_on: daysFromToday(30), file: null } }),
  site({ id: 'site-3', name: 'Old Hospital', units: ['ER'], rotations: 0, agreement: { starts_on: '2020-01-01', ends_on: '2021-01-01', file: null } }),
];
const requirements = [
  { id: 'orientation', name: 'Mercy orientation', applies_to: { kind: 'site' } },
  { id: 'bls', name: 'BLS card', applies_to: { kind: 'program_type', program_type: 'diploma' } },
];

function open(answers: Record<string, Answer> = {}) {
  const calls = stubApi({
    'GET /api/clinical-sites/': jsonResponse(sites),
    'GET /api/compliance/requirements/': jsonResponse({ requirements }),
    ...answers,
  });
  renderApp('/admin/clinical-sites', { preloadedState: asAdmin() });
  return calls;
}

describe('Clinical sites (admins)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    UploadXhr.sent = [];
  });

  it('lists the sites with their units, agreements (warning near and past the end) and rotations', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Clinical Sites' })).toBeTruthy();
    await screen.findByText('Mercy General');
    const rows = tableRows('Clinical sites');
    expect(rows.map((cells) => [cells[0], cells[1], cells[3]])).toEqual([
      ['Mercy General', 'ICU, Med-Surg', '2'],
      ['County Clinic', 'Clinic', '0'],
      ['Old Hospital', 'ER', '0'],
    ]);
    expect(rows[0]![2]).toBe('Jan 1, 2025 – Dec 31, 2030');
    expect(rows[1]![2]).toContain('Ends soon');
    expect(rows[2]![2]).toContain('Agreement ended');
    // only a site with a file offers it
    expect(screen.getAllByRole('button', { name: /^Download agreement/ })).toHaveLength(1);
  });

  it('adds a site: units one a line, a contact, a site requirement, the agreement uploaded with its progress first', async () => {
    const calls = open({
      'POST /api/compliance/upload-url/': jsonResponse({ upload_url: 'https://bucket.test/put', headers: {}, upload_key: 'uploads/admin/agreement.pdf', expires_in: 300 }),
      'POST /api/clinical-sites/': jsonResponse(site({ id: 'new' }), 201),
    });
    vi.stubGlobal('XMLHttpRequest', UploadXhr);
    fireEvent.click(await screen.findByRole('button', { name: 'Add site' }));
    const dialog = await screen.findByRole('dialog', { name: 'New clinical site' });
    // only the templates meant for sites are offered
    expect(within(dialog).queryByLabelText('BLS card')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save site' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('Units must name at least one unit')).toBeTruthy();

    fill(dialog, { Name: 'St. Luke', 'Units (one a line)': 'ICU\n Peds \n' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add contact' }));
    fill(dialog, { 'Contact 1 name': 'Sam Roe', 'Contact 1 email': 'sam@luke.test' });
    fireEvent.click(await within(dialog).findByLabelText('Mercy orientation'));
    const file = new File(['%PDF-1.4'], 'agreement.pdf', { type: 'application/pdf' });
    fireEvent.change(within(dialog).getByLabelText('Agreement file'), { target: { files: [file] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save site' }));
    // a file needs the agreement's dates
    expect(await within(dialog).findByText('Agreement start is required')).toBeTruthy();
    fill(dialog, { 'Agreement start': '2026-01-01', 'Agreement end': '2025-01-01' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save site' }));
    expect(await within(dialog).findByText('Agreement end must be after the start date')).toBeTruthy();
    fill(dialog, { 'Agreement end': '2028-12-31' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save site' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(UploadXhr.sent).toEqual(['https://bucket.test/put']);
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/clinical-sites/')?.body).toEqual({
      name: 'St. Luke',
      address: '',
      units: ['ICU', 'Peds'],
      contacts: [{ name: 'Sam Roe', title: '', email: 'sam@luke.test', phone: '' }],
      requirement_ids: ['orientation'],
      agreement: { starts_on: '2026-01-01', ends_on: '2028-12-31', upload_key: 'uploads/admin/agreement.pdf' },
    });
    expect(await toastText()).toContain('Site added.');
  });

  it('edits a site, keeping its agreement file when none is chosen', async () => {
    const calls = open({ 'PUT /api/clinical-sites/site-1/': jsonResponse(site()) });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Mercy General' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Mercy General' });
    expect(within(dialog).getByText('Agreement on file: agreement.pdf')).toBeTruthy();
    fill(dialog, { Address: '2 Main St' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save site' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = calls.find((c) => c.method === 'PUT')?.body as { address: string; agreement: object };
    expect(body.address).toBe('2 Main St');
    expect(body.agreement).toEqual({ starts_on: '2025-01-01', ends_on: '2030-12-31' });
  });

  it('asks before deleting and shows a refusal as a sentence', async () => {
    open({ 'DELETE /api/clinical-sites/site-1/': jsonResponse({ error: 'Mercy General has rotations; delete them first' }, 409) });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Mercy General' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this site?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Mercy General has rotations; delete them first');
  });

  it('downloads the agreement from a fresh link', async () => {
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    open({
      'GET /api/clinical-sites/site-1/agreement/': jsonResponse({
        download_url: 'https://bucket.test/agreement.pdf?sig=1',
        file_name: 'agreement.pdf',
        file_type: 'pdf',
        expires_in: 300,
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download agreement of Mercy General' }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith('https://bucket.test/agreement.pdf?sig=1', '_blank', 'noopener'));
  });
});
