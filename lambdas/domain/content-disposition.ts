/**
 * A Content-Disposition header that is safe whatever the file is called (RFC 6266): an ASCII
 * `filename` fallback for old clients, and the exact name as `filename*=UTF-8''...` (RFC 8187),
 * which browsers prefer. Quotes, backslashes, control characters and path separators never reach
 * the header unescaped, so a name cannot break out of it or inject another parameter.
 */
export type Disposition = 'attachment' | 'inline';

/** RFC 8187 attr-char: everything else is percent-encoded (encodeURIComponent leaves ' ( ) * ! as they are). */
const encodeExtValue = (name: string) => encodeURIComponent(name).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function asciiFallback(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\/%;]/g, '_')
    .trim();
  return ascii || 'download';
}

export function contentDisposition(fileName: string, disposition: Disposition = 'attachment'): string {
  const name = (fileName.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim() || 'download';
  return `${disposition}; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeExtValue(name)}`;
}
