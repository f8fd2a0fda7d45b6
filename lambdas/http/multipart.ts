/**
 * multipart/form-data bodies (busboy). API Gateway hands them to the Lambda base64-encoded, so this
 * reads the raw event body rather than `req.body` (decoded as UTF-8 text, which would corrupt files).
 */
import busboy from 'busboy';
import { Invalid, TooLarge } from '../domain/errors.js';
import type { ApiRequest } from './types.js';

export interface MultipartFile {
  /** The form field it came in. */
  field: string;
  fileName: string;
  bytes: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: MultipartFile[];
}

/** The HTML standard has browsers write `"`, CR and LF in file names as %22, %0D, %0A; undo exactly that. */
const browserFileName = (name: string) => name.replace(/%22/g, '"').replace(/%0D/gi, '\r').replace(/%0A/gi, '\n');

export const isMultipart = (req: ApiRequest) => /^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '');

/** Parses the whole body; a file above `maxFileBytes` is a 413, more than `maxFiles` files a 400. */
export function parseMultipart(req: ApiRequest, opts: { maxFileBytes: number; maxFiles?: number }): Promise<MultipartForm> {
  const { body, isBase64Encoded } = req.event;
  const raw = body === undefined || body === null ? Buffer.alloc(0) : Buffer.from(body, isBase64Encoded ? 'base64' : 'utf8');
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        // browsers send file names as raw UTF-8 (busboy's default is Latin-1)
        defParamCharset: 'utf8',
        limits: { fileSize: opts.maxFileBytes, files: opts.maxFiles ?? 1, fields: 50, fieldSize: 64 * 1024 },
      });
    } catch {
      reject(new Invalid('body: is not a valid multipart form (missing boundary)'));
      return;
    }
    const form: MultipartForm = { fields: {}, files: [] };
    let failure: Error | null = null;
    parser.on('field', (name, value) => {
      form.fields[name] = value;
    });
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      // a body cut off inside a file part fails the file's stream too: unheard, that error would be an
      // uncaught exception (a crashed Lambda, a 5xx) rather than this 400
      stream.on('error', () => {
        failure ??= new Invalid('file: the form ends in the middle of the file');
      });
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        failure ??= new TooLarge(`${field}: the file is larger than the ${opts.maxFileBytes / 1024 / 1024} MB limit`);
      });
      stream.on('end', () => form.files.push({ field, fileName: browserFileName(info.filename ?? ''), bytes: Buffer.concat(chunks) }));
    });
    parser.on('filesLimit', () => {
      failure ??= new Invalid('file: send one file per upload');
    });
    parser.on('error', () => reject(new Invalid('body: is not a valid multipart form')));
    parser.on('close', () => (failure ? reject(failure) : resolve(form)));
    parser.end(raw);
  });
}
