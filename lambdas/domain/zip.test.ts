import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { readZipEntry, zipEntries } from './zip.js';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const archive = () =>
  zipSync({
    'word/document.xml': [strToU8('<w:t>deflated</w:t>'.repeat(50)), { level: 6 }],
    'stored.txt': [strToU8('as is'), { level: 0 }],
    'dossier/é.txt': strToU8('utf-8 name'),
  });

describe('zip reader', () => {
  it('lists the central directory and reads stored and deflated entries', () => {
    const zip = archive();
    const entries = zipEntries(zip);
    expect(entries.map((e) => [e.name, e.compression])).toEqual([
      ['word/document.xml', 8],
      ['stored.txt', 0],
      ['dossier/é.txt', 8],
    ]);
    expect(text(readZipEntry(zip, entries[0]!))).toBe('<w:t>deflated</w:t>'.repeat(50));
    expect(entries[0]!.originalSize).toBe(19 * 50);
    expect(text(readZipEntry(zip, entries[1]!))).toBe('as is');
    expect(text(readZipEntry(zip, entries[2]!))).toBe('utf-8 name');
  });

  it('finds the directory behind an archive comment', () => {
    const zip = zipSync({ 'a.txt': strToU8('a') }, { comment: 'x'.repeat(1000) });
    expect(zipEntries(zip).map((e) => e.name)).toEqual(['a.txt']);
  });

  it('throws for a truncated or non-zip file, an unknown method, and data longer than the directory says', () => {
    const zip = archive();
    expect(() => zipEntries(zip.subarray(0, zip.length - 30))).toThrow();
    expect(() => zipEntries(new Uint8Array(10))).toThrow();
    expect(() => zipEntries(strToU8('PK\x03\x04 broken'))).toThrow();
    const [deflated] = zipEntries(zip);
    expect(() => readZipEntry(zip, { ...deflated!, compression: 12 })).toThrow(/method 12/);
    expect(() => readZipEntry(zip, { ...deflated!, originalSize: 10 })).toThrow();
  });

  it('reads an empty archive as no entries', () => {
    expect(zipEntries(zipSync({}))).toEqual([]);
  });
});
