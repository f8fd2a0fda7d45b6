import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi, toastText, type Answer } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';
import { FakeXhr } from '../../testing/fakeXhr';
import { asStudent, studentCompliance } from './complianceTestData';

afterEach(() => FakeXhr.reset());

const STUDENT_URL = 'GET /api/compliance/students/jdoe/';

function open(answers: Record<string, Answer> = {}) {
  let uploads = 0;
  const calls = stubApi({
    [STUDENT_URL]: jsonResponse(studentCompliance),
    'POST /api/compliance/upload-url/': () => {
      uploads += 1;
      return jsonResponse({
        upload_url: `https://bucket.test/put-${uploads}`,
        headers: { 'Content-Type': 'application/pdf' },
        upload_key: `uploads/jdoe/key-${uploads}`,
        expires_in: 300,
      });
    },
    ...answers,
  });
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  renderApp('/compliance', { preloadedState: asStudent() });
  return calls;
}

const card = async (name: string) => (await screen.findByRole('heading', { level: 2, name })).closest('section') as HTMLElement;
const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

async function openUpload(requirement: string) {
  fireEvent.click(within(await card(requirement)).getByRole('button', { name: `Upload for ${requirement}` }));
  return screen.findByRole('dialog', { name: `Upload: ${requirement}` });
}

