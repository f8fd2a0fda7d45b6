import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { acknowledgementsCsv, acknowledgementsCsvFileName } from './acknowledgementsCsv';
import { cohortFooter, formatFileSize, scopeText, uploadedLine } from './documentFormat';
import { listFailure, previewNotAvailable, uploadFailure } from './documentMessages';
import { activeFilterCount, documentListUrl, NO_FILTERS } from './documentQuery';
import { byScope, tabLabel } from './documentTabs';
import { allDocuments, immunization, syllabus } from './documentTestData';
import { officeViewerSource, pdfSource, previewKindOf, ZOOM, zoomIn, zoomOut } from './previewKind';
import { ACCEPTED_FILES, fileProblem, NEW_UPLOAD, newDocumentOf, uploadProblem, withScope } from './uploadForm';

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);

describe('document display rules (spec sections 2 and 9)', () => {
  it('shows sizes in MB (1048576 bytes) with 2 decimals, N/A when missing', () => {
    expect(formatFileSize(1572864)).toBe('1.50 MB');
    expect(formatFileSize(2048)).toBe('0.00 MB');
    expect(formatFileSize(26214400)).toBe('25.00 MB');
    expect(formatFileSize(0)).toBe('0.00 MB');
    expect(formatFileSize(null)).toBe('N/A');
    expect(formatFileSize(undefined)).toBe('N/A');
  });

  it('labels the scope cell: cohort label, Program-wide, All Programs, else N/A', () => {
    expect(scopeText(syllabus)).toBe('2025-2026 Cohort 1');
    expect(scopeText({ scope: 'program', cohort_details: null })).toBe('Program-wide');
    expect(scopeText({ scope: 'general', cohort_details: null })).toBe('All Programs');
    expect(scopeText({ scope: 'cohort', cohort_details: null })).toBe('N/A');
    expect(scopeText({ scope: 'individual', cohort_details: null })).toBe('N/A');
  });

  it('words the preview footer and the other-type message', () => {
    expect(cohortFooter(syllabus.cohort_details!)).toBe('2025-2026 Cohort 1 - Nursing Assistant');
    expect(uploadedLine(syllabus)).toMatch(/^Uploaded: Sep 1, 2026, \d{1,2}:\d{2} [AP]M by Sam Rivera$/);
    expect(previewNotAvailable('csv')).toBe('Preview not available for CSV files');
  });

  it('groups documents by scope for the four tabs', () => {
    const groups = byScope(allDocuments);
    expect(Object.fromEntries(Object.entries(groups).map(([scope, docs]) => [scope, docs.length]))).toEqual({
      individual: 2,
      cohort: 2,
      program: 1,
      general: 1,
    });
    expect(tabLabel('Cohort Documents', 2)).toBe('Cohort Documents (2)');
    expect(tabLabel('Cohort Documents', null)).toBe('Cohort Documents');
  });

  it('reads list errors as detail, then error, else "Error fetching documents"', () => {
    expect(listFailure({ status: 500, data: { detail: 'Down for maintenance', error: 'x' } })).toBe('Down for maintenance');
    expect(listFailure({ status: 400, data: { error: 'cohort_number: must be a number' } })).toBe('Cohort number must be a number.');
    expect(listFailure({ status: 'FETCH_ERROR', error: 'TypeError' })).toBe('Error fetching documents');
    expect(uploadFailure({ status: 413, data: { error: 'file: the file is larger than the 25 MB limit' } })).toBe('The file is larger than the 25 MB limit.');
    expect(uploadFailure(new Error('network'))).toBe('Error uploading document');
    // API Gateway's own answers, before our Lambda runs, in words
    expect(uploadFailure({ status: 413, data: { message: 'Request Entity Too Large' } })).toBe('That is too large to send. Please choose a smaller file.');
    expect(listFailure({ status: 503, data: { message: 'Service Unavailable' } })).toBe('The portal is busy right now. Please try again in a moment.');
  });
});

describe('list query (spec section 7: empty filters omitted)', () => {
  it('sends only the filters that are set, trimmed, with the page size and cursor', () => {
    expect(documentListUrl(NO_FILTERS)).toBe('/api/documents/?limit=100');
    expect(documentListUrl({ ...NO_FILTERS, academic_year: ' 2025-2026 ', program_type: 'certificate', is_mandatory: 'false', search: '  ' }, 'abc==')).toBe(
      '/api/documents/?academic_year=2025-2026&program_type=certificate&is_mandatory=false&limit=100&cursor=abc%3D%3D',
    );
    expect(documentListUrl({ ...NO_FILTERS, scope: 'individual', student_name: 'Maria Lopez' })).toBe('/api/documents/?scope=individual&student_name=Maria+Lopez&limit=100');
    expect(activeFilterCount({ ...NO_FILTERS, category_id: 'doccat-1', search: ' ' })).toBe(1);
  });
});

