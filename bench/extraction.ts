/**
 * Text extraction time for the three hostile files the probe found (each once took 5-16 s)
 * and for 25 MB (the upload limit) of each extracted type. Two 25 MB files per type: one of ordinary
 * text (extraction stops at the 10,000 characters kept), and one the scanner must read to its end
 * (whitespace, or markup and drawing operators without text until the last bytes). Used by
 * `npm run bench` and by test/handlers/extraction-budget.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import { MAX_UPLOAD_BYTES, type AllowedFileType } from '../lambdas/contract/documents.js';
import { extractDocumentText, type Extraction } from '../lambdas/domain/text-extraction.js';

export interface SampleFile {
  name: string;
  type: AllowedFileType;
  bytes: Uint8Array;
}

const SIZE = MAX_UPLOAD_BYTES;
const LINE = 'Clinical rotation schedule: Monday and Wednesday, 7:00 to 15:30, bring your badge and stethoscope.\n';
const repeatTo = (unit: string, bytes: number) => unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes);

/** A docx: word/document.xml plus, to reach a size, an incompressible picture. */
function docx(xml: string, size = 0): Uint8Array {
  const files: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = {
    '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    'word/document.xml': strToU8(xml),
  };
  const zipped = zipSync(files);
  if (size > zipped.length) files['word/media/image1.png'] = [randomBytes(size - zipped.length - 200), { level: 0 }];
  return zipSync(files);
}

const wordDocument = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;

/** A PDF of the given content streams (uncompressed, or FlateDecode) and optional image bytes. */
function pdf(contents: Array<{ data: Buffer; flate: boolean }>, image?: Buffer): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n', 'latin1')];
  let n = 1;
  for (const { data, flate } of contents) {
    const body = flate ? deflateSync(data) : data;
    parts.push(
      Buffer.from(`${n++} 0 obj\n<< /Length ${body.length}${flate ? ' /Filter /FlateDecode' : ''} >>\nstream\n`, 'latin1'),
      body,
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    );
  }
  if (image)
    parts.push(
      Buffer.from(`${n++} 0 obj\n<< /Type /XObject /Subtype /Image /Length ${image.length} >>\nstream\n`, 'latin1'),
      image,
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    );
  parts.push(Buffer.from('trailer\n<< >>\n%%EOF\n', 'latin1'));
  return Buffer.concat(parts);
}

/** The probe's three hostile files. */
export function adversarialFiles(): SampleFile[] {
  return [
    { name: 'docx: "<w:t " x 60,000 (716 B zip)', type: 'docx', bytes: docx('<w:t '.repeat(60_000)) },
    { name: 'txt: 120,000 spaces', type: 'txt', bytes: Buffer.from(' '.repeat(120_000)) },
    { name: 'pdf: "stream\\nendstream\\n" x 25,000', type: 'pdf', bytes: Buffer.from(`%PDF-1.4\n${'stream\nendstream\n'.repeat(25_000)}`, 'latin1') },
  ];
}

/** 25 MB of each extracted type: ordinary text, and a file read to its last byte. */
export function largeFiles(): SampleFile[] {
  const pageOps = 'q 1 0 0 1 72 720 cm 0 0 m 400 0 l 400 -12 l h f Q 0.5 g 72 700 m 540 700 l S\n';
  const textPage = (i: number) => `BT /F1 11 Tf 72 720 Td (${LINE.trim()} page ${i}) Tj 0 -14 Td [(Week) -300 (${i})] TJ ET\n`;
  const pages = Array.from({ length: 400 }, (_, i) => ({ data: Buffer.from(repeatTo(textPage(i), 4096), 'latin1'), flate: true }));
  const textPdf = pdf(pages, Buffer.alloc(0));
  const drawing = Buffer.from(repeatTo(pageOps, SIZE - 4096), 'latin1');
  return [
    { name: 'txt 25 MB (text)', type: 'txt', bytes: Buffer.from(repeatTo(LINE, SIZE)) },
    { name: 'txt 25 MB (blank lines and spaces, text at the end)', type: 'txt', bytes: Buffer.from(`${repeatTo(' \t \n', SIZE - 4)}end.`) },
    { name: 'csv 25 MB (rows)', type: 'csv', bytes: Buffer.from(repeatTo('id,name,program,amount\n1042,"Reyes, Ana",diploma,1250.00\n', SIZE)) },
    { name: 'docx 25 MB (text, with a picture)', type: 'docx', bytes: docx(wordDocument(repeatTo(`<w:p><w:r><w:t>${LINE.trim()}</w:t></w:r></w:p>`, 2 * 1024 * 1024)), SIZE) },
    {
      name: 'docx 25 MB (30 MB of markup without text)',
      type: 'docx',
      bytes: docx(wordDocument(repeatTo('<w:p><w:pPr><w:spacing w:after="0"/></w:pPr><w:r><w:rPr><w:b/></w:rPr></w:r></w:p>', 30 * 1024 * 1024)), SIZE),
    },
    { name: 'pdf 25 MB (400 text pages, a picture)', type: 'pdf', bytes: pdf(pages, randomBytes(SIZE - textPdf.length - 200)) },
    { name: 'pdf 25 MB (drawing operators, no text)', type: 'pdf', bytes: pdf([{ data: drawing, flate: false }]) },
  ];
}

export interface ExtractionTiming {
  name: string;
  bytes: number;
  ms: number;
  status: Extraction['status'];
  chars: number;
}

export async function timeExtraction(file: SampleFile): Promise<ExtractionTiming> {
  const started = performance.now();
  const result = await extractDocumentText(file.type, file.bytes);
  return { name: file.name, bytes: file.bytes.length, ms: Math.round(performance.now() - started), status: result.status, chars: result.text?.length ?? 0 };
}

/** Every file above, one after the other; the report's rows. */
export async function measureExtraction(): Promise<ExtractionTiming[]> {
  const timings: ExtractionTiming[] = [];
  for (const file of [...adversarialFiles(), ...largeFiles()]) timings.push(await timeExtraction(file));
  return timings;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const t of await measureExtraction()) console.log(`${t.name}: ${t.ms} ms (${t.status}, ${t.chars} chars, ${t.bytes} bytes)`);
}