describe('My Compliance', { timeout: 20_000 }, () => {
  it('shows each requirement with its status, expiry, due date, guidelines, and the reviewer reason', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'My Compliance' })).toBeTruthy();
    const blsCard = await card('BLS card');
    expect(blsCard.textContent).toContain('CPR / BLS');
    expect(blsCard.textContent).toContain('Missing');
    expect(blsCard.textContent).toContain('Upload both sides of your American Heart Association BLS card.');
    expect(blsCard.textContent).toContain('Valid 24 months after completion');
    expect(blsCard.textContent).toMatch(/Due.*2027/);
    const fluCard = await card('Flu shot');
    expect(within(fluCard).getByRole('alert').textContent).toContain('The lot number is unreadable');
    expect(fluCard.textContent).toContain('Not approved');
    expect(fluCard.textContent).toContain('You may ask for an exemption');
    expect((await card('HIPAA attestation')).textContent).toContain('Approved');
    expect(screen.getByText('You are not cleared for clinicals yet.')).toBeTruthy();
    expect(screen.getByText('BLS card is missing')).toBeTruthy();
  });

  it('uploads several files with progress, then hands them in with the completion date', async () => {
    const calls = open({ 'POST /api/compliance/submissions/': jsonResponse({}, 201) });
    let release!: () => void;
    FakeXhr.hold = new Promise((resolve) => (release = resolve));
    const dialog = await openUpload('BLS card');
    fireEvent.change(within(dialog).getByLabelText('Files'), { target: { files: [pdf('front.pdf'), pdf('back.pdf')] } });
    fireEvent.change(within(dialog).getByLabelText('Completion date', { exact: false }), { target: { value: '2026-10-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    // the first file's PUT is under way: its bar shows the progress storage reported
    const bar = await within(dialog).findByRole('progressbar', { name: 'Upload of front.pdf' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(within(dialog).getByRole('button', { name: 'Sending...' })).toBeTruthy();
    release();

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await toastText()).toContain('Handed in for review.');
    expect(calls.filter((c) => c.path === '/api/compliance/upload-url/').map((c) => c.body)).toEqual([
      { file_name: 'front.pdf', file_size: 8, content_type: 'application/pdf' },
      { file_name: 'back.pdf', file_size: 8, content_type: 'application/pdf' },
    ]);
    expect(FakeXhr.sent.map((s) => [s.method, s.url])).toEqual([
      ['PUT', 'https://bucket.test/put-1'],
      ['PUT', 'https://bucket.test/put-2'],
    ]);
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/compliance/submissions/')?.body).toEqual({
      requirement_id: 'bls',
      kind: 'evidence',
      upload_keys: ['uploads/jdoe/key-1', 'uploads/jdoe/key-2'],
      completed_on: '2026-10-01',
    });
    // the list is read again after the hand-in
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/compliance/students/jdoe/')).toHaveLength(2));
  });

  it('asks for a file and a completion date before uploading anything', async () => {
    const calls = open();
    const dialog = await openUpload('BLS card');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose at least one file.');
    fireEvent.change(within(dialog).getByLabelText('Files'), { target: { files: [pdf('front.pdf')] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter the completion date.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("shows the API's refusal as a plain sentence", async () => {
    open({ 'POST /api/compliance/submissions/': jsonResponse({ error: 'completed_on: must not be in the future' }, 400) });
    const dialog = await openUpload('BLS card');
    fireEvent.change(within(dialog).getByLabelText('Files'), { target: { files: [pdf('front.pdf')] } });
    fireEvent.change(within(dialog).getByLabelText('Completion date', { exact: false }), { target: { value: '2026-10-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Completed on must not be in the future.');
  });

  it('says so when the upload to storage fails, and hands nothing in', async () => {
    const calls = open();
    FakeXhr.status = 403;
    const dialog = await openUpload('BLS card');
    fireEvent.change(within(dialog).getByLabelText('Files'), { target: { files: [pdf('front.pdf')] } });
    fireEvent.change(within(dialog).getByLabelText('Completion date', { exact: false }), { target: { value: '2026-10-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('A file could not be uploaded. Please try again.');
    expect(calls.some((c) => c.path === '/api/compliance/submissions/')).toBe(false);
  });

  it('hands in an attestation with the box ticked and no file', async () => {
    const calls = open({ 'POST /api/compliance/submissions/': jsonResponse({}, 201) });
    const dialog = await openUpload('HIPAA attestation');
    expect(within(dialog).queryByLabelText('Files')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Tick the box to attest.');
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/compliance/submissions/')?.body).toEqual({ requirement_id: 'hipaa', kind: 'evidence', attested: true }));
  });

  it('asks for an exemption with a reason where one is allowed', async () => {
    const calls = open({ 'POST /api/compliance/submissions/': jsonResponse({}, 201) });
    const dialog = await openUpload('Flu shot');
    fireEvent.change(within(dialog).getByLabelText('What you hand in'), { target: { value: 'exemption' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ask for exemption' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Say why you ask for an exemption.');
    fireEvent.change(within(dialog).getByLabelText('Why you ask for an exemption', { exact: false }), { target: { value: 'Egg allergy, letter from my doctor' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ask for exemption' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/compliance/submissions/')?.body).toEqual({ requirement_id: 'flu', kind: 'exemption', note: 'Egg allergy, letter from my doctor' }),
    );
  });

  it('previews an own file of the history through a fresh inline link', async () => {
    const calls = open({
      'GET /api/compliance/submissions/22222222-2222-4222-8222-222222222222/files/0/': jsonResponse({
        download_url: 'https://bucket.test/flu.png?sig=1',
        file_name: 'flu.png',
        file_type: 'png',
        expires_in: 300,
      }),
    });
    fireEvent.click(within(await card('Flu shot')).getByRole('button', { name: 'Preview file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Flu shot' });
    expect(((await within(dialog).findByRole('img', { name: 'flu.png' })) as HTMLImageElement).src).toBe('https://bucket.test/flu.png?sig=1');
    expect(calls.some((c) => c.path === '/api/compliance/submissions/22222222-2222-4222-8222-222222222222/files/0/?disposition=inline')).toBe(true);
  });

  it('tells the student in words when the records cannot be read', async () => {
    open({ [STUDENT_URL]: jsonResponse({ error: 'Student not found' }, 404) });
    expect((await screen.findByText('Student not found')).closest('[role="alert"]')).toBeTruthy();
  });
});