describe('upload form rules (spec sections 5 and 9)', () => {
  const titled = { ...NEW_UPLOAD, title: 'Syllabus' };

  it('defaults to scope cohort, public, not mandatory, no signature', () => {
    expect(NEW_UPLOAD).toMatchObject({ scope: 'cohort', is_public: true, is_mandatory: false, requires_signature: false });
  });

  it('resets the cohort and the student username when the scope changes', () => {
    const filled = { ...titled, scope: 'individual' as const, cohort_id: 'cohort-1', student_username: 'student', category_id: 'doccat-1' };
    expect(withScope(filled, 'cohort')).toEqual({ ...filled, scope: 'cohort', cohort_id: '', student_username: '' });
  });

  it('checks in the spec order with its messages', () => {
    expect(uploadProblem(NEW_UPLOAD, file('a.pdf'), false)).toBe('Please provide a title and file');
    expect(uploadProblem(titled, null, false)).toBe('Please provide a title and file');
    expect(uploadProblem({ ...titled, title: '   ' }, file('a.pdf'), false)).toBe('Please provide a title and file');
    expect(uploadProblem(titled, file('a.pdf'), false)).toBe('Please select a cohort');
    expect(uploadProblem({ ...titled, scope: 'individual' }, file('a.pdf'), false)).toBe('Please select a cohort');
    const individual = { ...titled, scope: 'individual' as const, cohort_id: 'c1' };
    expect(uploadProblem(individual, file('a.pdf'), false)).toBe('Please provide a student username');
    expect(uploadProblem({ ...individual, student_username: 'nobody' }, file('a.pdf'), false)).toBe('Please enter a valid student username');
    expect(uploadProblem({ ...individual, student_username: 'student' }, file('a.pdf'), true)).toBeNull();
    expect(uploadProblem({ ...titled, scope: 'program' }, file('a.pdf'), false)).toBe('Please select a program type');
    expect(uploadProblem({ ...titled, scope: 'general' }, file('a.pdf'), false)).toBeNull();
  });

  it('checks the allowlist and the 25 MB limit before sending', () => {
    expect(ACCEPTED_FILES).toBe('.pdf,.jpg,.jpeg,.png,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt,.csv');
    expect(fileProblem(file('notes.TXT'))).toBeNull();
    expect(fileProblem(file('run.exe'))).toBe('.exe files are not allowed (allowed: pdf, jpg, jpeg, png, doc, docx, xls, xlsx, ppt, pptx, txt, csv)');
    expect(fileProblem(file('README'))).toMatch(/^A file without an extension is not allowed/);
    expect(fileProblem(file('empty.pdf', 0))).toBe('The file is empty');
    const big = file('big.pdf');
    Object.defineProperty(big, 'size', { value: 25 * 1024 * 1024 + 1 });
    expect(fileProblem(big)).toBe('The file is larger than the 25 MB limit');
  });

  it('sends only the fields of the chosen scope', () => {
    const upload = { upload_key: 'uploads/staff/k/a.pdf', file_name: 'a.pdf' };
    const values = { ...titled, cohort_id: 'c1', program_type: 'diploma', student_username: 'ghost', category_id: '' };
    expect(newDocumentOf(values, upload)).toEqual({
      title: 'Syllabus',
      description: '',
      scope: 'cohort',
      category_id: undefined,
      cohort_id: 'c1',
      program_type: undefined,
      student_username: undefined,
      is_public: true,
      is_mandatory: false,
      requires_signature: false,
      ...upload,
    });
    expect(newDocumentOf({ ...values, scope: 'program' }, upload)).toMatchObject({ cohort_id: undefined, program_type: 'diploma' });
  });
});

describe('preview rules (spec: Document preview dialog)', () => {
  it('zooms from 100 in steps of 25 between 50 and 200', () => {
    expect(ZOOM.initial).toBe(100);
    expect([zoomOut(100), zoomOut(75), zoomOut(50)]).toEqual([75, 50, 50]);
    expect([zoomIn(100), zoomIn(175), zoomIn(200)]).toEqual([125, 200, 200]);
  });

  it('picks the viewer by file type', () => {
    expect(['jpg', 'JPEG', 'png', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'csv', ''].map(previewKindOf)).toEqual([
      'image',
      'image',
      'image',
      'pdf',
      'office',
      'office',
      'office',
      'office',
      'office',
      'office',
      'text',
      'other',
      'other',
    ]);
    expect(pdfSource('https://x/y.pdf?sig=1', 150)).toBe('https://x/y.pdf?sig=1#zoom=150');
    expect(officeViewerSource('/local/s3/docs/a.docx?X-Amz=1&b=2')).toBe(
      `https://view.officeapps.live.com/op/embed.aspx?src=${encodeURIComponent(`${window.location.origin}/local/s3/docs/a.docx?X-Amz=1&b=2`)}`,
    );
  });
});

describe('acknowledgements CSV', () => {
  it('lists who acknowledged and who has not, keeping formulae as text', () => {
    const csv = acknowledgementsCsv({
      document_id: immunization.id,
      acknowledged: [{ username: 'student', full_name: 'Maria Lopez', acknowledged_at: '2026-11-20T10:00:00.000Z', signature: '=HYPERLINK("x")' }],
      pending: [{ username: 'ben.nguyen', full_name: 'Ben Nguyen' }],
    });
    expect(Papa.parse(csv.trim()).data).toEqual([
      ['Status', 'Name', 'Username', 'Acknowledged At', 'Signature'],
      ['Acknowledged', 'Maria Lopez', 'student', '2026-11-20T10:00:00.000Z', `'=HYPERLINK("x")`],
      ['Pending', 'Ben Nguyen', 'ben.nguyen', '', ''],
    ]);
    expect(acknowledgementsCsvFileName('Student Handbook 2026-2027', new Date(2026, 10, 21))).toBe('acknowledgements-student-handbook-2026-2027-2026-11-21.csv');
  });

  it('escapes a formula that a newline follows, or a line of the cell starts with', () => {
    const csv = acknowledgementsCsv({
      document_id: immunization.id,
      acknowledged: [{ username: 'student', full_name: '=HYPERLINK("http://evil","x")\nMaria', acknowledged_at: '2026-11-20T10:00:00.000Z', signature: 'Maria\n@SUM(1+1)' }],
      pending: [],
    });
    expect(Papa.parse<string[]>(csv).data[1]).toEqual(['Acknowledged', `'=HYPERLINK("http://evil","x")\nMaria`, 'student', '2026-11-20T10:00:00.000Z', "Maria\n'@SUM(1+1)"]);
  });
});
