import { describe, expect, it } from 'vitest';
import { makeDocx, makePdf, makePng } from '../../lib/local/seed/sample-files.js';
import { MAX_UPLOAD_BYTES } from '../contract/documents.js';
import { allowedTypeOf, checkContentMatches, checkUpload, checkUploadSize, displayFileName, fileExtension, safeFileName, sniff } from './uploads.js';
import { zipSync, strToU8 } from 'fflate';

const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]);
const zipWith = (name: string) => Buffer.from(zipSync({ [name]: strToU8('<x/>') }));

describe('upload checks', () => {
  it('takes the extension after the last dot, in lower case, from the last path segment', () => {
    expect(fileExtension('Report.Final.PDF')).toBe('pdf');
    expect(fileExtension('C:\\Users\\me\\notes.txt')).toBe('txt');
    expect(fileExtension('.bashrc')).toBe('');
    expect(fileExtension('README')).toBe('');
  });

  it('allows exactly the allowlisted types, naming the field', () => {
    for (const name of ['a.pdf', 'a.JPG', 'a.jpeg', 'a.png', 'a.doc', 'a.docx', 'a.xls', 'a.xlsx', 'a.ppt', 'a.pptx', 'a.txt', 'a.csv']) {
      expect(() => allowedTypeOf(name)).not.toThrow();
    }
    expect(() => allowedTypeOf('setup.exe')).toThrow(/^file: \.exe files are not allowed \(allowed: pdf, jpg/);
    expect(() => allowedTypeOf('page.html', 'file_name')).toThrow(/^file_name: \.html files are not allowed/);
    expect(() => allowedTypeOf('noext')).toThrow(/^file: a file without an extension is not allowed/);
  });

  it('refuses an empty file (400) and one above the limit (413)', () => {
    expect(() => checkUploadSize(0)).toThrow(expect.objectContaining({ status: 400, message: 'file: the file is empty' }));
    expect(() => checkUploadSize(MAX_UPLOAD_BYTES)).not.toThrow();
    expect(() => checkUploadSize(MAX_UPLOAD_BYTES + 1)).toThrow(expect.objectContaining({ status: 413, message: 'file: the file is larger than the 25 MB limit' }));
  });

  it('recognises content by its magic bytes', () => {
    expect(sniff(makePdf('x'))).toBe('pdf');
    expect(sniff(makePng())).toBe('png');
    expect(sniff(JPEG)).toBe('jpeg');
    expect(sniff(OLE)).toBe('ole');
    expect(sniff(makeDocx(['x']))).toBe('zip');
    expect(sniff(Buffer.from('hello'))).toBeNull();
  });

  it('accepts content that matches its extension', () => {
    expect(() => checkContentMatches('pdf', makePdf('x'))).not.toThrow();
    expect(() => checkContentMatches('png', makePng())).not.toThrow();
    expect(() => checkContentMatches('jpg', JPEG)).not.toThrow();
    expect(() => checkContentMatches('jpeg', JPEG)).not.toThrow();
    for (const type of ['doc', 'xls', 'ppt'] as const) expect(() => checkContentMatches(type, OLE)).not.toThrow();
    expect(() => checkContentMatches('docx', makeDocx(['x']))).not.toThrow();
    expect(() => checkContentMatches('xlsx', zipWith('xl/workbook.xml'))).not.toThrow();
    expect(() => checkContentMatches('pptx', zipWith('ppt/presentation.xml'))).not.toThrow();
    expect(() => checkContentMatches('txt', Buffer.from('Grüße, 日本\n'))).not.toThrow();
    expect(() => checkContentMatches('csv', Buffer.from('\uFEFFname,amount\nAna,1\n'))).not.toThrow();
  });

  it('refuses spoofed extensions, saying what the content is', () => {
    expect(() => checkContentMatches('pdf', makePng())).toThrow('file: the content is a PNG image, not a .pdf file');
    expect(() => checkContentMatches('png', makePdf('x'))).toThrow('file: the content is a PDF, not a .png file');
    expect(() => checkContentMatches('jpg', Buffer.from('plain text'))).toThrow('file: the content is plain text, not a .jpg file');
    expect(() => checkContentMatches('pdf', Buffer.from([0x00, 0xff, 0x10]))).toThrow('file: the content is of no known type, not a .pdf file');
    expect(() => checkContentMatches('doc', makeDocx(['x']))).toThrow('file: the content is a Word document, not a .doc file');
    expect(() => checkContentMatches('xlsx', makeDocx(['x']))).toThrow('file: the content is a Word document, not a .xlsx file');
    expect(() => checkContentMatches('docx', zipWith('ppt/slide.xml'))).toThrow('file: the content is a PowerPoint presentation, not a .docx file');
    expect(() => checkContentMatches('pptx', zipWith('other/readme.txt'))).toThrow('file: the content is a zip archive, not a .pptx file');
    expect(() => checkContentMatches('docx', Buffer.from('PK\x03\x04garbage'))).toThrow(/a damaged zip archive/);
    expect(() => checkContentMatches('txt', makePdf('x'))).toThrow('file: the content is a PDF, not a .txt file');
    expect(() => checkContentMatches('txt', Buffer.from([0x61, 0x00, 0x62]))).toThrow(/binary data/);
    expect(() => checkContentMatches('csv', Buffer.from([0x61, 0xff, 0xfe]))).toThrow(/binary data/);
  });

  it('runs every check in order: type, size, content', () => {
    expect(checkUpload('scan.PNG', makePng())).toEqual({ fileType: 'png', contentType: 'image/png', size: makePng().length });
    expect(() => checkUpload('a.exe', Buffer.alloc(0))).toThrow(/\.exe files are not allowed/);
    expect(() => checkUpload('a.pdf', Buffer.alloc(0))).toThrow('file: the file is empty');
  });

  it('makes names safe for object keys and keeps shown names clean', () => {
    expect(safeFileName('Résumé (final).PDF')).toBe('Resume_final.pdf');
    expect(safeFileName('../../etc/passwd.txt')).toBe('passwd.txt');
    expect(safeFileName('日本語.docx')).toBe('file.docx');
    expect(safeFileName('..hidden..txt')).toBe('hidden.txt');
    expect(safeFileName(`${'a'.repeat(300)}.pdf`)).toHaveLength(94);
    expect(displayFileName('C:\\fakepath\\Report\u0000 2026.pdf')).toBe('Report 2026.pdf');
    expect(displayFileName(`${'b'.repeat(300)}.xlsx`)).toMatch(/^b{250}\.xlsx$/);
  });
});
