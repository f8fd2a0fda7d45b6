/** Spec section 9: preview zoom 50-200 percent in steps of 25, starting at 100. */
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

/**
 * Office files go through Microsoft's online viewer, which fetches the file itself: it needs an
 * absolute URL and cannot reach one on a local machine (the preview text below still helps then).
 */
export const officeViewerSource = (url: string) =>
  `https://view.officeapps.live.com/op/embed.aspx?src=${encodeURIComponent(new URL(url, window.location.href).href)}`;
