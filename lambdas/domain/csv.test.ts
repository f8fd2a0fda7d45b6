import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.js';

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF or LF, and skips blank lines', () => {
    expect(parseCsv('\uFEFFa,b,c\r\n"x, y","say ""hi""","line\nbreak"\n\n1,,3')).toEqual([
      ['a', 'b', 'c'], ['x, y', 'say "hi"', 'line\nbreak'], ['1', '', '3'],
    ]);
  });

  it('refuses a file that ends inside quotes', () => {
    expect(() => parseCsv('a,"b')).toThrow(RangeError);
  });
});
