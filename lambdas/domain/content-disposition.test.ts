import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition.js';

describe('Content-Disposition', () => {
  it('names a plain file both ways', () => {
    expect(contentDisposition('syllabus.pdf')).toBe(`attachment; filename="syllabus.pdf"; filename*=UTF-8''syllabus.pdf`);
    expect(contentDisposition('syllabus.pdf', 'inline')).toMatch(/^inline; /);
  });

  it('keeps the exact name in filename* (RFC 8187) and an ASCII fallback', () => {
    expect(contentDisposition('Résumé 2026.pdf')).toBe(`attachment; filename="Resume 2026.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%202026.pdf`);
    expect(contentDisposition('日本.txt')).toBe(`attachment; filename="__.txt"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.txt`);
  });

  it('never lets a name break out of the header', () => {
    const header = contentDisposition('a"; filename=evil.exe\r\nX-Injected: 1 (copy)*\'.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.match(/"/g)).toHaveLength(2);
    expect(header).toContain(`filename*=UTF-8''a%22%3B%20filename%3Devil.exeX-Injected%3A%201%20%28copy%29%2A%27.pdf`);
    expect(contentDisposition('../../secret.txt')).toContain('filename="secret.txt"');
    expect(contentDisposition('')).toBe(`attachment; filename="download"; filename*=UTF-8''download`);
  });
});
