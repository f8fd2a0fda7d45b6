/** The spec's preview zoom: 50-200 percent in steps of 25, starting at 100. */
export const ZOOM = { min: 50, max: 200, step: 25, initial: 100 } as const;
export const zoomIn = (zoom: number) => Math.min(ZOOM.max, zoom + ZOOM.step);
export const zoomOut = (zoom: number) => Math.max(ZOOM.min, zoom - ZOOM.step);

/** How the preview dialog shows a file type (spec: Document preview dialog). */
export type PreviewKind = 'image' | 'pdf' | 'office' | 'text' | 'other';

const KINDS: Record<string, PreviewKind> = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  pdf: 'pdf',
  doc: 'office',
  docx: 'office',
  xls: 'office',
  xlsx: 'office',
  ppt: 'office',
  pptx: 'office',
  txt: 'text',
};

export const previewKindOf = (fileType: string): PreviewKind => KINDS[fileType.toLowerCase()] ?? 'other';

/** The pdf viewer's zoom parameter. */
export const pdfSource = (url: string, zoom: number) => `${url}#zoom=${zoom}`;

/** Hosts only this machine or a private network can reach (RFC 1918, loopback, link-local, unique local, .local/.internal names). */
function isPrivateHost(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost') || name.endsWith('.local') || name.endsWith('.internal') || (!name.includes('.') && !name.includes(':'))) return true;
  const ipv4 = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(name);
  if (ipv4) {
    const [a, b] = [Number(ipv4[1]), Number(ipv4[2])];
    return a === 10 || a === 127 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127);
  }
  // IPv6: loopback, unspecified, unique local (fc00::/7), link-local (fe80::/10)
  return name === '::1' || name === '::' || /^f[cd][0-9a-f]{2}:/.test(name) || /^fe[89ab][0-9a-f]:/.test(name);
}

/**
 * Whether Microsoft's online viewer can open this file URL: it fetches the URL from Microsoft's own
 * servers, so only an https URL on a public host, on the default port, can work. A presigned S3 URL of
 * the private bucket can (the signature is the permission, while it lasts); anything local (localhost,
 * 127.0.0.1, private addresses, a host with a port) or plain http cannot, and the viewer would show a
 * broken frame.
 */
export function viewerCanReach(url: string, base = window.location.href): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    return false;
  }
  return parsed.protocol === 'https:' && parsed.port === '' && !isPrivateHost(parsed.hostname);
}

/** Microsoft's online viewer for office files, for a URL it can reach (viewerCanReach). */
export const officeViewerSource = (url: string) => `https://view.officeapps.live.com/op/embed.aspx?src=${encodeURIComponent(new URL(url, window.location.href).href)}`;
