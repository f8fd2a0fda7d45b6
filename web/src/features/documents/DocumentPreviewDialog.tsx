import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { DocumentDto } from '#contract/documents';
import { useCurrentUser } from '#shared/session/currentUser';
import { NO_PREVIEW, NO_TOKEN, NOT_PREVIEWABLE, PREVIEW_FAILED, PREVIEW_LOADING } from './documentMessages';
import { cohortFooter, fileTypeLabel, uploadedLine } from './documentFormat';
import { useGetDownloadUrlMutation } from './documentsApi';
import { PreviewBody } from './PreviewBody';
import { ZOOM, zoomIn, zoomOut } from './previewKind';

type Preview = { state: 'loading' } | { state: 'ready'; url: string } | { state: 'failed'; message: string; severity: 'error' | 'warning' };

interface Props {
  doc: DocumentDto;
  onDownload: (doc: DocumentDto) => void;
  onClose: () => void;
}

/**
 * The preview dialog of the spec: title, file-type chip, zoom (50-200 in steps of 25), Download and
 * Close; the file by type; a footer with the cohort and who uploaded it when. The file comes through
 * a fresh inline link from the download endpoint (the bucket is private).
 */
export function DocumentPreviewDialog({ doc, onDownload, onClose }: Props) {
  const signedIn = Boolean(useCurrentUser()?.token);
  const [getUrl] = useGetDownloadUrlMutation();
  const [zoom, setZoom] = useState<number>(ZOOM.initial);
  const [preview, setPreview] = useState<Preview>({ state: 'loading' });

  useEffect(() => {
    if (!signedIn) return setPreview({ state: 'failed', message: NO_TOKEN, severity: 'error' });
    if (!doc.s3_key) return setPreview({ state: 'failed', message: NOT_PREVIEWABLE, severity: 'warning' });
    let current = true;
    getUrl({ id: doc.id, disposition: 'inline' })
      .unwrap()
      .then((answer) => current && setPreview({ state: 'ready', url: answer.download_url }))
      .catch(() => current && setPreview({ state: 'failed', message: PREVIEW_FAILED, severity: 'error' }));
    return () => {
      current = false;
    };
  }, [signedIn, doc.id, doc.s3_key, getUrl]);

  const download = () => onDownload(doc);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="document-preview-title">
      <DialogTitle id="document-preview-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Box component="span" sx={{ flexGrow: 1 }}>
          {doc.title}
        </Box>
        <Chip size="small" label={fileTypeLabel(doc.file_type)} />
        <IconButton aria-label="Zoom out" disabled={zoom <= ZOOM.min} onClick={() => setZoom(zoomOut)}>
          <ZoomOutIcon />
        </IconButton>
        <Typography component="span" aria-live="polite">
          {zoom}%
        </Typography>
        <IconButton aria-label="Zoom in" disabled={zoom >= ZOOM.max} onClick={() => setZoom(zoomIn)}>
          <ZoomInIcon />
        </IconButton>
      </DialogTitle>
      {/* Focusable: the content may scroll, and keyboard users must reach it even when nothing in it takes focus. */}
      <DialogContent dividers tabIndex={0}>
        {preview.state === 'loading' && <Typography role="status">{PREVIEW_LOADING}</Typography>}
        {preview.state === 'failed' && <Alert severity={preview.severity}>{preview.message}</Alert>}
        {preview.state === 'ready' && (preview.url ? <PreviewBody doc={doc} url={preview.url} zoom={zoom} onDownload={download} /> : <Typography>{NO_PREVIEW}</Typography>)}
      </DialogContent>
      <Box component="footer" sx={{ px: 3, pt: 1, color: 'text.secondary' }}>
        {doc.cohort_details && <Typography variant="body2">Cohort: {cohortFooter(doc.cohort_details)}</Typography>}
        <Typography variant="body2">{uploadedLine(doc)}</Typography>
        {/* stored without text when reading it did not finish in its budget */}
        {doc.text_status === 'not_extracted' && (
          <Typography variant="body2" title={doc.text_status_reason ?? undefined}>
            Text not extracted{doc.text_status_reason ? `: ${doc.text_status_reason}` : ''}
          </Typography>
        )}
      </Box>
      <DialogActions>
        <Button startIcon={<DownloadIcon />} onClick={download}>
          Download
        </Button>
        <Button startIcon={<CloseIcon />} onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
