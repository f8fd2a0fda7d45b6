/**
 * The server's error wording, said as a sentence a person can act on. Our Lambdas name the field
 * first ("crn: ...", "file: ...", "items.0.amount: ..."), which helps a developer and an API client
 * but not a student or a registrar: nobody should read a field path. Known messages get a sentence
 * of their own; any other "field: rest" becomes "<Field> rest." or "Rest." (read by lib/serverError).
 */

/** What each allowed upload type is, as a person says it ("This file is not a PDF"). */
const FILE_KINDS: Readonly<Record<string, string>> = {
  pdf: 'a PDF',
  png: 'a PNG image',
  jpg: 'a JPEG image',
  jpeg: 'a JPEG image',
  doc: 'a Word document',
  docx: 'a Word document',
  xls: 'an Excel workbook',
  xlsx: 'an Excel workbook',
  ppt: 'a PowerPoint presentation',
  pptx: 'a PowerPoint presentation',
  txt: 'a text file',
  csv: 'a CSV file',
};

/** Fields whose name alone reads badly; the rest are their words ("credit_hours" is "Credit hours"). */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  body: 'The request',
  query: 'The search',
  path: 'The address',
  file: 'The file',
  file_size: 'The file',
  id: 'This record',
  crn: 'The CRN',
  cursor: 'The page link',
  'stripe-signature': 'The payment signature',
  totalcost: 'The total',
  upload_key: 'The uploaded file',
  from: 'The start date',
  to: 'The end date',
};

type Rule = [RegExp, (...parts: string[]) => string];

/** Messages with a sentence of their own, matched on the server's whole text (lambdas/...). */
const KNOWN: readonly Rule[] = [
  // lambdas/store/courses.ts
  [
    /^crn: (.+) is already used by (?:the course )?(.+?)\.?$/i,
    (crn, course) => (course === 'another course' ? `This CRN is already used by another course (CRN ${crn}).` : `This CRN is already used by ${course} (CRN ${crn}).`),
  ],
  // lambdas/domain/uploads.ts
  [/^[\w.]+: the content is of no known type, not a \.(\w+) file$/, (type) => `This file is not ${kindOf(type)}: its content is not of a known type.`],
  [/^[\w.]+: the content is (.+), not a \.(\w+) file$/, (what, type) => `This file is not ${kindOf(type)}: its content looks like ${what}.`],
  [/^[\w.]+: \.(\w+) files are not allowed \(allowed: (.+)\)$/, (ext, allowed) => `.${ext} files cannot be uploaded. Choose one of these types: ${allowed}.`],
  [/^[\w.]+: a file without an extension is not allowed \(allowed: (.+)\)$/, (allowed) => `The file name needs an extension. Choose one of these types: ${allowed}.`],
  // lambdas/functions/documents/acknowledge.ts
  [/^signature: must be your full name \((.+)\)$/, (name) => `Type your full name exactly: ${name}`],
];

const kindOf = (type: string) => FILE_KINDS[type.toLowerCase()] ?? `a .${type} file`;

/** A message zod wrote itself ("Invalid input: expected number, received string"), which needs its field. */
const ZOD_WORDING = /^(Invalid|Too small|Too big|Unrecognized key|Expected)/;
/** Rests that go after the field's name: "credit_hours: must be ..." is "Credit hours must be ...". */
const PREDICATE = /^(is|are|was|were|must|may|has|have|had|does|do|did|lists|can|cannot|should|needs?|expected|differs?|already)\b/;
/** Rests that are a sentence once capitalised: "file: the file is empty" is "The file is empty." */
const SELF_STANDING = /^(the|this|that|these|no|a|an|send|please|choose|enter|type|select|use|try)\b/i;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** "items.0.program_id" is "Program", "credit_hours" "Credit hours", "CRN" "The CRN". */
function labelOf(path: string): string {
  const last =
    path
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .at(-1) ?? path;
  const known = FIELD_LABELS[last.toLowerCase()];
  if (known) return known;
  const words = last
    .replace(/_id$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return capitalised(words);
}

/** A field path ahead of the message: a word, dots and digits, then ": " (never a sentence's own colon). */
const FIELD_PREFIX = /^([A-Za-z][\w-]*(?:\.[\w-]+)*): ([\s\S]+)$/;

export function plainError(text: string): string {
  const message = text.trim();
  for (const [pattern, say] of KNOWN) {
    const match = pattern.exec(message);
    if (match) return say(...match.slice(1));
  }
  const prefixed = FIELD_PREFIX.exec(message);
  if (!prefixed) return message;
  const [, path, rest] = prefixed as unknown as [string, string, string];
  const label = labelOf(path);
  // A sentence of its own ("Please select a cohort", spec texts among them) is kept word for word.
  if (/^[A-Z]/.test(rest) && !ZOD_WORDING.test(rest)) return rest;
  if (ZOD_WORDING.test(rest)) return `${label} is not valid (${rest.charAt(0).toLowerCase()}${rest.slice(1)}).`;
  if (PREDICATE.test(rest)) return sentence(`${label} ${rest}`);
  if (/^missing\b/.test(rest)) return sentence(`${label} is ${rest}`);
  if (SELF_STANDING.test(rest)) return sentence(capitalised(rest));
  // The rest starts with a value ("new.student is already taken"): name what it is, unless it says so itself.
  const firstWord = (rest.split(/\s/)[0] ?? '').toLowerCase();
  if (label.toLowerCase().split(' ').includes(firstWord)) return sentence(capitalised(rest));
  return sentence(`${label} ${rest}`);
}
