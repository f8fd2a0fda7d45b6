/**
 * Text of an uploaded document, for the txt preview and the list's `search` (issue 6).
 *  - txt, csv: the text itself.
 *  - docx: the `<w:t>` runs of word/document.xml (zip.ts unzips it), paragraphs as lines.
 *  - pdf, best effort: content streams (inflated with node:zlib when FlateDecode, or uncompressed)
 *    read for the text-showing operators Tj, TJ, ' and ". Limits: text is decoded as Latin-1, so
 *    fonts with Identity-H / CID encodings (common in PDFs exported with Unicode fonts) yield
 *    nothing; other filters (LZW, ASCII85, ...), encrypted PDFs, scanned pages (images, no OCR)
 *    and content inside form XObjects or object streams are skipped; word order follows the stream.
 *  - everything else (images, xlsx, pptx, old Office formats): no text.
 * Never throws: a document whose text cannot be read is stored without text.
 */
import { inflateSync } from 'node:zlib';
import type { AllowedFileType } from '../contract/documents.js';
import { readZipEntry, zipEntries } from './zip.js';

/** Stored on the document item (DynamoDB items are at most 400 KB; the list returns it). */
export const MAX_EXTRACTED_CHARS = 10_000;
export const PREVIEW_CHARS = 500;
/** Refuse to inflate more than this from one upload (zip and deflate bombs). */
const MAX_INFLATED_BYTES = 32 * 1024 * 1024;

export function extractText(type: AllowedFileType, bytes: Uint8Array): string | null {
  let text: string | null = null;
  try {
    if (type === 'txt' || type === 'csv') text = new TextDecoder('utf-8').decode(bytes);
    else if (type === 'docx') text = docxText(bytes);
    else if (type === 'pdf') text = pdfText(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    return null;
  }
  return text === null ? null : tidy(text);
}

export const previewOf = (text: string | null): string | null => (text ? text.slice(0, PREVIEW_CHARS) : null);

function tidy(text: string): string | null {
  const clean = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return clean ? clean.slice(0, MAX_EXTRACTED_CHARS) : null;
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeXml = (s: string) => s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
  if (name[0] === '#') {
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  }
  return XML_ENTITIES[name] ?? whole;
});

function docxText(bytes: Uint8Array): string | null {
  // the last entry of that name, as unzipping all of them in order would leave
  const entry = zipEntries(bytes).filter((f) => f.name === 'word/document.xml' && f.originalSize <= MAX_INFLATED_BYTES).at(-1);
  if (!entry) return null;
  const xml = readZipEntry(bytes, entry);
  let out = '';
  // runs of text, paragraph ends, tabs and breaks, in document order (<w:tbl>, <w:tc> are not <w:t>)
  for (const m of new TextDecoder('utf-8').decode(xml).matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<\/w:p>|<w:tab\s*\/>|<w:br\s*\/>/g)) {
    if (m[1] !== undefined) out += decodeXml(m[1]);
    else out += m[0].startsWith('<w:tab') ? '\t' : '\n';
  }
  return out;
}

/** The raw data of each content stream: uncompressed, or FlateDecode inflated; other streams skipped. */
function pdfContentStreams(pdf: Buffer): Buffer[] {
  const text = pdf.toString('latin1'); // one char per byte, so string offsets are byte offsets
  const streams: Buffer[] = [];
  let inflated = 0;
  for (const m of text.matchAll(/\bstream(\r\n|\n|\r)/g)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    const dict = text.slice(Math.max(0, text.lastIndexOf('obj', m.index)), m.index);
    // fonts, images, object and xref streams carry these; page content streams do not
    if (/\/(Length1|Length2|Subtype|Type|DecodeParms)\b/.test(dict)) continue;
    const filters = dict.match(/\/Filter\s*(\[[^\]]*\]|\/\w+)/)?.[1] ?? '';
    const data = pdf.subarray(start, end);
    if (filters === '') streams.push(data);
    else if (/^(\/FlateDecode|\[\s*\/FlateDecode\s*\])$/.test(filters.trim())) {
      try {
        const out = inflateSync(data, { maxOutputLength: MAX_INFLATED_BYTES - inflated, finishFlush: 2 /* Z_SYNC_FLUSH: tolerate a truncated end */ });
        inflated += out.length;
        streams.push(out);
      } catch {
        // damaged stream, or the inflate budget is spent: skip it
      }
    }
  }
  return streams;
}

