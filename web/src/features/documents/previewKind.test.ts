import { describe, expect, it } from 'vitest';
import { viewerCanReach } from './previewKind';

describe("viewerCanReach: where Microsoft's online viewer can fetch an office file", () => {
  it('accepts https URLs on public hosts, presigned S3 URLs of a private bucket included', () => {
    for (const url of [
      'https://portal-docs.s3.us-east-1.amazonaws.com/documents/d1/a.docx?X-Amz-Signature=abc',
      'https://portal.example.edu/local/s3/bucket/documents/d1/a.docx',
      'https://8.8.8.8/a.docx',
    ])
      expect(viewerCanReach(url), url).toBe(true);
  });

  it('refuses anything local, private, on a port, not https, or not a URL', () => {
    for (const url of [
      'http://localhost:4173/local/s3/bucket/documents/d1/a.docx',
      'https://localhost/a.docx',
      'http://127.0.0.1:9000/a.docx',
      'https://127.0.0.1/a.docx',
      'https://10.0.0.5/a.docx',
      'https://172.20.1.1/a.docx',
      'https://192.168.1.10/a.docx',
      'https://169.254.169.254/a.docx',
      'https://[::1]/a.docx',
      'https://[fd12:3456::1]/a.docx',
      'https://portal.local/a.docx',
      'https://intranet/a.docx',
      'https://portal.example.edu:8443/a.docx',
      'http://portal.example.edu/a.docx',
      'ftp://portal.example.edu/a.docx',
    ])
      expect(viewerCanReach(url), url).toBe(false);
    // a relative link is read against the page, here jsdom's http://localhost
    expect(viewerCanReach('/local/s3/bucket/a.docx')).toBe(false);
    expect(viewerCanReach('/local/s3/bucket/a.docx', 'https://portal.example.edu/documents')).toBe(true);
  });
});
