import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RootState } from '#shared/store/state';
import { FakeXhr } from '../../testing/fakeXhr';
import { jsonResponse, optionTexts, passTime, renderWithStore, toastText, withFakeTimers } from '../../testing/test-utils';
import { USERNAME_CHECK_DELAY_MS } from './documentMessages';
import { asStaff, stubDocumentApi, uploadCohorts, type Answer } from './documentTestData';
import { UploadDocumentDialog } from './UploadDocumentDialog';

afterEach(() => {
  FakeXhr.reset();
  vi.useRealTimers();
});

const categories = [{ id: 'doccat-1', name: 'Syllabus' }];
const pdf = () => new File(['%PDF-1.4 test'], 'syllabus.pdf', { type: 'application/pdf' });

function open(answers: Record<string, Answer> = {}, preloadedState: Partial<RootState> = asStaff()) {
  const calls = stubDocumentApi({ 'GET /api/cohorts/': jsonResponse(uploadCohorts), ...answers });
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  const onUploaded = vi.fn();
  renderWithStore(<UploadDocumentDialog categories={categories} onClose={() => {}} onUploaded={onUploaded} />, { preloadedState });
  return { calls, onUploaded, dialog: screen.getByRole('dialog', { name: 'Upload Document' }) };
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label, { exact: false }) as HTMLInputElement & HTMLSelectElement;
const set = (dialog: HTMLElement, label: string, value: string) => fireEvent.change(field(dialog, label), { target: { value } });
const choose = (dialog: HTMLElement, file: File) => fireEvent.change(field(dialog, 'Choose File'), { target: { files: [file] } });
const submit = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
const alertText = (dialog: HTMLElement) => within(dialog).getByRole('alert').textContent;