/** A PDF literal string `( ... )` starting at `i` (just after the parenthesis); answers it and where it ended. */
function literalString(s: string, i: number): [string, number] {
  let out = '';
  let depth = 1;
  const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '(': '(', ')': ')', '\\': '\\' };
  for (; i < s.length; i++) {
    const c = s[i]!;
    if (c === '\\') {
      const next = s[i + 1] ?? '';
      if (next in escapes) { out += escapes[next]; i++; }
      else if (/[0-7]/.test(next)) {
        const octal = /^[0-7]{1,3}/.exec(s.slice(i + 1, i + 4))![0];
        out += String.fromCharCode(parseInt(octal, 8) & 0xff);
        i += octal.length;
      } else if (next === '\r' || next === '\n') { i += next === '\r' && s[i + 2] === '\n' ? 2 : 1; }
      else { out += next; i++; }
    } else if (c === '(') { depth++; out += c; }
    else if (c === ')') { if (--depth === 0) return [out, i + 1]; out += c; }
    else out += c;
  }
  return [out, i];
}

const hexString = (hex: string) => {
  const digits = hex.replace(/[^0-9a-f]/gi, '');
  return Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex').toString('latin1');
};

/** Reads the text-showing operators of one content stream. */
function showText(stream: string): string {
  let out = '';
  const operands: string[] = [];
  // tokens: literal strings, hex strings, arrays, numbers, operators; names and comments are skipped
  const token = /\(|<(?!<)([0-9a-fA-F\s]*)>|\[|\]|(-?\d*\.?\d+)|([A-Za-z'"*][A-Za-z0-9'"*]*)|\/[^\s/[\]()<>{}%]*|%[^\r\n]*/g;
  let inArray = false;
  let arrayText = '';
  let lastNumbers: number[] = [];
  for (let m = token.exec(stream); m; m = token.exec(stream)) {
    if (m[0] === '(') {
      const [str, end] = literalString(stream, m.index + 1);
      token.lastIndex = end;
      if (inArray) arrayText += str; else operands.push(str);
    } else if (m[1] !== undefined) {
      if (inArray) arrayText += hexString(m[1]); else operands.push(hexString(m[1]));
    } else if (m[0] === '[') { inArray = true; arrayText = ''; }
    else if (m[0] === ']') { inArray = false; operands.push(arrayText); }
    else if (m[2] !== undefined) {
      const n = Number(m[2]);
      // a large negative kerning inside TJ is a word gap
      if (inArray && n < -200) arrayText += ' ';
      else if (!inArray) lastNumbers = [...lastNumbers.slice(-5), n];
    } else if (m[3] !== undefined) {
      const op = m[3];
      if (op === 'Tj' || op === 'TJ') out += operands.pop() ?? '';
      else if (op === "'" || op === '"') out += `\n${operands.pop() ?? ''}`;
      else if (op === 'T*') out += '\n';
      else if ((op === 'Td' || op === 'TD') && (lastNumbers.at(-1) ?? 0) !== 0) out += '\n';
      else if (op === 'ET') out += '\n';
      operands.length = 0;
      lastNumbers = [];
    }
  }
  return out;
}

function pdfText(pdf: Buffer): string | null {
  const parts = pdfContentStreams(pdf).map((s) => showText(s.toString('latin1'))).filter((t) => t.trim());
  return parts.length ? parts.join('\n') : null;
}
