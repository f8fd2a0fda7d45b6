/**
 * Text of an uploaded document, for the txt preview and the list's `search`.
 *  - txt, csv: the text itself.
 *  - docx: the `<w:t>` runs of word/document.xml (zip.ts unzips it), paragraphs as lines.
 *  - pdf, best effort: content streams (inflated with node:zlib when FlateDecode, or uncompressed)
 *    read for the text-showing operators Tj, TJ, ' and ". Limits: text is decoded as Latin-1, so
 *    fonts with Identity-H / CID encodings (common in PDFs exported with Unicode fonts) yield
 *    nothing; other filters (LZW, ASCII85, ...), encrypted PDFs, scanned pages (images, no OCR)
 *    and content inside form XObjects or object streams are skipped; word order follows the stream.
 *  - everything else (images, xlsx, pptx, old Office formats): no text.
 *
 * Linear and bounded: hostile files (`<w:t ` 60,000 times, 120,000 spaces, `stream
 * endstream` 25,000 times) once took 5-16 s in backtracking regexes and blocked every request of the
 * local stack. Each format is now read by a single-pass scanner (indexOf and charCode loops, never a
 * regex over the input) that touches each byte a bounded number of times, writing into a TextSink that
 * tidies as it goes and says when it holds MAX_EXTRACTED_CHARS, so extraction stops there. The work is
 * capped by bytes (what is inflated, in zip.ts and here; what text is kept) and by time (a deadline
 * checked at every slice). The scanners are generators that yield every few thousand tokens: the
 * async driver hands the event loop back between slices (the local gateway runs every handler in one
 * process), the sync one just checks the clock. Out of budget, or unreadable: no text, status
 * `not_extracted` with the reason; it never throws.
 */
import { inflateSync } from 'node:zlib';
import type { AllowedFileType } from '../contract/documents.js';
import { readZipEntry, zipBudget, ZipBomb, zipEntries } from './zip.js';

/** Stored on the document item (DynamoDB items are at most 400 KB; the list returns it). */
export const MAX_EXTRACTED_CHARS = 10_000;
export const PREVIEW_CHARS = 500;
/** Refuse to inflate more than this from one upload (zip and deflate bombs). */
export const MAX_INFLATED_BYTES = 32 * 1024 * 1024;
/** Time for one extraction; a 25 MB file of any type takes well under a second here (bench/extraction.ts). */
export const EXTRACTION_TIME_MS = 5_000;
/** Hand the event loop back at least this often. */
const SLICE_MS = 20;
/** Units of work (characters or tokens) between two checkpoints. */
const STEP = 16_384;

export type TextStatus = 'extracted' | 'none' | 'not_extracted';

export interface Extraction {
  text: string | null;
  /** extracted: text found; none: the file has no text we read; not_extracted: out of budget or unreadable. */
  status: TextStatus;
  /** Why, when not_extracted. */
  reason: string | null;
}

export interface ExtractionLimits {
  timeMs: number;
  maxInflatedBytes: number;
  maxChars: number;
}

const DEFAULT_LIMITS: ExtractionLimits = { timeMs: EXTRACTION_TIME_MS, maxInflatedBytes: MAX_INFLATED_BYTES, maxChars: MAX_EXTRACTED_CHARS };

class OverBudget extends Error {}

/** A tidy copy of what is pushed: no BOM or control characters, plain newlines, no trailing blanks, at most two newlines in a row, trimmed, at most `max` characters. */
export class TextSink {
  private out = '';
  private blanks = ''; // horizontal whitespace since the last character kept
  private newlines = 0;
  private afterCr = false;
  full = false;

  constructor(private readonly max: number) {}