describe('Upload Document dialog (spec sections 4, 5 and 9)', { timeout: 20_000 }, () => {
  it('starts with scope cohort, public, not mandatory, no signature, and the allowlist', async () => {
    const { dialog } = open();
    expect(field(dialog, 'Scope').value).toBe('cohort');
    expect(optionTexts(field(dialog, 'Scope'))).toEqual(['Individual Students', 'Cohort Documents', 'Program Materials', 'General Resources']);
    expect(within(dialog).getByRole('switch', { name: 'Public' })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('switch', { name: 'Mandatory' })).toHaveProperty('checked', false);
    expect(within(dialog).getByRole('switch', { name: 'Requires Signature' })).toHaveProperty('checked', false);
    expect(field(dialog, 'Choose File').accept).toBe('.pdf,.jpg,.jpeg,.png,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt,.csv');
    await within(dialog).findByRole('option', { name: '2025-2026 Cohort 1 - Nursing Assistant' });
  });

  it('opens the file chooser from a real button, so Enter and Space work as a click does (keyboard users)', () => {
    const { dialog } = open();
    const opened = vi.spyOn(field(dialog, 'Choose File'), 'click').mockImplementation(() => {});
    const button = within(dialog).getByRole('button', { name: 'Choose File' });
    expect(button.tagName).toBe('BUTTON');
    fireEvent.click(button);
    expect(opened).toHaveBeenCalledOnce();
  });

  it('refuses with the spec messages, in order, and sends nothing', async () => {
    const { dialog, calls } = open();
    submit(dialog);
    expect(alertText(dialog)).toBe('Please provide a title and file');
    set(dialog, 'Title', 'Syllabus');
    submit(dialog);
    expect(alertText(dialog)).toBe('Please provide a title and file');
    choose(dialog, pdf());
    expect(within(dialog).getByText('syllabus.pdf (0.00 MB)')).toBeTruthy();
    submit(dialog);
    expect(alertText(dialog)).toBe('Please select a cohort');
    set(dialog, 'Scope', 'individual');
    await within(dialog).findByRole('option', { name: '2025-2026 Cohort 1 - Nursing Assistant' });
    set(dialog, 'Cohort', 'cohort-2025-cert-1');
    submit(dialog);
    expect(alertText(dialog)).toBe('Please provide a student username');
    set(dialog, 'Student Username', 'nobody');
    submit(dialog);
    expect(alertText(dialog)).toBe('Please enter a valid student username');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('asks for a program type for program scope, and refuses a file outside the allowlist at once', () => {
    const { dialog } = open();
    set(dialog, 'Title', 'Lab manual');
    set(dialog, 'Scope', 'program');
    expect(within(dialog).queryByLabelText('Cohort', { exact: false })).toBeNull();
    choose(dialog, pdf());
    submit(dialog);
    expect(alertText(dialog)).toBe('Please select a program type');
    choose(dialog, new File(['MZ'], 'tool.exe'));
    expect(alertText(dialog)).toMatch(/^\.exe files are not allowed/);
  });

  it('resets the cohort and the student username when the scope changes', async () => {
    const { dialog } = open();
    await within(dialog).findByRole('option', { name: '2025-2026 Cohort 1 - Nursing Assistant' });
    set(dialog, 'Scope', 'individual');
    set(dialog, 'Cohort', 'cohort-2025-cert-1');
    set(dialog, 'Student Username', 'student');
    set(dialog, 'Scope', 'cohort');
    expect(field(dialog, 'Cohort').value).toBe('');
    set(dialog, 'Scope', 'individual');
    expect(field(dialog, 'Student Username').value).toBe('');
    expect(field(dialog, 'Cohort').value).toBe('');
  });

  it('clears "Please enter a valid student username" once the check finds the student, and when the scope changes', async () => {
    const { dialog } = open({ 'GET /api/students/ben/': jsonResponse({ username: 'ben', first_name: 'Ben', last_name: 'Nguyen' }) });
    await within(dialog).findByRole('option', { name: '2025-2026 Cohort 1 - Nursing Assistant' });
    set(dialog, 'Title', 'Payment plan');
    choose(dialog, pdf());
    set(dialog, 'Scope', 'individual');
    set(dialog, 'Cohort', 'cohort-2025-cert-1');
    await withFakeTimers(async () => {
      set(dialog, 'Student Username', 'ben');
      submit(dialog);
      expect(alertText(dialog)).toBe('Please enter a valid student username');
      await passTime(USERNAME_CHECK_DELAY_MS);
      await within(dialog).findByText('Valid student: Ben Nguyen');
    });
    expect(within(dialog).queryByRole('alert')).toBeNull();

    set(dialog, 'Student Username', 'be');
    submit(dialog);
    expect(alertText(dialog)).toBe('Please enter a valid student username');
    set(dialog, 'Scope', 'general');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('checks the username 500 ms after typing stops, with the spec helper texts', async () => {
    const studentCalls: string[] = [];
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { dialog } = open({
      'GET /api/students/student/': async (call) => {
        studentCalls.push(call.path);
        await answered;
        return jsonResponse({ username: 'student', first_name: 'Maria', last_name: 'Lopez' });
      },
      'GET /api/students/ghost/': (call) => (studentCalls.push(call.path), jsonResponse({ error: 'Student not found' }, 404)),
      'GET /api/students/broken/': (call) => (studentCalls.push(call.path), jsonResponse({ error: 'boom' }, 500)),
    });
    set(dialog, 'Scope', 'individual');
    expect(within(dialog).getByText("Enter the student's username to assign this document")).toBeTruthy();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    set(dialog, 'Student Username', 'stu');
    await act(() => vi.advanceTimersByTimeAsync(300));
    set(dialog, 'Student Username', 'student');
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(studentCalls).toEqual([]);
    expect(within(dialog).getByText("Enter the student's username to assign this document")).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(within(dialog).getByText('Validating username...')).toBeTruthy();
    vi.useRealTimers();
    answer();
    await within(dialog).findByText('Valid student: Maria Lopez');
    expect(studentCalls).toEqual(['/api/students/student/']);

    await withFakeTimers(async () => {
      set(dialog, 'Student Username', 'ghost');
      await passTime(USERNAME_CHECK_DELAY_MS);
      expect(await within(dialog).findByText('Student not found')).toBeTruthy();
      set(dialog, 'Student Username', 'broken');
      await passTime(USERNAME_CHECK_DELAY_MS);
      expect(await within(dialog).findByText('Validation error')).toBeTruthy();
    });
  });

  it('uploads through the presigned URL with a progress bar, then creates the document', async () => {
    let release!: () => void;
    FakeXhr.hold = new Promise((resolve) => (release = resolve));
    const { dialog, calls, onUploaded } = open({
      'POST /api/documents/upload-url/': jsonResponse({
        upload_url: 'http://localhost/local/s3/bucket/uploads/staff/k1/syllabus.pdf?X-Amz-Signature=s',
        headers: { 'Content-Type': 'application/pdf' },
        upload_key: 'uploads/staff/k1/syllabus.pdf',
        expires_in: 900,
      }),
      'POST /api/documents/': jsonResponse({ id: 'new-doc' }, 201),
    });
    await within(dialog).findByRole('option', { name: '2025-2026 Cohort 1 - Nursing Assistant' });
    set(dialog, 'Title', ' NA Syllabus ');
    set(dialog, 'Description', 'Outline');
    set(dialog, 'Cohort', 'cohort-2025-cert-1');
    set(dialog, 'Category', 'doccat-1');
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Mandatory' }));
    const file = pdf();
    choose(dialog, file);
    submit(dialog);

    const progress = await within(dialog).findByRole('progressbar', { name: 'Upload progress' });
    // The bar shows at 0% while the upload URL is requested; the stand-in XHR then reports 50% and holds.
    await waitFor(() => expect(progress.getAttribute('aria-valuenow')).toBe('50'));
    expect(within(dialog).getByText('Uploading... 50%')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toHaveProperty('disabled', true);
    act(() => release());

    expect(await toastText()).toBe('Document uploaded successfully');
    expect(onUploaded).toHaveBeenCalled();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/api/documents/upload-url/', { file_name: 'syllabus.pdf', file_size: file.size, content_type: 'application/pdf' }],
      [
        '/api/documents/',
        {
          title: 'NA Syllabus',
          description: 'Outline',
          scope: 'cohort',
          category_id: 'doccat-1',
          cohort_id: 'cohort-2025-cert-1',
          is_public: true,
          is_mandatory: true,
          requires_signature: false,
          upload_key: 'uploads/staff/k1/syllabus.pdf',
          file_name: 'syllabus.pdf',
        },
      ],
    ]);
    expect(FakeXhr.sent).toEqual([
      {
        method: 'PUT',
        url: 'http://localhost/local/s3/bucket/uploads/staff/k1/syllabus.pdf?X-Amz-Signature=s',
        headers: { 'Content-Type': 'application/pdf' },
        body: file,
      },
    ]);
  });

  it('shows the server\'s error once, as a sentence in the dialog (no toast), else "Error uploading document"', async () => {
    const { dialog } = open({ 'POST /api/documents/upload-url/': jsonResponse({ error: 'file_size: the file is larger than the 25 MB limit' }, 413) });
    set(dialog, 'Title', 'Handbook');
    set(dialog, 'Scope', 'general');
    choose(dialog, pdf());
    submit(dialog);
    await waitFor(() => expect(alertText(dialog)).toBe('The file is larger than the 25 MB limit.'));
    expect(document.querySelector('.MuiSnackbar-root')).toBeNull();
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
  });

  it('says "Error uploading document" when storage refuses the file', async () => {
    FakeXhr.status = 403;
    const { dialog, calls } = open({
      'POST /api/documents/upload-url/': jsonResponse({ upload_url: 'http://localhost/up', headers: {}, upload_key: 'k', expires_in: 900 }),
    });
    set(dialog, 'Title', 'Handbook');
    set(dialog, 'Scope', 'general');
    choose(dialog, pdf());
    submit(dialog);
    await waitFor(() => expect(alertText(dialog)).toBe('Error uploading document'));
    expect(calls.filter((c) => c.path === '/api/documents/')).toEqual([]);
  });

  it('says "Error loading cohorts" when the cohort list cannot be had', async () => {
    const { dialog } = open({ 'GET /api/cohorts/': jsonResponse({ error: 'boom' }, 500) });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Error loading cohorts');
  });

  it('asks anonymous visitors to log in', () => {
    const { dialog } = open({}, {});
    set(dialog, 'Title', 'Handbook');
    choose(dialog, pdf());
    submit(dialog);
    expect(alertText(dialog)).toBe('Please log in to upload documents');
  });
});
