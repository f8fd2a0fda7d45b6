/**
 * A small RFC 4180 CSV reader (quoted fields, doubled quotes, commas and line breaks inside quotes,
 * CRLF or LF), so the import Lambda needs no CSV library. A byte-order mark is ignored.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (quoted) throw new RangeError('The file ends inside a quoted field');
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  // blank lines carry nothing
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

/**
 * A number our own code formatted: written as is, so a spreadsheet reads -12.50 as the number it is.
 * Only `csvNumber` makes one, from a finite JS number, so its text is digits (never user input).
 */
export class CsvNumber {
  /** @internal use `csvNumber` */
  constructor(readonly text: string) {}
}

/** A CSV cell: text (formulae escaped), a number, or a formatted number (both written raw); nothing is "". */
export type CsvCell = string | number | CsvNumber | null | undefined;

/** `value` with `fractionDigits` decimals ("-12.50"), written raw; a non-finite value is written as text. */
export function csvNumber(value: number, fractionDigits?: number): CsvCell {
  return Number.isFinite(value) ? new CsvNumber(fractionDigits === undefined ? String(value) : value.toFixed(fractionDigits)) : String(value);
}

const NUMBER_TEXT = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/;
/** What makes a spreadsheet read a cell (or, in a line-based reader, a line) as a formula; fullwidth forms too. */
const FORMULA_START = new Set(['=', '+', '-', '@', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);
const LINE_BREAK = new Set(['\n', '\r', '\v', '\f', '\u0085', '\u2028', '\u2029']);
const WHITESPACE = /\s/;

/**
 * OWASP CSV injection (https://owasp.org/www-community/attacks/CSV_Injection): a `'` goes before the
 * cell when it starts with a tab or carriage return, and before every line of it (the cell's first
 * line included) whose first non-whitespace character is `=`, `+`, `-` or `@`. One pass, linear.
 */
export function escapeFormula(text: string): string {
  const insertAt: number[] = [];
  if (text.startsWith('\t') || text.startsWith('\r')) insertAt.push(0);
  let lineStart = 0;
  let atLineHead = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (LINE_BREAK.has(c)) {
      if (c === '\r' && text[i + 1] === '\n') i++;
      lineStart = i + 1;
      atLineHead = true;
    } else if (atLineHead && !WHITESPACE.test(c)) {
      if (FORMULA_START.has(c) && insertAt[insertAt.length - 1] !== lineStart) insertAt.push(lineStart);
      atLineHead = false;
    }
  }
  if (insertAt.length === 0) return text;
  let out = '';
  let from = 0;
  for (const at of insertAt) {
    out += `${text.slice(from, at)}'`;
    from = at;
  }
  return out + text.slice(from);
}

/** RFC 4180: a field with `"`, `,`, CR or LF is quoted and its `"` doubled; escaped or space-edged ones too. */
function field(cell: CsvCell): string {
  if (cell instanceof CsvNumber && NUMBER_TEXT.test(cell.text)) return cell.text;
  if (typeof cell === 'number' && Number.isFinite(cell)) return String(cell);
  const raw = cell === null || cell === undefined ? '' : cell instanceof CsvNumber ? cell.text : String(cell);
  const text = escapeFormula(raw);
  const quote = text !== raw || /[",\r\n]/.test(text) || /^\s|\s$/.test(text);
  return quote ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * THE CSV writer of every export, web and server: a header row, then the rows, CRLF between records
 * (none after the last), every text cell formula-escaped and quoted per RFC 4180. No byte-order mark.
 */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<CsvCell>>): string {
  return [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n');
}