  push(s: string): void {
    for (let i = 0; i < s.length && !this.full; i++) {
      const c = s.charCodeAt(i);
      if (c === 10 || c === 13) {
        if (c === 10 && this.afterCr) {
          this.afterCr = false;
          continue;
        }
        this.afterCr = c === 13;
        this.blanks = '';
        this.newlines++;
        continue;
      }
      this.afterCr = false;
      if (c < 32 ? c !== 9 : c === 127) continue; // control characters, tab kept
      if (isBlank(c)) {
        if (this.blanks.length < this.max) this.blanks += s[i];
        continue;
      }
      if (this.out.length > 0) this.out += (this.newlines >= 2 ? '\n\n' : this.newlines === 1 ? '\n' : '') + this.blanks;
      this.blanks = '';
      this.newlines = 0;
      this.out += s[i];
      if (this.out.length >= this.max) {
        this.out = this.out.slice(0, this.max).trimEnd();
        this.full = true;
      }
    }
  }

  text(): string | null {
    return this.out === '' ? null : this.out;
  }
}

/** What String.prototype.trim removes, less the line breaks (handled apart). */
const isBlank = (c: number) =>
  c === 32 || c === 9 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;

type Work = Generator<void, void, void>;

function work(type: AllowedFileType, bytes: Uint8Array, sink: TextSink, limits: ExtractionLimits): Work | null {
  if (type === 'txt' || type === 'csv') return plainText(bytes, sink);
  if (type === 'docx') return docxText(bytes, sink, limits);
  if (type === 'pdf') return pdfText(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), sink, limits);
  return null;
}

const NONE: Extraction = { text: null, status: 'none', reason: null };
const notExtracted = (reason: string): Extraction => ({ text: null, status: 'not_extracted', reason });

function failure(error: unknown, limits: ExtractionLimits): Extraction {
  if (error instanceof OverBudget || error instanceof ZipBomb)
    return notExtracted(`the file inflates to more than the ${Math.round(limits.maxInflatedBytes / 1024 / 1024)} MB extraction budget`);
  return notExtracted('the file could not be read');
}

const timedOut = (limits: ExtractionLimits) => notExtracted(`extraction took longer than its ${limits.timeMs / 1000} s budget`);

function result(sink: TextSink): Extraction {
  const text = sink.text();
  return text ? { text, status: 'extracted', reason: null } : NONE;
}

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** One extraction's limits, its deadline (from now) and where its text goes. */
function begin(over: Partial<ExtractionLimits>) {
  const limits = { ...DEFAULT_LIMITS, ...over };
  return { limits, deadline: Date.now() + limits.timeMs, sink: new TextSink(limits.maxChars) };
}

/** The document's text within the budget, yielding to the event loop every SLICE_MS. Never throws. */
export async function extractDocumentText(type: AllowedFileType, bytes: Uint8Array, over: Partial<ExtractionLimits> = {}): Promise<Extraction> {
  const { limits, deadline, sink } = begin(over);
  try {
    const steps = work(type, bytes, sink, limits);
    if (!steps) return NONE;
    let slice = Date.now();
    for (let step = steps.next(); !step.done; step = steps.next()) {
      const now = Date.now();
      if (now > deadline) return timedOut(limits);
      if (now - slice >= SLICE_MS) {
        await nextTick();
        slice = Date.now();
      }
    }
    if (Date.now() > deadline) return timedOut(limits);
  } catch (error) {
    return failure(error, limits);
  }
  return result(sink);
}

/** The same without yielding (seeding, scripts): the deadline still holds. Never throws. */
export function extractDocumentTextSync(type: AllowedFileType, bytes: Uint8Array, over: Partial<ExtractionLimits> = {}): Extraction {
  const { limits, deadline, sink } = begin(over);
  try {
    const steps = work(type, bytes, sink, limits);
    if (!steps) return NONE;
    for (let step = steps.next(); !step.done; step = steps.next()) if (Date.now() > deadline) return timedOut(limits);
  } catch (error) {
    return failure(error, limits);
  }
  return result(sink);
}

/** Just the text (null when none or not extracted). */
export const extractText = (type: AllowedFileType, bytes: Uint8Array): string | null => extractDocumentTextSync(type, bytes).text;

export const previewOf = (text: string | null): string | null => (text ? text.slice(0, PREVIEW_CHARS) : null);

// ---- txt, csv ----

