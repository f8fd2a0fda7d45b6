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
    const c = input[i]!;
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') { field += '"'; i++; }
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') { row.push(field); field = ''; }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      row.push(field); rows.push(row); row = []; field = '';
    } else field += c;
  }
  if (quoted) throw new RangeError('The file ends inside a quoted field');
  if (field !== '' || row.length > 0) { row.push(field); rows.push(row); }
  // blank lines carry nothing
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}
