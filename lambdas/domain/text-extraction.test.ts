import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { makeDocx, makePdf, makePng } from '../../lib/local/seed/sample-files.js';
import { extractText, MAX_EXTRACTED_CHARS, PREVIEW_CHARS, previewOf } from './text-extraction.js';

/** A PDF whose page content is one FlateDecode stream, plus a font file stream that must be skipped. */
function flatePdf(content: string): Buffer {
  const page = deflateSync(Buffer.from(content, 'latin1'));
  const font = deflateSync(Buffer.from('BT (font program bytes) Tj ET', 'latin1'));
  return Buffer.concat([
    Buffer.from('%PDF-1.7\n1 0 obj\n<< /Length1 10 /Length 20 /Filter /FlateDecode >>\nstream\n', 'latin1'),
    font,
    Buffer.from('\nendstream\nendobj\n4 0 obj\n<< /Length 99 /Filter /FlateDecode >>\nstream\r\n', 'latin1'),
    page,
    Buffer.from('\r\nendstream\nendobj\ntrailer\n<< >>\n%%EOF\n', 'latin1'),
  ]);
}

describe('text extraction', () => {
  it('reads txt and csv as they are, without a BOM and with plain newlines', () => {
    expect(extractText('txt', Buffer.from('\uFEFFLine one\r\nLine two\r\n'))).toBe('Line one\nLine two');
    expect(extractText('csv', Buffer.from('name,amount\nAna,1\n'))).toBe('name,amount\nAna,1');
    expect(extractText('txt', Buffer.from('   \n'))).toBeNull();
  });

  it('reads the paragraphs of a docx, decoding XML entities', () => {
    expect(extractText('docx', makeDocx(['Financial Aid Guide', 'Apply <before> the "deadline" & more']))).toBe('Financial Aid Guide\nApply <before> the "deadline" & more');
  });

  it('reads an uncompressed PDF content stream', () => {
    expect(extractText('pdf', makePdf('Student Handbook (2026)'))).toBe('Student Handbook (2026)');
  });

  it('inflates FlateDecode content streams and reads Tj, TJ, quote operators and escapes; skips font streams', () => {
    const content = [
      'BT /F1 12 Tf 72 720 Td (Clinical \\(rotation\\) schedule) Tj',
      '0 -14 Td [(Mon) 20 (days) -300 (and) -250 (Wed)] TJ',
      "(next line\\051) '",
      '<48656c6c6f> Tj ET',
      'BT (caf\\351) Tj ET',
    ].join('\n');
    expect(extractText('pdf', flatePdf(content))).toBe('Clinical (rotation) schedule\nMondays and Wed\nnext line)Hello\ncafé');
  });

  it('answers no text for images, other types and unreadable files', () => {
    expect(extractText('png', makePng())).toBeNull();
    expect(extractText('xlsx', Buffer.from('PK\x03\x04'))).toBeNull();
    expect(extractText('docx', Buffer.from('PK\x03\x04 broken'))).toBeNull();
    expect(extractText('pdf', Buffer.from('%PDF-1.4\nno streams here'))).toBeNull();
  });

  it('keeps at most the first 10,000 characters, and previews the first 500', () => {
    const long = 'x'.repeat(MAX_EXTRACTED_CHARS + 50);
    const text = extractText('txt', Buffer.from(long));
    expect(text).toHaveLength(MAX_EXTRACTED_CHARS);
    expect(previewOf(text)).toHaveLength(PREVIEW_CHARS);
    expect(previewOf(null)).toBeNull();
  });
});
