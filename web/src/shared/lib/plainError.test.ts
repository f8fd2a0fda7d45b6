import { describe, expect, it } from 'vitest';
import { plainError } from './plainError';

/** Nobody reads a field path, a "field:" prefix or "Error:". */
const FIELD_PREFIX = /^(Error: |[\w.-]+: )/;

describe('plain-language errors', () => {
  it.each([
    // messages with a sentence of their own: lambdas/store/courses.ts
    ['CRN: 40101 is already used by Physics', 'This CRN is already used by Physics (CRN 40101).'],
    ['CRN: 40101 is already used by another course', 'This CRN is already used by another course (CRN 40101).'],
    // lambdas/domain/uploads.ts
    ['file: the content is a PNG image, not a .pdf file', 'This file is not a PDF: its content looks like a PNG image.'],
    ['file: the content is a Word document, not a .pdf file', 'This file is not a PDF: its content looks like a Word document.'],
    ['file: the content is plain text, not a .jpg file', 'This file is not a JPEG image: its content looks like plain text.'],
    ['file: the content is of no known type, not a .pdf file', 'This file is not a PDF: its content is not of a known type.'],
    ['file: the content is binary data (not UTF-8 text), not a .txt file', 'This file is not a text file: its content looks like binary data (not UTF-8 text).'],
    ['file: .exe files are not allowed (allowed: pdf, png)', '.exe files cannot be uploaded. Choose one of these types: pdf, png.'],
    ['file: a file without an extension is not allowed (allowed: pdf, png)', 'The file name needs an extension. Choose one of these types: pdf, png.'],
    // lambdas/functions/documents/acknowledge.ts
    ['signature: must be your full name (Quinn Reviewer)', 'Type your full name exactly: Quinn Reviewer'],
    // any other field and what is wrong with it
    ['credit_hours: must be a whole number', 'Credit hours must be a whole number.'],
    ['items.0.amount: must be greater than 0', 'Amount must be greater than 0.'],
    ['cohort_id: is not an existing cohort', 'Cohort is not an existing cohort.'],
    ['body: must be valid JSON', 'The request must be valid JSON.'],
    ['file: missing columns email (download the template)', 'The file is missing columns email (download the template).'],
    // the rest is a sentence once capitalised
    ['file: the file is larger than the 25 MB limit', 'The file is larger than the 25 MB limit.'],
    ['file: send one file per upload', 'Send one file per upload.'],
    ['cohort_number: cohort 3 already exists for 2025-2026 certificate programs', 'Cohort 3 already exists for 2025-2026 certificate programs.'],
    // the rest starts with a value: the field says what it is
    ['username: new.student is already taken', 'Username new.student is already taken.'],
    ['email: ann@example.edu is already used by another student', 'Email ann@example.edu is already used by another student.'],
    // zod's own wording needs its field
    ['credit_hours: Invalid input: expected number, received string', 'Credit hours is not valid (invalid input: expected number, received string).'],
    // a sentence the server already wrote (spec texts among them) stays word for word
    ['student_username: Please enter a valid student username', 'Please enter a valid student username'],
    ['cohort_id: Please select a cohort', 'Please select a cohort'],
    ['Course not found', 'Course not found'],
    ['This checkout is already closed; reload the page to start a new one', 'This checkout is already closed; reload the page to start a new one'],
    // a colon inside a sentence is not a field
    ['Password did not conform with policy: Password not long enough', 'Password did not conform with policy: Password not long enough'],
  ])('says "%s" as "%s"', (server, sentence) => {
    expect(plainError(server)).toBe(sentence);
    expect(plainError(server)).not.toMatch(FIELD_PREFIX);
  });
});
