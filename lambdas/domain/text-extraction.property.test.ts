/**
 * The extractors over random and hostile inputs. Random bytes, random strings and random
 * repetitions of each format's own tokens (the shapes that made backtracking regexes quadratic):
 * extraction never throws, answers a well-formed result, and finishes within a generous time per
 * byte. Also: the time cap, the inflate cap inside the zip reader, and the text cap.
 */
import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { AllowedFileType } from '../contract/documents.js';
import { extractDocumentText, extractDocumentTextSync, MAX_EXTRACTED_CHARS, TextSink, type Extraction } from './text-extraction.js';
import { readZipEntry, zipBudget, ZipBomb, zipEntries } from './zip.js';

const TYPES: AllowedFileType[] = ['txt', 'csv', 'docx', 'pdf'];
/** Generous: 2 ms per KB plus 100 ms (a 25 MB file measures well under 2 s, bench/extraction.ts). */
const boundMs = (bytes: number) => 100 + (2 * bytes) / 1024;

const DOCX_TOKENS = [
  '<w:t',
  '<w:t ',
  '<w:t>',
  '</w:t>',
  '<w:p>',
  '</w:p>',
  '<w:tab/>',
  '<w:br/>',
  '<',
  '>',
  '"',
  "'",
  '&',
  '&amp;',
  '&#x',
  '&#',
  ';',
  '<!--',
  '-->',
  '<![CDATA[',
  ']]>',
  '<?',
  '?>',
  ' ',
  'x',
  '/',
];
const PDF_TOKENS = [
  'stream\n',
  'stream\r\n',
  'endstream\n',
  'obj',
  '<< /Filter /FlateDecode >>',
  '/Length1 ',
  '(',
  ')',
  '\\',
  '\\0',
  '<',
  '>',
  '<<',
  '[',
  ']',
  'Tj',
  'TJ',
  "'",
  '"',
  'T*',
  'Td',
  'ET',
  'BT',
  '-300',
  '1.5',
  '.',
  '-',
  '%',
  '\n',
  ' ',
  '/F1',
];
const TEXT_TOKENS = [' ', '\t', '\n', '\r', '\r\n', '\uFEFF', '\u00a0', '\u0000', 'a', 'é', '\u2028'];

const repeated = (tokens: string[]) =>
  fc
    .array(fc.tuple(fc.constantFrom(...tokens), fc.integer({ min: 1, max: 3000 })), { minLength: 1, maxLength: 8 })
    .map((runs) => runs.map(([token, times]) => token.repeat(times)).join(''));

const docxOf = (xml: string) => zipSync({ 'word/document.xml': strToU8(xml) });
const pdfOf = (body: string) => Buffer.from(`%PDF-1.4\n${body}`, 'latin1');

function wellFormed(result: Extraction) {
  expect(['extracted', 'none', 'not_extracted']).toContain(result.status);
  if (result.status === 'extracted') expect(result.text!.length).toBeGreaterThan(0);
  else expect(result.text).toBeNull();
  expect(result.text?.length ?? 0).toBeLessThanOrEqual(MAX_EXTRACTED_CHARS);
  expect(result.reason === null).toBe(result.status !== 'not_extracted');
  if (result.text) expect(result.text).toBe(result.text.trim());
}

function timed(type: AllowedFileType, bytes: Uint8Array) {
  const started = performance.now();
  const result = extractDocumentTextSync(type, bytes);
  const ms = performance.now() - started;
  wellFormed(result);
  expect(ms).toBeLessThan(boundMs(bytes.length));
  return result;
}