function* plainText(bytes: Uint8Array, sink: TextSink): Work {
  const decoder = new TextDecoder('utf-8');
  for (let i = 0; i < bytes.length && !sink.full; i += STEP * 4) {
    sink.push(decoder.decode(bytes.subarray(i, i + STEP * 4), { stream: true }));
    yield;
  }
  if (!sink.full) sink.push(decoder.decode());
}

// ---- docx ----

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** `s[from, to)` with XML entities decoded; an entity is at most 10 characters, so each `&` looks that far only. */
function decodeXml(s: string, from: number, to: number): string {
  let out = '';
  let i = from;
  while (i < to) {
    const amp = s.indexOf('&', i);
    if (amp < 0 || amp >= to) return out + s.slice(i, to);
    out += s.slice(i, amp);
    let semi = amp + 1;
    while (semi < to && semi - amp <= 10 && s.charCodeAt(semi) !== 59) semi++;
    const name = s.charCodeAt(semi) === 59 && semi < to ? s.slice(amp + 1, semi) : null;
    let decoded: string | undefined;
    if (name && name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      decoded = Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    } else if (name) decoded = XML_ENTITIES[name];
    if (decoded === undefined) {
      out += '&';
      i = amp + 1;
    } else {
      out += decoded;
      i = semi + 1;
    }
  }
  return out;
}

const isNameEnd = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 47 || c === 62;

/** Runs of text, paragraph ends, tabs and breaks, in document order; one pass, each character read once or twice. */
function* wordRuns(xml: string, sink: TextSink): Work {
  const n = xml.length;
  let i = 0;
  let inText = false;
  let tokens = 0;
  while (i < n && !sink.full) {
    if (++tokens % 2048 === 0) yield;
    const lt = xml.indexOf('<', i);
    const textEnd = lt < 0 ? n : lt;
    if (inText && textEnd > i) sink.push(decodeXml(xml, i, textEnd));
    if (lt < 0) return;
    if (xml.startsWith('<!--', lt) || xml.startsWith('<![CDATA[', lt) || xml.startsWith('<?', lt) || xml.startsWith('<!', lt)) {
      const [close, skip] = xml.startsWith('<!--', lt) ? ['-->', 4] : xml.startsWith('<![CDATA[', lt) ? [']]>', 9] : ['>', 2];
      const end = xml.indexOf(close, lt + skip);
      if (end < 0) return; // unterminated: the rest is not markup we can read
      if (inText && skip === 9) sink.push(xml.slice(lt + 9, end));
      i = end + close.length;
      continue;
    }
    let j = lt + 1;
    const closing = xml.charCodeAt(j) === 47;
    if (closing) j++;
    const nameStart = j;
    while (j < n && !isNameEnd(xml.charCodeAt(j))) j++;
    const name = xml.slice(nameStart, j);
    // to the tag's '>', outside quoted attribute values; no '>' means the rest is one broken tag
    let quote = 0;
    let attributes = false;
    for (; j < n; j++) {
      const c = xml.charCodeAt(j);
      if (quote) {
        if (c === quote) quote = 0;
      } else if (c === 62) break;
      else if (c === 34 || c === 39) quote = c;
      else if (c !== 47 && c !== 32 && c !== 9 && c !== 10 && c !== 13) attributes = true;
    }
    if (j >= n) return;
    const selfClosing = xml.charCodeAt(j - 1) === 47;
    if (name === 'w:t') inText = !closing && !selfClosing;
    else if (closing && name === 'w:p') sink.push('\n');
    // a bare <w:tab/> is a tab character; with attributes it is a tab stop (<w:tabs>), not text
    else if (!closing && name === 'w:tab' && !attributes) sink.push('\t');
    else if (!closing && name === 'w:br') sink.push('\n');
    i = j + 1;
  }
}

function* docxText(bytes: Uint8Array, sink: TextSink, limits: ExtractionLimits): Work {
  // the last entry of that name, as unzipping all of them in order would leave
  const entry = zipEntries(bytes)
    .filter((f) => f.name === 'word/document.xml')
    .at(-1);
  if (!entry) return;
  yield;
  const xml = readZipEntry(bytes, entry, zipBudget(limits.maxInflatedBytes, limits.maxInflatedBytes));
  yield;
  yield* wordRuns(new TextDecoder('utf-8').decode(xml), sink);
}

