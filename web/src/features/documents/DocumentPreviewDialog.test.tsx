import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DocumentRecordDto } from '#contract/documents';
import type { RootState } from '#shared/store/state';
import { jsonResponse, renderWithStore } from '../../testing/test-utils';
import { DocumentPreviewDialog } from './DocumentPreviewDialog';
import { asStaff, doc, handbook, immunization, labManual, schedule, stubDocumentApi, syllabus, unassigned, type Answer } from './documentTestData';

const URL_OF = (d: DocumentRecordDto) => `http://localhost/local/s3/bucket/documents/${d.id}/${d.file_name}?X-Amz-Signature=abc`;

function open(document: DocumentRecordDto, { answer, state = asStaff() }: { answer?: Answer; state?: Partial<RootState> } = {}) {
  const calls = stubDocumentApi({
    [`GET /api/documents/${document.id}/download/`]:
      answer ?? jsonResponse({ download_url: URL_OF(document), file_name: document.file_name, file_type: document.file_type, expires_in: 300 }),
  });
  const onDownload = vi.fn();
  renderWithStore(<DocumentPreviewDialog doc={document} onDownload={onDownload} onClose={() => {}} />, { preloadedState: state });
  return { calls, onDownload, dialog: screen.getByRole('dialog', { name: new RegExp(document.title) }) };
}

const zoomIn = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Zoom in' });
const zoomOut = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Zoom out' });