describe('text extraction, fuzzed', () => {
  it('never throws on random bytes, of any type', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TYPES), fc.uint8Array({ maxLength: 4096 }), (type, bytes) => {
        timed(type, bytes);
      }),
      { numRuns: 300 },
    );
  });

  it('reads random text and hostile repetitions of whitespace and control characters, linearly', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 2000 }), repeated(TEXT_TOKENS)), fc.constantFrom<AllowedFileType>('txt', 'csv'), (text, type) => {
        const result = timed(type, Buffer.from(text));
        // what is kept has no control characters and no more than one blank line in a row
        expect(result.text ?? '').not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\r]|\n{3}/);
      }),
      { numRuns: 200 },
    );
  });

  it('reads docx markup made of repeated tags, entities and broken constructs, linearly', () => {
    fc.assert(
      fc.property(repeated(DOCX_TOKENS), (xml) => {
        timed('docx', docxOf(xml));
      }),
      { numRuns: 200 },
    );
  });

  it('reads pdf bodies made of repeated stream keywords, strings and operators, linearly (plain and FlateDecode)', () => {
    fc.assert(
      fc.property(repeated(PDF_TOKENS), fc.boolean(), (body, flate) => {
        const bytes = flate
          ? Buffer.concat([pdfOf('1 0 obj\n<< /Filter /FlateDecode >>\nstream\n'), deflateSync(Buffer.from(body, 'latin1')), Buffer.from('\nendstream\n')])
          : pdfOf(`1 0 obj\n<< >>\nstream\n${body}\nendstream\n${body}`);
        timed('pdf', bytes);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps the text of well-formed runs whatever surrounds them', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9]{1,40}$/), repeated(['<w:p>', '</w:p>', '<w:r>', ' ', '<w:tab/>']), (word, noise) => {
        expect(extractDocumentTextSync('docx', docxOf(`${noise}<w:t>${word}</w:t>${noise}`)).text).toBe(word);
      }),
      { numRuns: 100 },
    );
  });
});

describe('extraction budget', () => {
  it('the three files of the hostile-upload probe finish in milliseconds, without text', () => {
    for (const [type, bytes] of [
      ['docx', docxOf('<w:t '.repeat(60_000))],
      ['txt', Buffer.from(' '.repeat(120_000))],
      ['pdf', pdfOf('stream\nendstream\n'.repeat(25_000))],
    ] as Array<[AllowedFileType, Uint8Array]>) {
      expect(timed(type, bytes)).toMatchObject({ status: 'none', text: null });
    }
  });

  it('stops at the time budget: not extracted, with the reason, and never throws', async () => {
    const slow = Buffer.from(' \n'.repeat(4 * 1024 * 1024));
    const started = performance.now();
    const result = await extractDocumentText('txt', slow, { timeMs: 1 });
    expect(performance.now() - started).toBeLessThan(200);
    expect(result).toEqual({ text: null, status: 'not_extracted', reason: 'extraction took longer than its 0.001 s budget' });
    expect(extractDocumentTextSync('txt', slow, { timeMs: 1 }).status).toBe('not_extracted');
  });

  it('hands the event loop back while it works', async () => {
    let ticks = 0;
    const timer = setInterval(() => {
      ticks++;
    }, 1);
    await extractDocumentText('pdf', pdfOf(`1 0 obj\n<< >>\nstream\n${'0 0 m 1 1 l S\n'.repeat(500_000)}\nendstream\n`));
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(1);
  });

  it('stops a zip bomb inside the zip reader, while inflating, and says so', () => {
    const bomb = zipSync({ 'word/document.xml': new Uint8Array(40 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(100_000);
    const [entry] = zipEntries(bomb);
    expect(() => readZipEntry(bomb, entry!)).toThrow(ZipBomb);
    // a directory that understates the size is caught by zlib's output limit, not after
    expect(() => readZipEntry(bomb, { ...entry!, originalSize: 1024 })).toThrow(ZipBomb);
    // the archive budget is shared by every read
    const small = zipSync({ 'a.txt': new Uint8Array(600), 'b.txt': new Uint8Array(600) });
    const budget = zipBudget(1000, 1000);
    const [a, b] = zipEntries(small);
    expect(readZipEntry(small, a!, budget)).toHaveLength(600);
    expect(() => readZipEntry(small, b!, budget)).toThrow(ZipBomb);
    expect(extractDocumentTextSync('docx', bomb)).toEqual({ text: null, status: 'not_extracted', reason: 'the file inflates to more than the 32 MB extraction budget' });
  });

  it('reads a forged entry count as a damaged archive instead of looping', () => {
    const zip = Buffer.from(zipSync({ 'a.txt': strToU8('a') }));
    zip.writeUInt16LE(0xffff, zip.length - 22 + 8);
    expect(() => zipEntries(zip)).toThrow(/not a readable zip/);
  });

  it('stops reading once it holds the most text it keeps', () => {
    const sink = new TextSink(5);
    sink.push('  abc \r\n\n\n\n de  fgh');
    expect(sink.full).toBe(true);
    expect(sink.text()).toBe('abc');
    const line = new TextSink(100);
    line.push('\uFEFFone \t\r\ntwo\r\rthree  ');
    expect(line.text()).toBe('one\ntwo\n\nthree');
  });
});