// ---- pdf ----

/** A stream's dictionary is read from at most this far before its `stream` keyword. */
const MAX_DICT_BYTES = 4096;
const isWordByte = (c: number | undefined) => c !== undefined && ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95);

/** The stream's /Filter: '' for none, 'flate' for FlateDecode alone, 'other' for anything else. */
function filterOf(dict: string): '' | 'flate' | 'other' {
  const at = dict.indexOf('/Filter');
  if (at < 0) return '';
  let i = at + 7;
  while (i < dict.length && /\s/.test(dict[i])) i++;
  let value: string;
  if (dict[i] === '[') {
    const end = dict.indexOf(']', i);
    value = end < 0 ? dict.slice(i + 1) : dict.slice(i + 1, end);
  } else {
    let j = i + 1;
    while (j < dict.length && isWordByte(dict.charCodeAt(j))) j++;
    value = dict.slice(i, j);
  }
  return value.trim() === '/FlateDecode' ? 'flate' : 'other';
}

/**
 * The content streams, one pass: each `stream` keyword, its data up to the next `endstream` (the scan
 * goes on after it, so no byte is searched twice), its dictionary read from a bounded window after the
 * previous stream. Fonts, images, object and xref streams carry /Length1, /Subtype, /Type or
 * /DecodeParms; page content streams do not.
 */
function* pdfText(pdf: Buffer, sink: TextSink, limits: ExtractionLimits): Work {
  let pos = 0;
  let previousEnd = 0;
  let inflated = 0;
  while (!sink.full) {
    const keyword = pdf.indexOf('stream', pos, 'latin1');
    if (keyword < 0) return;
    pos = keyword + 6;
    if (isWordByte(pdf[keyword - 1])) continue; // endstream, or a word that ends in "stream"
    let start = pos;
    if (pdf[start] === 13 && pdf[start + 1] === 10) start += 2;
    else if (pdf[start] === 10 || pdf[start] === 13) start += 1;
    else continue;
    const end = pdf.indexOf('endstream', start, 'latin1');
    if (end < 0) return;
    const window = pdf.toString('latin1', Math.max(previousEnd, keyword - MAX_DICT_BYTES), keyword);
    const dict = window.slice(Math.max(0, window.lastIndexOf('obj')));
    pos = previousEnd = end + 9;
    yield;
    if (/\/(Length1|Length2|Subtype|Type|DecodeParms)\b/.test(dict)) continue;
    const filter = filterOf(dict);
    if (filter === 'other') continue;
    let content = pdf.subarray(start, end);
    if (filter === 'flate') {
      try {
        content = inflateSync(content, { maxOutputLength: Math.max(1, limits.maxInflatedBytes - inflated), finishFlush: 2 /* Z_SYNC_FLUSH: tolerate a truncated end */ });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new OverBudget();
        continue; // a damaged stream: skip it
      }
      inflated += content.length;
      yield;
    }
    yield* showText(content.toString('latin1'), sink);
    sink.push('\n');
  }
}

const OCTAL = /^[0-7]$/;
const ESCAPES: Partial<Record<string, string>> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '(': '(', ')': ')', '\\': '\\' };

/** A PDF literal string `( ... )` starting at `i` (just after the parenthesis), at most `max` characters kept; answers it and where it ended. */
function literalString(s: string, i: number, max: number): [string, number] {
  let out = '';
  let depth = 1;
  const add = (c: string) => {
    if (out.length < max) out += c;
  };
  for (; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') {
      const next = s[i + 1] ?? '';
      const escaped = ESCAPES[next];
      if (escaped !== undefined) {
        add(escaped);
        i++;
      } else if (OCTAL.test(next)) {
        let digits = 1;
        while (digits < 3 && OCTAL.test(s[i + 1 + digits] ?? '')) digits++;
        add(String.fromCharCode(parseInt(s.slice(i + 1, i + 1 + digits), 8) & 0xff));
        i += digits;
      } else if (next === '\r' || next === '\n') {
        i += next === '\r' && s[i + 2] === '\n' ? 2 : 1;
      } else {
        add(next);
        i++;
      }
    } else if (c === '(') {
      depth++;
      add(c);
    } else if (c === ')') {
      if (--depth === 0) return [out, i + 1];
      add(c);
    } else add(c);
  }
  return [out, i];
}

const isPdfSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9 || c === 12 || c === 0;
const isHex = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
const isDelimiter = (c: number) => isPdfSpace(c) || c === 47 || c === 91 || c === 93 || c === 40 || c === 41 || c === 60 || c === 62 || c === 123 || c === 125 || c === 37;
const isNumberChar = (c: number) => (c >= 48 && c <= 57) || c === 46 || c === 45 || c === 43;
const isOperatorChar = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 39 || c === 34 || c === 42;

function hexString(s: string, from: number, to: number): string {
  let digits = '';
  for (let i = from; i < to; i++) if (isHex(s.charCodeAt(i))) digits += s[i];
  return Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex').toString('latin1');
}

/** Reads the text-showing operators of one content stream: one pass over its tokens. */
function* showText(s: string, sink: TextSink): Work {
  const max = MAX_EXTRACTED_CHARS * 4;
  const operands: string[] = [];
  let inArray = false;
  let arrayText = '';
  let lastNumber = 0;
  let tokens = 0;
  const operand = (text: string) => {
    if (inArray) {
      if (arrayText.length < max) arrayText += text;
    } else {
      if (operands.length >= 8) operands.shift();
      operands.push(text);
    }
  };
  for (let i = 0; i < s.length && !sink.full;) {
    if (++tokens % STEP === 0) yield;
    const c = s.charCodeAt(i);
    if (isPdfSpace(c)) {
      i++;
      continue;
    }
    if (c === 40) {
      // (
      const [text, end] = literalString(s, i + 1, max);
      operand(text);
      i = end;
    } else if (c === 60) {
      // <
      if (s.charCodeAt(i + 1) === 60) {
        i += 2;
        continue;
      } // << dictionary
      let j = i + 1;
      while (j < s.length && (isHex(s.charCodeAt(j)) || isPdfSpace(s.charCodeAt(j)))) j++;
      if (s.charCodeAt(j) === 62) operand(hexString(s, i + 1, j));
      i = s.charCodeAt(j) === 62 ? j + 1 : j;
    } else if (c === 91) {
      inArray = true;
      arrayText = '';
      i++;
    } else if (c === 93) {
      if (inArray) {
        inArray = false;
        operands.push(arrayText);
      }
      i++;
    } else if (isNumberChar(c)) {
      let j = i + 1;
      while (j < s.length && isNumberChar(s.charCodeAt(j))) j++;
      const n = Number(s.slice(i, j));
      // a large negative kerning inside TJ is a word gap
      if (inArray && n < -200) {
        if (arrayText.length < max) arrayText += ' ';
      } else if (!inArray && Number.isFinite(n)) lastNumber = n;
      i = j;
    } else if (c === 47) {
      // a name: skipped
      let j = i + 1;
      while (j < s.length && !isDelimiter(s.charCodeAt(j))) j++;
      i = j;
    } else if (c === 37) {
      // a comment, to the end of the line
      let j = i + 1;
      while (j < s.length && s.charCodeAt(j) !== 10 && s.charCodeAt(j) !== 13) j++;
      i = j;
    } else if (isOperatorChar(c)) {
      let j = i + 1;
      while (j < s.length && (isOperatorChar(s.charCodeAt(j)) || (s.charCodeAt(j) >= 48 && s.charCodeAt(j) <= 57))) j++;
      const op = s.slice(i, j);
      if (op === 'Tj' || op === 'TJ') sink.push(operands.pop() ?? '');
      else if (op === "'" || op === '"') sink.push(`\n${operands.pop() ?? ''}`);
      else if (op === 'T*' || op === 'ET') sink.push('\n');
      else if ((op === 'Td' || op === 'TD') && lastNumber !== 0) sink.push('\n');
      operands.length = 0;
      lastNumber = 0;
      i = j;
    } else i++;
  }
}