describe('Document preview dialog (spec: Document preview dialog)', { timeout: 20_000 }, () => {
  it('shows the title, type chip, zoom, Download and Close, the footer, and asks for an inline link', async () => {
    const { dialog, calls, onDownload } = open(syllabus);
    expect(within(dialog).getByText('Loading preview...')).toBeTruthy();
    expect(within(dialog).getByText('PDF')).toBeTruthy();
    expect(within(dialog).getByText('100%')).toBeTruthy();
    expect(within(dialog).getByText('Cohort: 2025-2026 Cohort 1 - Nursing Assistant')).toBeTruthy();
    expect(within(dialog).getByText(/^Uploaded: Sep 1, 2026, .* by Sam Rivera$/)).toBeTruthy();
    await within(dialog).findByTitle('Nursing Assistant Syllabus (PDF preview)');
    expect(calls.map((c) => c.path)).toEqual([`/api/documents/${syllabus.id}/download/?disposition=inline`]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(onDownload).toHaveBeenCalledWith(syllabus);
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('embeds a pdf with the zoom parameter, from 100 in steps of 25 up to 200', async () => {
    const { dialog } = open(syllabus);
    const frame = () => within(dialog).getByTitle('Nursing Assistant Syllabus (PDF preview)').getAttribute('src');
    await within(dialog).findByTitle('Nursing Assistant Syllabus (PDF preview)');
    expect(frame()).toBe(`${URL_OF(syllabus)}#zoom=100`);
    for (const expected of [125, 150, 175, 200]) {
      fireEvent.click(zoomIn(dialog));
      expect(frame()).toBe(`${URL_OF(syllabus)}#zoom=${expected}`);
    }
    expect(within(dialog).getByText('200%')).toBeTruthy();
    expect(zoomIn(dialog)).toHaveProperty('disabled', true);
  });

  it('scales images by the zoom, down to 50', async () => {
    const { dialog } = open(immunization);
    const image = (await within(dialog).findByRole('img', { name: 'Immunization Record' })) as HTMLImageElement;
    expect(image.src).toBe(URL_OF(immunization));
    expect(image.style.width).toBe('100%');
    fireEvent.click(zoomOut(dialog));
    fireEvent.click(zoomOut(dialog));
    expect(image.style.width).toBe('50%');
    expect(within(dialog).getByText('50%')).toBeTruthy();
    expect(zoomOut(dialog)).toHaveProperty('disabled', true);
    fireEvent.click(zoomIn(dialog));
    expect(image.style.width).toBe('75%');
  });

  it('shows office files through the online viewer where it can fetch them (a public https URL), with the preview text below', async () => {
    const docx = doc({ ...labManual, s3_key: 'documents/doc-lab/lab-manual.docx', preview_text: 'Lab Manual Wear gloves at all times.' });
    const publicUrl = 'https://portal-docs.s3.amazonaws.com/documents/doc-lab/lab-manual.docx?X-Amz-Signature=abc';
    const { dialog } = open(docx, { answer: jsonResponse({ download_url: publicUrl, file_name: docx.file_name, file_type: 'docx', expires_in: 300 }) });
    const frame = await within(dialog).findByTitle('Diploma Program Lab Manual (online viewer)');
    expect(frame.getAttribute('src')).toBe(`https://view.officeapps.live.com/op/embed.aspx?src=${encodeURIComponent(publicUrl)}`);
    expect(within(dialog).getByLabelText('Preview text').textContent).toBe('Lab Manual Wear gloves at all times.');
  });

  it('shows an office file\'s extracted text and "Download to View", not a frame, when its URL is local (the viewer cannot reach it)', async () => {
    const docx = doc({ ...labManual, s3_key: 'documents/doc-lab/lab-manual.docx', extracted_text: 'Lab Manual\nWear gloves at all times.', text_status: 'extracted' });
    const { dialog, onDownload } = open(docx);
    expect((await within(dialog).findByLabelText('Document text')).textContent).toBe('Lab Manual\nWear gloves at all times.');
    expect(within(dialog).getByText('This DOCX file cannot be shown here. Its text is below; download it to see the formatting.')).toBeTruthy();
    expect(dialog.querySelector('iframe')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download to View' }));
    expect(onDownload).toHaveBeenCalledWith(docx);
  });

  it('says plainly when no text was extracted from an office file it cannot show, and offers Download', async () => {
    const xlsx = doc({
      ...labManual,
      file_type: 'xlsx',
      file_name: 'grades.xlsx',
      s3_key: 'documents/doc-lab/grades.xlsx',
      extracted_text: null,
      preview_text: null,
      text_status: 'not_extracted',
    });
    const { dialog } = open(xlsx);
    expect(await within(dialog).findByText('This XLSX file cannot be shown here, and no text was extracted from it. Download it to view.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Download to View' })).toBeTruthy();
    expect(dialog.querySelector('iframe')).toBeNull();
  });

  it('shows the extracted text of a txt file, or "No preview available" without any', async () => {
    const { dialog } = open(schedule);
    expect((await within(dialog).findByLabelText('Document text')).textContent).toBe('Clinical rotation: Mondays');
    expect(within(dialog).queryByText(/^Cohort:/)).toBeNull();
  });

  it('says "No preview available" for a txt file without text', async () => {
    const { dialog } = open(doc({ ...schedule, extracted_text: null, preview_text: null }));
    expect(await within(dialog).findByText('No preview available')).toBeTruthy();
  });

  it('says "Text not extracted" with the reason when the text was not read within its budget', async () => {
    const { dialog } = open(
      doc({ ...schedule, extracted_text: null, preview_text: null, text_status: 'not_extracted', text_status_reason: 'extraction took longer than its 5 s budget' }),
    );
    expect(within(dialog).getByText('Text not extracted: extraction took longer than its 5 s budget')).toBeTruthy();
    cleanup();
    const { dialog: read } = open(doc({ ...schedule, text_status: 'extracted' }));
    expect(within(read).queryByText(/Text not extracted/)).toBeNull();
  });

  it('offers "Download to View" for other types, with the preview text', async () => {
    const csv = doc({ ...unassigned, preview_text: 'name,date' });
    const { dialog, onDownload } = open(csv);
    expect(await within(dialog).findByText('Preview not available for CSV files')).toBeTruthy();
    expect(within(dialog).getByLabelText('Preview text').textContent).toBe('name,date');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download to View' }));
    expect(onDownload).toHaveBeenCalledWith(csv);
  });

  it('shows "Failed to load document preview" when the link cannot be had', async () => {
    const { dialog } = open(handbook, { answer: jsonResponse({ error: 'boom' }, 500) });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to load document preview');
  });

  it('needs a session token, and a stored file', () => {
    let opened = open(handbook, { state: {} });
    expect(within(opened.dialog).getByRole('alert').textContent).toBe('Authentication token not found. Please log in again.');
    expect(opened.calls).toEqual([]);
    cleanup();

    opened = open(labManual);
    expect(within(opened.dialog).getByRole('alert').textContent).toBe('Document not available for preview');
    expect(opened.calls).toEqual([]);
  });
});
