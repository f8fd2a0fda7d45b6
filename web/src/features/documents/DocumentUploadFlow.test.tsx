import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../testing/test-utils';
import DocumentManagementPage from './DocumentManagementPage';
import { allDocuments, asStaff, doc, page, stubDocumentApi, uploadCohorts } from './documentTestData';

/** The presigned PUT: answered 200 at once. */
class InstantXhr {
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 200;
  open() {}
  setRequestHeader() {}
  send() {
    queueMicrotask(() => this.onload?.());
  }
}

afterEach(() => vi.unstubAllGlobals());

const created = doc({ id: 'doc-new-policy', title: 'Attendance Policy 2027', scope: 'general', is_mandatory: true, uploaded_by_name: 'Sam Rivera' });

describe('after an upload', { timeout: 20_000 }, () => {
  it("shows the new document's tab, highlights its row and says so", async () => {
    let uploaded = false;
    stubDocumentApi({
      'GET /api/documents/': () => page(uploaded ? [created, ...allDocuments] : allDocuments),
      'GET /api/document-categories/': jsonResponse([]),
      'GET /api/cohorts/': jsonResponse(uploadCohorts),
      'POST /api/documents/upload-url/': jsonResponse({ upload_url: 'http://localhost/up', headers: {}, upload_key: 'uploads/staff/k/a.pdf', expires_in: 900 }),
      'POST /api/documents/': () => ((uploaded = true), jsonResponse(created, 201)),
    });
    vi.stubGlobal('XMLHttpRequest', InstantXhr);
    renderRoutes([{ path: '/documents', Component: DocumentManagementPage }], '/documents', { preloadedState: asStaff() });
    expect((await screen.findByRole('tab', { name: 'Individual Students (2)' })).getAttribute('aria-selected')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Upload Document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Document' });
    fireEvent.change(within(dialog).getByLabelText('Title', { exact: false }), { target: { value: created.title } });
    fireEvent.change(within(dialog).getByLabelText('Scope', { exact: false }), { target: { value: 'general' } });
    fireEvent.change(within(dialog).getByLabelText('Choose File', { exact: false }), { target: { files: [new File(['%PDF-1.4'], 'a.pdf')] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));

    await waitFor(() => expect(screen.getByRole('tab', { name: 'General Resources (2)' }).getAttribute('aria-selected')).toBe('true'));
    const highlighted = await waitFor(() => {
      const found = document.querySelector('[data-highlighted]');
      if (!found) throw new Error('no highlighted row');
      return found as HTMLElement;
    });
    expect(within(highlighted).getByText(created.title)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('“Attendance Policy 2027” was uploaded: it is highlighted under General Resources.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
