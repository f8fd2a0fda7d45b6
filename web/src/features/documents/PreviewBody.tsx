import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DocumentDto } from '#contract/documents';
import { NO_PREVIEW, officeTextOnly, officeTextMissing, previewNotAvailable } from './documentMessages';
import { officeViewerSource, pdfSource, previewKindOf, viewerCanReach } from './previewKind';

interface Props {
  doc: DocumentDto;
  /** The inline download URL (5 minutes). */
  url: string;
  zoom: number;
  onDownload: () => void;
}

const frameStyle = { width: '100%', height: '65vh', border: 0 } as const;

/** Extracted text, as the document's own lines. */
function TextBlock({ text, zoom, label }: { text: string; zoom: number; label: string }) {
  return (
    <Box component="pre" aria-label={label} sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', fontSize: `${zoom}%`, bgcolor: 'grey.100', p: 2, m: 0, borderRadius: 1 }}>
      {text}
    </Box>
  );
}

/** The file itself, by type (spec: Document preview dialog). */
export function PreviewBody({ doc, url, zoom, onDownload }: Props) {
  const previewText = doc.preview_text ?? doc.extracted_text;
  switch (previewKindOf(doc.file_type)) {
    case 'image':
      return (
        <Box sx={{ overflow: 'auto', textAlign: 'center' }}>
          <img src={url} alt={doc.title} style={{ width: `${zoom}%`, maxWidth: 'none' }} />
        </Box>
      );
    case 'pdf':
      // a new frame per zoom: the viewer reads #zoom only when it loads
      return <iframe key={zoom} src={pdfSource(url, zoom)} title={`${doc.title} (PDF preview)`} style={frameStyle} />;
    case 'office': {
      if (viewerCanReach(url)) {
        return (
          <Stack spacing={2}>
            <iframe src={officeViewerSource(url)} title={`${doc.title} (online viewer)`} style={frameStyle} />
            {previewText && <TextBlock text={previewText} zoom={zoom} label="Preview text" />}
          </Stack>
        );
      }
      // the online viewer could not fetch this URL (a local or private address): the text we read, and the file itself
      const text = doc.extracted_text ?? doc.preview_text;
      return (
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Typography sx={{ flexGrow: 1 }}>{text ? officeTextOnly(doc.file_type) : officeTextMissing(doc.file_type)}</Typography>
            <Button variant="contained" startIcon={<DownloadIcon />} onClick={onDownload} sx={{ flexShrink: 0 }}>
              Download to View
            </Button>
          </Stack>
          {text && <TextBlock text={text} zoom={zoom} label="Document text" />}
        </Stack>
      );
    }
    case 'text': {
      const text = doc.extracted_text ?? doc.preview_text;
      return text ? <TextBlock text={text} zoom={zoom} label="Document text" /> : <Typography>{NO_PREVIEW}</Typography>;
    }
    case 'other':
      return (
        <Stack spacing={2} sx={{ alignItems: 'center', py: 2 }}>
          <Typography>{previewNotAvailable(doc.file_type)}</Typography>
          {previewText && <TextBlock text={previewText} zoom={zoom} label="Preview text" />}
          <Button variant="contained" onClick={onDownload}>
            Download to View
          </Button>
        </Stack>
      );
  }
}
