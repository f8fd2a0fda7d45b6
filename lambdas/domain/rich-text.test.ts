import { describe, expect, it } from 'vitest';
import { parseRichText, richTextToHtml, richTextToPlain } from './rich-text.js';

describe('announcement formatting', () => {
  it('splits paragraphs on blank lines and keeps line breaks within one', () => {
    expect(parseRichText('First line\nsecond line\n\nNext paragraph')).toEqual([
      { kind: 'paragraph', lines: [[{ text: 'First line' }], [{ text: 'second line' }]] },
      { kind: 'paragraph', lines: [[{ text: 'Next paragraph' }]] },
    ]);
  });

  it('makes "- " and "* " lines a list, and a list may follow a paragraph without a blank line', () => {
    expect(parseRichText('Bring:\n- your badge\n* a pen')).toEqual([
      { kind: 'paragraph', lines: [[{ text: 'Bring:' }]] },
      { kind: 'list', items: [[{ text: 'your badge' }], [{ text: 'a pen' }]] },
    ]);
  });

  it('reads **bold**, *italic* and https links, and leaves other URLs as text', () => {
    expect(parseRichText('**Due** *Friday* at https://school.edu/forms. Not http://x.test')).toEqual([
      {
        kind: 'paragraph',
        lines: [
          [
            { text: 'Due', bold: true },
            { text: ' ' },
            { text: 'Friday', italic: true },
            { text: ' at ' },
            { text: 'https://school.edu/forms', href: 'https://school.edu/forms' },
            { text: '. Not http://x.test' },
          ],
        ],
      },
    ]);
  });

  it('escapes every character of the source in HTML: markup typed in is shown, not run', () => {
    const html = richTextToHtml(parseRichText('<script>alert(1)</script> & "quotes"\n- <b>x</b>'));
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
    expect(html).toContain('<li>&lt;b&gt;x&lt;/b&gt;</li>');
  });

  it('renders emphasis and links as HTML, and drops them in the plain text', () => {
    const blocks = parseRichText('**Clinicals** start *Monday*\n\n- see https://school.edu');
    expect(richTextToHtml(blocks)).toContain('<strong>Clinicals</strong> start <em>Monday</em>');
    expect(richTextToHtml(blocks)).toContain('<a href="https://school.edu">https://school.edu</a>');
    expect(richTextToPlain(blocks)).toBe('Clinicals start Monday\n\n- see https://school.edu');
  });
});
