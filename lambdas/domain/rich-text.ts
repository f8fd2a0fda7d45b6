/**
 * The simple formatting of announcements, parsed once and shared: the server renders it to the
 * email's HTML and text, the SPA renders the same blocks as React elements (never as HTML). The
 * subset is what a staff member types without a toolbar: blank lines between paragraphs, `- `
 * or `* ` at the start of a line for a bullet, `**bold**`, `*italic*`, and https links written out.
 * Anything else is text, so no input can inject markup.
 */
export interface Inline {
  text: string;
  bold?: boolean;
  italic?: boolean;
  /** An https URL: the text is a link to it. */
  href?: string;
}

export type Block = { kind: 'paragraph'; lines: Inline[][] } | { kind: 'list'; items: Inline[][] };

const BULLET = /^\s*[-*]\s+/;
const URL = /https:\/\/[^\s<>"')\]]+[^\s<>"')\].,;:!?]/g;

/** Splits a line into runs: `**bold**`, then `*italic*`, then links within each run. */
export function parseInline(line: string): Inline[] {
  const out: Inline[] = [];
  const emphasis = /\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*/g;
  let at = 0;
  for (const m of line.matchAll(emphasis)) {
    if (m.index > at) out.push(...links(line.slice(at, m.index), {}));
    out.push(...links(m[1] ?? m[2] ?? '', m[1] !== undefined ? { bold: true } : { italic: true }));
    at = m.index + m[0].length;
  }
  if (at < line.length) out.push(...links(line.slice(at), {}));
  return out;
}

function links(text: string, style: Pick<Inline, 'bold' | 'italic'>): Inline[] {
  const out: Inline[] = [];
  let at = 0;
  for (const m of text.matchAll(URL)) {
    if (m.index > at) out.push({ text: text.slice(at, m.index), ...style });
    out.push({ text: m[0], href: m[0], ...style });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at), ...style });
  return out;
}

export function parseRichText(source: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of source.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk.split('\n').filter((l) => l.trim() !== '');
    let paragraph: Inline[][] = [];
    let list: Inline[][] = [];
    const flush = () => {
      if (paragraph.length) blocks.push({ kind: 'paragraph', lines: paragraph });
      if (list.length) blocks.push({ kind: 'list', items: list });
      paragraph = [];
      list = [];
    };
    for (const line of lines) {
      if (BULLET.test(line)) {
        if (paragraph.length) flush();
        list.push(parseInline(line.replace(BULLET, '').trim()));
      } else {
        if (list.length) flush();
        paragraph.push(parseInline(line.trim()));
      }
    }
    flush();
  }
  return blocks;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function inlineHtml(runs: Inline[]): string {
  return runs
    .map((r) => {
      let html = escapeHtml(r.text);
      if (r.href) html = `<a href="${escapeHtml(r.href)}">${html}</a>`;
      if (r.italic) html = `<em>${html}</em>`;
      if (r.bold) html = `<strong>${html}</strong>`;
      return html;
    })
    .join('');
}

/** The blocks as HTML for an email body: every character of the source escaped. */
export function richTextToHtml(blocks: Block[]): string {
  return blocks
    .map((b) =>
      b.kind === 'paragraph'
        ? `<p style="margin:0 0 12px">${b.lines.map(inlineHtml).join('<br>')}</p>`
        : `<ul style="margin:0 0 12px;padding-left:20px">${b.items.map((i) => `<li>${inlineHtml(i)}</li>`).join('')}</ul>`,
    )
    .join('\n');
}

/** The blocks as plain text (the email's text part): emphasis dropped, bullets kept. */
export function richTextToPlain(blocks: Block[]): string {
  const line = (runs: Inline[]) => runs.map((r) => r.text).join('');
  return blocks.map((b) => (b.kind === 'paragraph' ? b.lines.map(line).join('\n') : b.items.map((i) => `- ${line(i)}`).join('\n'))).join('\n\n');
}
